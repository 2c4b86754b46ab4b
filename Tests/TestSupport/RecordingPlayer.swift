import Foundation

/// A player that records what it was given, for the tests of what wwdc hands a player: a script
/// that appends its arguments, one a line, to `log`, each run's ended by a line of its own, then
/// does what it is told to (by default, exits 0).
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

    /// The line that ends a run's record (a record separator: no argument holds one).
    static let endOfRun = "\u{1E}"

    /// The player at `script` (its folder made), recording to `log`, then running `behaviour` (shell
    /// lines: how it plays, fails or waits).
    public init(script: URL, log: URL, socket: Socket = .asGiven, then behaviour: String = "exit 0") async throws {
        self.script = script
        self.log = log
        self.socket = socket
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await Executable.write("""
            #!/bin/sh
            { for argument in "$@"; do printf '%s\\n' "$argument"; done; printf '\\036\\n'; } >> '\(log.path)'
            \(behaviour)
            """, to: script)
    }

    /// A player called `name` (as a real one is, for the options wwdc gives a player it knows), in a
    /// folder of its own in `directory`; it records to `<name>.args`.
    public init(_ name: String, in directory: TemporaryDirectory, socket: Socket = .asGiven, then behaviour: String = "exit 0") async throws {
        try await self.init(script: directory.path("players-\(name)").appendingPathComponent(name), log: directory.path("\(name).args"),
                            socket: socket, then: behaviour)
    }

    /// The arguments of every run, as given, in the order they ran.
    public var rawRuns: [[String]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var runs: [[String]] = []
        var run: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line == Self.endOfRun {
                runs.append(run)
                run = []
            } else {
                run.append(String(line))
            }
        }
        return runs
    }

    /// The arguments of every run, mpv's socket as ``socket`` says.
    public var runs: [[String]] {
        guard socket == .placeholder else { return rawRuns }
        return rawRuns.map { run in
            run.map { $0.hasPrefix(Self.socketOption) && $0.hasSuffix("/mpv.sock") ? Self.socketOption + "<socket>" : $0 }
        }
    }

    /// The arguments of its last run; nil when it never ran.
    public var arguments: [String]? { runs.last }

    /// The folder of the socket mpv was told to answer on in its last run, if it was.
    public var socketFolder: String? {
        rawRuns.last?.first { $0.hasPrefix(Self.socketOption) }
            .map { ($0.dropFirst(Self.socketOption.count) as Substring as NSString).deletingLastPathComponent }
    }
}
