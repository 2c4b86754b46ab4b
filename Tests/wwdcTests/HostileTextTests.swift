import Foundation
import TestSupport
import TestTraits
import Testing

/// Server text made of escape sequences (fixture `wwdc2026-990`, news item
/// `NEWS-HOSTILE`, the bidi title `wwdc2026-992`) prints as harmless text everywhere: pipes, JSON,
/// the calendar file and a real terminal.
@Suite("browsing: hostile text", .offThePool)
struct HostileTextTests {
    /// Control characters (C0 but newline, DEL, C1) and bidirectional overrides or isolates: what must never reach a terminal.
    static func dangerous(_ text: String, allowingStyles: Bool = false) -> [String] {
        var found: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            let value = scalar.value
            if value == 0x1B, allowingStyles {
                // Only the program's own styles (SGR: ESC [ digits;… m) may appear on a terminal.
                let sequence = String(String.UnicodeScalarView(scalars.prefix { $0 != "m" && $0 != "\u{1B}" }))
                if sequence.hasPrefix("["), sequence.dropFirst().allSatisfy({ $0.isNumber || $0 == ";" }) {
                    scalars = scalars.dropFirst(sequence.unicodeScalars.count + 1)
                    continue
                }
            }
            if (value < 0x20 && value != 0x0A && value != 0x0D) || value == 0x7F || (0x80...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200B || value == 0xFEFF {
                found.append(String(format: "U+%04X", value))
            }
        }
        return found
    }

    @Test("in pipes and JSON: no control, escape or bidi character; the readable words remain")
    func pipesAndJSON() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let outputs: [[String]] = [
            ["schedule"], ["schedule", "--search", "990"], ["schedule", "--json"], ["session", "990"], ["session", "990", "--json"],
            ["session", "992"], ["news"], ["news", "--json"], ["videos"], ["videos", "--json"], ["export", "--ics"],
        ]
        for arguments in outputs {
            let result = try await store.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            var text = result.stdout
            if arguments.contains("--ics") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
            #expect(Self.dangerous(text).isEmpty, "\(arguments) printed \(Self.dangerous(text))")
            #expect(Self.dangerous(result.stderr).isEmpty, "\(arguments) wrote \(Self.dangerous(result.stderr)) to stderr")
            #expect(!text.contains("0;pwned"), "\(arguments): the OSC title payload leaked")
        }
        let session = try await store.run(["session", "990"])
        #expect(session.stdout.hasPrefix("Terminal Tricks Red Alert for Command-Line Tools\n"))
        let json = try JSONSerialization.jsonObject(with: Data(try await store.run(["session", "990", "--json"]).stdout.utf8)) as? [String: Any]
        #expect(json?["title"] as? String == "Terminal Tricks Red Alert for Command-Line Tools")
        let news = try await store.run(["news"])
        #expect(news.stdout.contains("Service Announcement"))
        // The escapes hid text: what a reader must see is still there.
        let bidi = try await store.run(["session", "992"])
        #expect(bidi.stdout.contains("Bidirectional Text"))
    }

    @Test("on a terminal: only the program's own colours, and the title's escapes are gone")
    func onTerminal() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        var settings = store.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"])
        settings["NO_COLOR"] = nil
        let environment = settings
        let wwdc = CommandRunner.wwdc.path
        let transcript = try await onThread { () throws -> String in
            let pty = try PseudoTerminal(columns: 100, rows: 40)
            try pty.spawn(wwdc, ["session", "990"], environment: environment)
            _ = try pty.waitForExit()
            try pty.drain()
            return pty.transcript
        }
        #expect(transcript.contains("\u{1B}[1m"), "bold is used on a terminal")
        // The program's own links (OSC 8 around a printable address) aside, nothing but its styles.
        let unlinked = BrowseSandbox.unlinked(transcript)
        #expect(Self.dangerous(unlinked, allowingStyles: true).isEmpty, "\(Self.dangerous(unlinked, allowingStyles: true))")
        #expect(!unlinked.contains("\u{1B}]"), "no OSC sequence but the program's links")
        #expect(!transcript.contains("\u{1B}[2J"), "no clear-screen")
        #expect(transcript.contains("Terminal Tricks Red Alert for Command-Line Tools"))
    }
}
