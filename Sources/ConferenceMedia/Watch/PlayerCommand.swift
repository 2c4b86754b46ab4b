import Foundation

/// The program that plays a video: the command line given, else the first of mpv, vlc and ffplay on `PATH`.
public struct PlayerCommand: Hashable, Sendable {
    /// Players whose command lines wwdc knows.
    public enum Kind: String, Sendable {
        case mpv, vlc, ffplay, other

        /// Whether it takes `--` to end its options, so nothing after it can be read as one.
        var takesEndOfOptions: Bool { self == .mpv || self == .vlc }

        /// Whether it says where it is as it plays (mpv, over its JSON IPC socket).
        var reportsPosition: Bool { self == .mpv }

        /// The options that give it the subtitles file `path`; nil for a player wwdc cannot give one
        /// (ffplay: its subtitles filter would need the path escaped into a filter graph).
        func subtitleOptions(_ path: String) -> [String]? {
            switch self {
            case .mpv, .vlc: ["--sub-file=" + path]
            case .ffplay, .other: nil
            }
        }

        /// The options that start playback `seconds` in; nil for a player whose option wwdc does not know.
        func startOptions(_ seconds: Int) -> [String]? {
            switch self {
            case .mpv: ["--start=\(seconds)"]
            case .vlc: ["--start-time=\(seconds)"]
            case .ffplay: ["-ss", "\(seconds)"]
            case .other: nil
            }
        }

        /// The options that play at `speed`; nil for a player that cannot be told one.
        func speedOptions(_ speed: PlaybackSpeed) -> [String]? {
            switch self {
            case .mpv: ["--speed=\(speed)"]
            case .vlc: ["--rate=\(speed)"]
            case .ffplay, .other: nil
            }
        }

        /// The options that choose `variant` of the stream played (mpv: the highest bandwidth up to
        /// its own); nil for a player given the variant's own playlist instead.
        func variantOptions(_ variant: HLSVariant) -> [String]? {
            self == .mpv ? ["--hls-bitrate=\(variant.bandwidth)"] : nil
        }
    }

    /// The name shown in messages (`mpv`, or the command line as given).
    public var name: String
    public var executable: String
    /// Options before the URL (from the command line given).
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

    /// The arguments that play `target` (a web address or a file wwdc downloaded), from `start`
    /// seconds in when given and the player can, at `speed` when given and the player can, in
    /// `variant` of the stream `target` is when given, answering on `controlSocket` when given and
    /// the player reports its position (``reportsPosition``): the options (the command line's, then
    /// the start, the speed, the variant and the socket), `--` where the player takes it, then the
    /// target (the variant's playlist for a player that cannot be told a variant), always as one
    /// argument of its own.
    public func argv(playing target: String, from start: Int? = nil, speed: PlaybackSpeed? = nil, variant: HLSVariant? = nil,
                     controlSocket: String? = nil) -> [String] {
        let seek = start.flatMap { kind.startOptions($0) } ?? []
        let pace = speed.flatMap { kind.speedOptions($0) } ?? []
        let choice = variant.flatMap { kind.variantOptions($0) }
        let played = choice == nil ? variant?.url.absoluteString ?? target : target
        let control = controlSocket.flatMap { kind.reportsPosition ? ["--input-ipc-server=" + $0] : nil } ?? []
        return [executable] + arguments + seek + pace + (choice ?? []) + control + (kind.takesEndOfOptions ? ["--"] : []) + [played]
    }

    /// Whether it says where it is as it plays (mpv), so that wwdc can keep the position it stops at.
    public var reportsPosition: Bool { kind.reportsPosition }

    /// The same player given the subtitles file `path` (mpv and vlc, `--sub-file=`); nil for a
    /// player wwdc cannot give one.
    public func showing(subtitles path: String) -> PlayerCommand? {
        guard let options = kind.subtitleOptions(path) else { return nil }
        var copy = self
        copy.arguments += options
        return copy
    }

    /// Whether wwdc knows how to make this player start at a given second (mpv, vlc, ffplay).
    public var canStartAtTime: Bool { kind.startOptions(0) != nil }

    /// Whether wwdc knows how to tell this player a speed (mpv, vlc).
    public var canChangeSpeed: Bool { kind.speedOptions(.normal) != nil }

    /// The player to use: `command` when given (not empty), else the first known player installed;
    /// nil when neither is there. Programs are looked for in `path` (a `PATH`'s folders).
    ///
    /// `command` is split into words as a shell would (quotes and backslashes), but no shell runs
    /// it: nothing in it is expanded or executed but the program it names.
    ///
    /// - Throws: ``WatchError/playerNotFound(_:)`` when `command` names a program that is not there,
    ///   ``WatchError/playerCommandInvalid(_:)`` when it is not a command line.
    public static func find(command: String?, path: String) throws -> PlayerCommand? {
        if let command = command?.trimmingCharacters(in: .whitespaces), !command.isEmpty {
            guard let words = ProgramCommandLine.words(command) else { throw WatchError.playerCommandInvalid(command) }
            guard let program = words.first, let executable = ProgramCommandLine.locate(program, path: path) else {
                throw WatchError.playerNotFound(command)
            }
            return PlayerCommand(name: command, executable: executable, arguments: Array(words.dropFirst()))
        }
        for player in knownPlayers {
            if let executable = ProgramCommandLine.locate(player, path: path) { return PlayerCommand(name: player, executable: executable) }
        }
        return nil
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
