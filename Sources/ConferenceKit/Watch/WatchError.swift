import Foundation

/// Why `wwdc watch` could not play a session.
public enum WatchError: Error, Equatable, Sendable {
    /// Another `wwdc watch` holds the player lock; `pid` is its process, when it could be read.
    case alreadyWatching(pid: Int32?)
    /// The session has no video and no live stream.
    case noVideo(String)
    /// The player could not be started.
    case playerNotStarted(String, reason: String)
    /// The player ended with a failure status.
    case playerFailed(String, status: Int32)
    /// `WWDC_PLAYER` names a program that is not installed.
    case playerNotFound(String)
    /// `WWDC_PLAYER` is not a command line (an unclosed quote).
    case playerCommandInvalid(String)
    /// The feed's address is not one a player may be given (not https, or plain http off this machine).
    case unsafeURL(String)
}

extension WatchError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .alreadyWatching(let pid?): "another 'wwdc watch' is playing (process \(pid))"
        case .alreadyWatching: "another 'wwdc watch' is playing"
        case .noVideo(let id): "\(id) has no video"
        case let .playerNotStarted(player, reason): "could not start the player '\(player)': \(reason)"
        case let .playerFailed(player, status): "the player '\(player)' exited with status \(status)"
        case let .playerNotFound(command): "the player '\(command)' (WWDC_PLAYER) was not found"
        case let .playerCommandInvalid(command): "WWDC_PLAYER is not a command line: \(command)"
        case let .unsafeURL(url): "the video's address is not a web address wwdc will give a player: \(url.prefix(80))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .alreadyWatching: "Close that player first; only one session plays at a time."
        case .noVideo: "Find sessions with a video with 'wwdc videos'."
        case .playerNotStarted: "Check WWDC_PLAYER, or install mpv, vlc or ffplay; 'wwdc watch --print-url' prints the URL instead."
        case .playerFailed: nil
        case .playerNotFound: "Install it, or set WWDC_PLAYER to a player on your PATH (mpv, vlc, ffplay)."
        case .playerCommandInvalid: "Close the quotes of WWDC_PLAYER (for example: WWDC_PLAYER='mpv --fs')."
        case .unsafeURL: "Videos are played over https (plain http only from this machine); the feed may be broken or hostile."
        }
    }
}
