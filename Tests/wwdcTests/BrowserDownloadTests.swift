import Foundation
import TestSupport
import TestTraits
import Testing

/// The browser's downloads in tmux: `d` and `D` on the selected session, against the reference
/// server, which holds the video of session 103 at 1 MB of its 3 MB until the test lets it go, so
/// that a download is seen running without waiting for time.
@Suite("Browser downloads in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct BrowserDownloadTests: BrowserInTmux {
    static let running = "33% · 1.0 MB of 3.0 MB"

    /// On the Videos tab, narrowed to session 103 (Apple Design Awards), its page opened: `d` then
    /// downloads it, and the server holds the transfer at 1 MB.
    private func downloadHeld(_ session: TmuxSession, _ bench: DownloadBench, path: String) async throws {
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/apple design awards")
        try waitForFrame(session, "narrowed") { selected($0)?.contains("Apple Design Awards") == true }
        // Enter leaves the narrowing field for the page (d typed in the field would narrow).
        try session.press("Enter")
        try waitForFrame(session, "the page of 103") { $0.contains("wwdc2026-103 · WWDC 2026") }
        try session.press("d")
        try await bench.server.waitForPausedMedia(path)
        try waitForFrame(session, "the download running") { statusLine($0).contains("↓ 1 downloading, 33%") }
    }

    /// ``downloadHeld(_:_:path:)`` in the browser started from a shell that says how it ended;
    /// the session and `stty -a` before the start.
    private func wrappedDownloadHeld(_ bench: DownloadBench, path: String) async throws -> (TmuxSession, String) {
        let (session, before) = try startWrapped(BrowseSandbox(sandbox: bench.sandbox), ["browse", "--tab", "videos"])
        try session.press("Enter")
        try await downloadHeld(session, bench, path: path)
        return (session, before)
    }

    @Test("d downloads the selected session's video while the browser goes on: a row on the Downloads tab and the status line while it runs, the ↓ mark when done; D removes it")
    func downloadAndRemove() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let browse = BrowseSandbox(sandbox: bench.sandbox)
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"])
        try await downloadHeld(session, bench, path: path)
        // Keys are answered while it runs: the Downloads tab, its row with the title, the share, the bytes.
        try session.press("5")
        let running = try waitForFrame(session, "the running row") { snapshot in
            snapshot.lines[0].contains("[5 Downloads]")
                && snapshot.lines.contains { $0.contains("Apple Design Awards") && $0.contains(Self.running) }
        }
        #expect(statusLine(running).contains("↓ 1 downloading, 33%"), "\(running)")
        expectFits(running)

        _ = try await bench.server.releaseMedia()
        let done = try waitForFrame(session, "the download done") { snapshot in
            snapshot.contains("↓ Downloaded wwdc2026-103 HD (3.0 MB).")
                && snapshot.lines.contains { $0.contains("Apple Design Awards") && $0.contains("done") && $0.hasSuffix("↓") }
        }
        #expect(!statusLine(done).contains("downloading"), "\(done)")
        // What the command leaves: its record, the whole file.
        #expect(try await bench.downloads()["wwdc2026-103 hd"]?["state"] as? String == "done")
        let file = try await bench.file("wwdc2026-103")
        #expect(try await DownloadBench.sha256(file) == (try await bench.server.mediaInfo(path)).sha256)
        // The mark in the Videos list, which keeps its narrowing.
        try session.press("3")
        try waitForFrame(session, "the ↓ mark") { selected($0)?.contains("Apple Design Awards") == true && selected($0)?.hasSuffix("↓") == true }

        try session.press("D")
        try waitForFrame(session, "the download removed") {
            $0.contains("Removed the download of wwdc2026-103.") && selected($0).map { !$0.contains("↓") } == true
        }
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await bench.downloads().isEmpty)
        try session.press("5")
        try waitForFrame(session, "no downloads") { $0.lines[0].contains("[5 Downloads]") && $0.contains("No downloads.") }
    }

    @Test("D on a running download stops it, then removes what it fetched")
    func removeRunning() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let browse = BrowseSandbox(sandbox: bench.sandbox)
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"])
        try await downloadHeld(session, bench, path: path)
        #expect(try await bench.waitForPart("wwdc2026-103", reaching: 1))
        try session.press("D")
        try waitForFrame(session, "stopped and removed") {
            $0.contains("Removed the download of wwdc2026-103.") && !statusLine($0).contains("downloading")
        }
        #expect(try await bench.downloads().isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: bench.folder.path)) ?? []).isEmpty)
    }

    @Test("q with a download running asks first, in an alert: Stay stays; Quit (q again) stops it and leaves (0), the partial file kept for --resume")
    func leavingAsks() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let (session, before) = try await wrappedDownloadHeld(bench, path: path)
        try session.press("q")
        try waitForFrame(session, "the question") { $0.contains("A download is running") && $0.contains("[ Stay ]") }
        try session.press("Enter")
        try waitForFrame(session, "stayed") { !$0.contains("A download is running") && statusLine($0).contains("↓ 1 downloading") }
        try session.press("q")
        try waitForFrame(session, "the question again") { $0.contains("A download is running") }
        // Quit's first letter chooses it: q twice leaves.
        try session.press("q")
        try session.wait(for: "the exit") { $0.contains("EXITED 0") }
        // Read again: the pane's flags are read before its text, which may have come after them.
        let after = try session.snapshot()
        #expect(!after.alternateOn)
        #expect(after.cursorVisible)
        #expect(try session.stty() == before)
        try await expectResumable(bench, path: path)
    }

    @Test("Ctrl-C with a download running leaves at once (130), stopping it; the partial file kept for --resume")
    func interruptStops() async throws {
        let (bench, path) = try await DownloadBench.holding103()
        defer { bench.stop() }
        let (session, before) = try await wrappedDownloadHeld(bench, path: path)
        try session.press("C-c")
        try session.wait(for: "the exit") { $0.contains("EXITED 130") }
        // Read again: the pane's flags are read before its text, which may have come after them.
        let after = try session.snapshot()
        #expect(!after.alternateOn)
        #expect(try session.stty() == before)
        try await expectResumable(bench, path: path)
    }

    /// The download the browser stopped is partial in the store, its bytes in the `.part` file, and
    /// `wwdc download --resume` finishes it whole.
    private func expectResumable(_ bench: DownloadBench, path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let record = try #require(try await bench.downloads()["wwdc2026-103 hd"], sourceLocation: sourceLocation)
        #expect(record["state"] as? String == "partial", "\(record)", sourceLocation: sourceLocation)
        #expect((record["bytes"] as? Int ?? 0) > 0, "\(record)", sourceLocation: sourceLocation)
        // The held response goes to a closed connection: let it go before the resume.
        _ = try await bench.server.releaseMedia()
        try await bench.server.waitForMediaIdle()
        let resumed = try await bench.run(["download", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)", sourceLocation: sourceLocation)
        let file = try await bench.file("wwdc2026-103")
        #expect(try await DownloadBench.sha256(file) == (try await bench.server.mediaInfo(path)).sha256, sourceLocation: sourceLocation)
    }
}
