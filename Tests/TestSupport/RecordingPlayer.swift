import Foundation

/// A player that only records what it was given, for the tests of what wwdc hands a player: a
/// script that writes its arguments, one a line, to `log` (each run replaces the last's record),
/// then exits 0.
public struct RecordingPlayer: Sendable {
    /// How mpv's socket option (a new private folder every run) reads in ``arguments``.
    public enum Socket: Sendable {
        /// As wwdc gave it.
        case asGiven
        /// `--input-ipc-server=<socket>`, so that whole argument lists compare.
        case placeholder
    }

    public let script: URL
    public let log: URL
    public let socket: Socket

    /// The option mpv is given its socket with.
    public static let socketOption = "--input-ipc-server="

    /// The player at `script` (its folder made), recording to `log`.
    public init(script: URL, log: URL, socket: Socket = .asGiven) async throws {
        self.script = script
        self.log = log
        self.socket = socket
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await Executable.write("""
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(log.path)'
            exit 0
            """, to: script)
    }

    /// A player called `name` (as a real one is, for the options wwdc gives a player it knows), in a
    /// folder of its own in `directory`; it records to `<name>.args`.
    public init(_ name: String, in directory: TemporaryDirectory, socket: Socket = .asGiven) async throws {
        try await self.init(script: directory.path("players-\(name)").appendingPathComponent(name), log: directory.path("\(name).args"),
                            socket: socket)
    }

    /// The arguments of its last run; nil when it never ran.
    public var arguments: [String]? {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard socket == .placeholder else { return arguments }
        return arguments.map { $0.hasPrefix(Self.socketOption) && $0.hasSuffix("/mpv.sock") ? Self.socketOption + "<socket>" : $0 }
    }

    /// The folder of the socket mpv was told to answer on, if it was.
    public var socketFolder: String? {
        let raw = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return raw.first { $0.hasPrefix(Self.socketOption) }.map { ($0.dropFirst(Self.socketOption.count) as Substring as NSString).deletingLastPathComponent }
    }
}
