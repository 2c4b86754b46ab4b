import Foundation

/// Programs a test writes and then runs (fake players, pagers, a copy of wwdc).
///
/// A file that any process holds open for writing cannot be executed (`ETXTBSY`). Tests run in
/// parallel and start children all the time: a child forked while this process held the file open
/// keeps a copy of that descriptor until it closes its inherited ones, so running the file at once
/// could fail. So the file is never opened for writing here: the text goes into a draft beside it,
/// and `install` (another process, which no child of this one inherits from) writes the program.
public enum Executable {
    /// Writes `text` as an executable file (mode 0755) at `url`, replacing what is there; waits for
    /// `install` off the cooperative pool.
    public static func write(_ text: String, to url: URL) async throws {
        try await onThread { try writeBlocking(text, to: url) }
    }

    /// ``write(_:to:)`` blocking the calling thread: for threads of a test's own, never the pool's.
    public static func writeBlocking(_ text: String, to url: URL) throws {
        let draft = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).draft")
        try Data(text.utf8).write(to: draft)
        defer { try? FileManager.default.removeItem(at: draft) }
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["install", "-m", "0755", draft.path, url.path])
        guard result.status == 0 else { throw Failure(message: "install \(url.path): \(result.stderr)") }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
