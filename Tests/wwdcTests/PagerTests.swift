import Foundation
import TestSupport
import TestTraits
import Testing

/// Long output on a terminal goes through the pager: `$WWDC_PAGER`, else `$PAGER`, split into words
/// without a shell, fed through a pipe, with default signal handling; never in a pipe, never with
/// `--no-pager`, and a pager that cannot start means the text is printed.
@Suite("browsing: the pager", .offThePool)
struct PagerTests {
    /// A pager script that keeps what it was given: its arguments, its standard input, and the
    /// signals it ignores (from /proc, on Linux).
    struct RecordingPager {
        let script: URL
        let arguments: URL
        let input: URL
        let signals: URL

        init(in directory: TemporaryDirectory) async throws {
            script = directory.path("fake-pager")
            arguments = directory.path("pager.args")
            input = directory.path("pager.input")
            signals = directory.path("pager.signals")
            try await Executable.write("""
                #!/bin/sh
                for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(arguments.path)'
                if [ -r /proc/$$/status ]; then grep '^SigIgn:' /proc/$$/status > '\(signals.path)'; fi
                cat > '\(input.path)'
                """, to: script)
        }

        var ran: Bool { FileManager.default.fileExists(atPath: input.path) }

        func read(_ file: URL) -> String {
            (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        }
    }

    /// Meet Xcode with 40 paragraphs: taller than a terminal of 20 rows.
    static func store() async throws -> BrowseSandbox {
        let store = try await BrowseSandbox.synced()
        try store.setTranscript("wwdc2026-202", (0..<40).map { ($0, Double($0 * 30), "Paragraph number \($0) of the ptarmigan talk.") })
        return store
    }

    /// Runs `wwdc` on a pseudo-terminal of 100×20 to its end; returns what reached the terminal.
    func onTerminal(_ store: BrowseSandbox, _ arguments: [String], environment extra: [String: String]) async throws -> String {
        let environment = store.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"].merging(extra) { $1 })
        let wwdc = CommandRunner.wwdc.path
        return try await onThread { () throws -> String in
            let pty = try PseudoTerminal(columns: 100, rows: 20)
            try pty.spawn(wwdc, arguments, environment: environment)
            _ = try pty.waitForExit()
            try pty.drain()
            return pty.transcript
        }
    }

    @Test("on a terminal, a long transcript goes to $WWDC_PAGER, its words split without a shell, through a pipe")
    func pages() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let pager = try await RecordingPager(in: store.sandbox.directory)
        let piped = try await store.run(["transcript", "202"])
        let screen = try await onTerminal(store, ["transcript", "202"],
                                          environment: ["WWDC_PAGER": "'\(pager.script.path)' -R 'two words' $HOME", "PAGER": "/nonexistent"])
        #expect(pager.ran, "the pager ran: \(screen)")
        #expect(pager.read(pager.arguments) == "-R\ntwo words\n$HOME\n", "split like a shell, expanded by none")
        #expect(pager.read(pager.input) == piped.stdout, "the whole text, as in a pipe (no colour under NO_COLOR, lines fit 100 columns)")
        #expect(!screen.contains("Paragraph number"), "nothing of it written past the pager")
        #if os(Linux)
        // SIGINT (2) and SIGPIPE (13), which wwdc ignores or handles, are back to their defaults.
        let ignored = pager.read(pager.signals).split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let mask = try #require(UInt64(ignored, radix: 16), "SigIgn: \(ignored)")
        #expect(mask & (1 << (2 - 1)) == 0 && mask & (1 << (13 - 1)) == 0, "ignored signals: \(ignored)")
        #endif
    }

    @Test("$PAGER when $WWDC_PAGER is unset; none with --no-pager, in a pipe, when the text fits, or when it cannot start")
    func doesNotPage() async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let pager = try await RecordingPager(in: store.sandbox.directory)
        let piped = try await store.run(["transcript", "202"], environment: ["WWDC_PAGER": pager.script.path])
        #expect(!pager.ran, "never in a pipe")
        #expect(piped.stdout.contains("Paragraph number 39"))

        let direct = try await onTerminal(store, ["transcript", "202", "--no-pager"], environment: ["WWDC_PAGER": pager.script.path])
        #expect(!pager.ran, "--no-pager")
        #expect(direct.contains("Paragraph number 39"))

        let short = try await onTerminal(store, ["transcript", "202", "--at", "19:00"], environment: ["WWDC_PAGER": pager.script.path])
        #expect(!pager.ran, "two paragraphs fit the window")
        #expect(short.contains("Paragraph number 38") && short.contains("Paragraph number 39"))

        let missing = try await onTerminal(store, ["transcript", "202"], environment: ["WWDC_PAGER": "/nonexistent/pager"])
        #expect(missing.contains("Paragraph number 0 ") && missing.contains("Paragraph number 39"), "printed directly")

        let fallback = try await onTerminal(store, ["transcript", "202"], environment: ["PAGER": pager.script.path])
        #expect(pager.ran, "$PAGER: \(fallback)")
        #expect(!fallback.contains("Paragraph number"))
    }

    @Test("every command with long output pages on a terminal, with exactly what it prints without one; never in a pipe or with --no-pager",
          arguments: [["schedule"], ["session", "101"], ["videos"], ["news"], ["search", "swift"], ["transcript", "202"]])
    func everyLongListing(_ arguments: [String]) async throws {
        let store = try await Self.store()
        defer { store.remove() }
        let pager = try await RecordingPager(in: store.sandbox.directory)
        let paging = ["WWDC_PAGER": pager.script.path]
        let label = arguments.joined(separator: " ")

        let piped = try await store.run(arguments, environment: paging)
        #expect(piped.status == 0 && !piped.stdout.isEmpty, "\(label): \(piped.stderr)")
        #expect(!pager.ran, "\(label): never in a pipe")

        let direct = try await store.onTerminal(arguments + ["--no-pager"], rows: 20, environment: paging)
        #expect(direct.exit == .exited(0))
        #expect(!pager.ran, "\(label): --no-pager")

        let paged = try await store.onTerminal(arguments, rows: 20, environment: paging)
        #expect(paged.exit == .exited(0))
        #expect(pager.ran, "\(label): the pager ran")
        #expect(!pager.read(pager.input).isEmpty && pager.read(pager.input) == direct.screen,
                "\(label): the pager got what the terminal gets without one")
        #expect(paged.screen.isEmpty, "\(label): nothing written past the pager: \(paged.screen.prefix(200).debugDescription)")
    }
}
