import Foundation

/// The person's editor could not give back a text: which program, from where its command line came
/// (`origin`, a name the program chose, such as a variable's), and why. Nothing was changed then.
public enum EditorError: Error, Equatable, Sendable {
    case notACommandLine(command: String, origin: String?)
    case notFound(program: String, origin: String?)
    case cannotStart(program: String, origin: String?, reason: String)
    case failed(program: String, status: Int32)
    case noFileLeft(program: String)
    case noPrivateFolder(base: String, reason: String)
}

extension EditorError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .notACommandLine(command, origin): "\(origin ?? "the editor") is not a command line: \(command)"
        case let .notFound(program, origin): "the editor '\(program)'\(Self.from(origin)) was not found"
        case let .cannotStart(program, origin, reason): "could not start the editor '\(program)'\(Self.from(origin)): \(reason)"
        case let .failed(program, status): "the editor '\(program)' exited with status \(status); the text was left as it was"
        case let .noFileLeft(program): "the editor '\(program)' left no file to read; the text was left as it was"
        case let .noPrivateFolder(base, reason): "cannot make a private folder for the text in \(base): \(reason)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notACommandLine: "Close its quotes."
        case .notFound, .cannotStart: "Choose an editor on your PATH."
        case .noPrivateFolder: "Set TMPDIR to a folder you can write to."
        case .failed, .noFileLeft: nil
        }
    }

    private static func from(_ origin: String?) -> String {
        origin.map { " (\($0))" } ?? ""
    }
}
