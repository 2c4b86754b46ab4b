import Foundation
import TestSupport
import TestTraits
import Testing

/// The listings on a real terminal: rows fit its width, long titles end in an ellipsis, colour
/// unless NO_COLOR; in a pipe the same rows are whole and plain.
@Suite("browsing: terminal layout", .offThePool)
struct TerminalLayoutTests {
    /// The text without the program's SGR styles.
    static func plain(_ text: String) -> String {
        text.replacing(#/\u{1B}\[[0-9;]*m/#, with: "")
    }

    func onTerminal(_ store: BrowseSandbox, _ arguments: [String], columns: UInt16, color: Bool) async throws -> String {
        var settings = store.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
        if color { settings["NO_COLOR"] = nil }
        let environment = settings
        let wwdc = CommandRunner.wwdc.path
        return try await onThread { () throws -> String in
            let pty = try PseudoTerminal(columns: columns, rows: 50)
            try pty.spawn(wwdc, arguments, environment: environment)
            _ = try pty.waitForExit()
            try pty.drain()
            return pty.transcript
        }
    }

    @Test("schedule at 60, 80 and 132 columns: every line fits, the long title is cut with an ellipsis", arguments: [60, 80, 132])
    func fitsWidth(columns: Int) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let transcript = try await onTerminal(store, ["schedule", "--day", "thu"], columns: UInt16(columns), color: true)
        #expect(transcript.contains("\u{1B}[1m"), "colour on a terminal")
        let lines = Self.plain(transcript).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(lines.count == 61, "a heading and 60 rows")
        for line in lines {
            #expect(line.count <= columns, "\(line.count) > \(columns): \(line)")
        }
        let long = lines.first { $0.contains("An Extraordinarily Long") }
        #expect(long?.contains("…") == true)
        #expect(long.map { !$0.contains("Even on a Very Wide Terminal") } == true)
        // In a pipe the same row is whole, without colour.
        let piped = try await store.run(["schedule", "--day", "thu"])
        #expect(piped.stdout.contains("Even on a Very Wide Terminal  Session"))
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(!piped.stdout.contains("…"))
    }

    @Test("NO_COLOR turns colour off on a terminal too")
    func noColor() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let transcript = try await onTerminal(store, ["schedule", "--day", "mon"], columns: 100, color: false)
        #expect(!transcript.contains("\u{1B}"))
        #expect(transcript.contains("Keynote"))
    }
}
