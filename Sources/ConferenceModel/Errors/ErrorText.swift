import Foundation
import SQLiteDatabase

/// How an error reads in its own words: one cleaned line (it may quote a feed or a server), and the
/// recovery suggestion when it has one. Those name no program's commands: a program that has them
/// words the errors itself (``ErrorWording``).
public enum ErrorText {
    /// The error's description, on one line.
    public static func message(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return Clean.line(storeMessage(error)) }
        return Clean.line((error as? LocalizedError)?.errorDescription ?? String(describing: error))
    }

    /// The error's recovery suggestion, on one line; nil when it has none.
    public static func hint(_ error: any Error) -> String? {
        if let error = error as? DatabaseError { return storeHint(error).map(Clean.line) }
        return (error as? LocalizedError)?.recoverySuggestion.map(Clean.line)
    }
}
