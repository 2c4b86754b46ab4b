import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program that plays a video: `WWDC_PLAYER`, else the first of mpv, vlc and ffplay on `PATH`.
public struct PlayerCommand: Hashable, Sendable {
    /// Players whose command lines wwdc knows.
    public enum Kind: String, Sendable {
        case mpv, vlc, ffplay, other

        /// Whether it takes `--` to end its options, so nothing after it can be read as one.
        var takesEndOfOptions: Bool { self == .mpv || self == .vlc }
    }

    /// The name shown in messages (`mpv`, or `WWDC_PLAYER` as given).
    public var name: String
    public var executable: String
    /// Options before the URL (from `WWDC_PLAYER`).
    public var arguments: [String]
    public var kind: Kind

    public init(name: String, executable: String, arguments: [String] = [], kind: Kind? = nil) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.kind = kind ?? Self.kind(of: executable)
    }

    /// The players looked for on `PATH`, in order.
    public static let knownPlayers = ["mpv", "vlc", "ffplay"]

    /// The arguments that play `target` (a web address or a file wwdc downloaded): the options,
    /// `--` where the player takes it, then the target, always as one argument of its own.
    public func argv(playing target: String) -> [String] {
        [executable] + arguments + (kind.takesEndOfOptions ? ["--"] : []) + [target]
    }

    /// The player to use; nil when `WWDC_PLAYER` is unset and none of the known players is installed.
    ///
    /// `WWDC_PLAYER` is split into words as a shell would (quotes and backslashes), but no shell runs
    /// it: nothing in it is expanded or executed but the program it names.
    ///
    /// - Throws: ``WatchError/playerNotFound(_:)`` when `WWDC_PLAYER` names a program that is not there.
    public static func find(environment: [String: String]) throws -> PlayerCommand? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let command = environment["WWDC_PLAYER"]?.trimmingCharacters(in: .whitespaces), !command.isEmpty {
            let words = try Self.words(command)
            guard let program = words.first, let executable = Self.locate(program, path: path) else {
                throw WatchError.playerNotFound(command)
            }
            return PlayerCommand(name: command, executable: executable, arguments: Array(words.dropFirst()))
        }
        for player in knownPlayers {
            if let executable = locate(player, path: path) { return PlayerCommand(name: player, executable: executable) }
        }
        return nil
    }

    /// `program` itself when it is a path, else the first executable of that name on `path`.
    static func locate(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + program
            var status = stat()
            if access(candidate, X_OK) == 0, stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        return nil
    }

    /// Words as the shell splits them: blanks separate, 'single' and "double" quotes group, a
    /// backslash takes the next character as it is. Nothing is expanded.
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                inWord = true
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { throw WatchError.playerCommandInvalid(text) }
        if inWord { words.append(word) }
        return words
    }

    private static func kind(of executable: String) -> Kind {
        switch (executable as NSString).lastPathComponent {
        case "mpv": .mpv
        case "vlc", "cvlc": .vlc
        case "ffplay": .ffplay
        default: .other
        }
    }
}
