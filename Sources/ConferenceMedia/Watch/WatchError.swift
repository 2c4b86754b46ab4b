import Foundation

/// Why a session could not be played.
public enum WatchError: Error, Equatable, Sendable {
    /// Another process holds the player lock; `pid` is that process, when it could be read.
    case alreadyWatching(pid: Int32?)
    /// The session has no video and no live stream.
    case noVideo(String)
    /// The player could not be started.
    case playerNotStarted(String, reason: String)
    /// The player ended with a failure status.
    case playerFailed(String, status: Int32)
    /// The player was ended by a signal wwdc did not send (SIGKILL, a crash).
    case playerKilled(String, signal: Int32)
    /// The player's command line names a program that is not installed.
    case playerNotFound(String)
    /// The player's command line is not one (an unclosed quote).
    case playerCommandInvalid(String)
    /// No private folder could be made for the player's control socket in the folder named.
    case noControlFolder(String, reason: String)
    /// The feed's address is not one a player may be given (not https, or plain http off this machine).
    case unsafeURL(String)
    /// The stream at the address names no variant a player may be given (a media playlist, or not a playlist).
    case noStreamVariants(String)
}

extension WatchError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .alreadyWatching(let pid?): "a session is playing already (process \(pid))"
        case .alreadyWatching: "a session is playing already"
        case .noVideo(let id): "\(id) has no video"
        case let .playerNotStarted(player, reason): "could not start the player '\(player)': \(reason)"
        case let .playerFailed(player, status): "the player '\(player)' exited with status \(status)"
        case let .playerKilled(player, signal): "the player '\(player)' was ended by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
        case let .playerNotFound(command): "the player '\(command)' was not found"
        case let .playerCommandInvalid(command): "the player is not a command line: \(command)"
        case let .noControlFolder(base, reason): "cannot make a private folder for the player's socket in \(base): \(reason)"
        case let .unsafeURL(url): "the video's address is not a web address wwdc will give a player: \(url.prefix(80))"
        case let .noStreamVariants(url): "the stream names no variant to choose from: \(url.prefix(80))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .alreadyWatching: "Close that player first; only one session plays at a time."
        case .noVideo: "Choose a session with a video."
        case .playerNotStarted: "Check the player's command line, or install mpv, vlc or ffplay."
        case .playerFailed, .playerKilled: nil
        case .playerNotFound: "Install it, or choose a player on your PATH (mpv, vlc, ffplay)."
        case .playerCommandInvalid: "Close the quotes of the player's command line."
        case .noControlFolder: nil
        case .unsafeURL: "Videos are played over https (plain http only from this machine); the feed may be broken or hostile."
        case .noStreamVariants: nil
        }
    }

    private static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGQUIT: "SIGQUIT"
        default: nil
        }
    }
}
