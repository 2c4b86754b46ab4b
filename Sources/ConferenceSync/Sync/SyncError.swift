import Foundation
import Operations

/// Why a sync did not complete, beyond a failed feed (BackendError, FeedError) or store (DatabaseError).
public enum SyncError: Error, Equatable, Sendable {
    /// The server's config requires a newer wwdc.
    case upgradeRequired(minimum: String, current: String)
    /// Another sync holds the store's lock (when not waiting for it).
    case alreadyRunning(lockFile: String)
    /// Interrupted (SIGINT or SIGTERM) before the save step.
    case interrupted
    /// The config lists feeds, but no `contents` for the language synced.
    case contentsNotOffered(language: String)

    public var recoverySuggestion: String? {
        switch self {
        case .upgradeRequired: "Install a newer wwdc; the store was left as it was."
        case .alreadyRunning: "Wait for it to finish, or sync waiting for it."
        case .interrupted: "Nothing was changed; sync again."
        case .contentsNotOffered: "Choose a language the source offers, or check the source."
        }
    }
}

extension SyncError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .upgradeRequired(minimum, current):
            "this server requires wwdc \(minimum) or newer; this is \(current)"
        case let .alreadyRunning(lockFile):
            "another sync is running on this store (lock \(lockFile))"
        case .interrupted:
            "interrupted"
        case let .contentsNotOffered(language):
            "config.json offers no contents feed in '\(language)'"
        }
    }
}

/// A step that did not run because it does not apply (not logged in, say): not a failure.
public struct SkippedStep: SkipReason, Equatable, Sendable, CustomStringConvertible {
    /// What the person can do about it, for a program to word (naming its own way to do it).
    public enum Remedy: Sendable, Equatable {
        /// Log in again: the service no longer takes the saved login.
        case logInAgain
    }

    public var reason: String
    public var remedy: Remedy?
    /// What follows the remedy: what the skip leaves as it is ("; 2 changes stay here").
    public var note: String

    public init(reason: String, remedy: Remedy? = nil, note: String = "") {
        self.reason = reason
        self.remedy = remedy
        self.note = note
    }

    public var description: String { reason + (remedy == .logInAgain ? ": log in again" : "") + note }
}
