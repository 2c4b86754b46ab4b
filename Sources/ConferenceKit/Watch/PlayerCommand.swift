import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program that plays a video: `WWDC_PLAYER`, else the first of mpv, vlc and ffplay on `PATH`.
public struct PlayerCommand: Hashable, Sendable {
    /// The name shown in messages (`mpv`, or `WWDC_PLAYER` as given).
    public var name: String
    public var executable: String
    /// Arguments before the URL, which always comes last, as its own argument.
    public var arguments: [String]

    public init(name: String, executable: String, arguments: [String] = []) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
    }

    /// The players looked for on `PATH`, in order.
    public static let knownPlayers = ["mpv", "vlc", "ffplay"]

    /// The player to use; nil when there is none.
    ///
    /// `WWDC_PLAYER` is a command line run by `/bin/sh` (as `git` runs `$EDITOR`), so it may carry
    /// options (`mpv --fs`); the URL is passed as a separate argument and never parsed by the shell.
    public static func find(environment: [String: String]) -> PlayerCommand? {
        if let command = environment["WWDC_PLAYER"]?.trimmingCharacters(in: .whitespaces), !command.isEmpty {
            return PlayerCommand(name: command, executable: "/bin/sh", arguments: ["-c", command + " \"$1\"", "wwdc-player"])
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for player in knownPlayers {
            for folder in folders where !folder.isEmpty {
                let path = folder + "/" + player
                if access(path, X_OK) == 0 { return PlayerCommand(name: player, executable: path) }
            }
        }
        return nil
    }
}
