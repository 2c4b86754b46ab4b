import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// The browser handing the selected session to the person's programs, in tmux: `n` to the editor
/// (on the terminal, the browser leaving the alternate screen meanwhile), `o` to the web browser
/// (through the real `xdg-open`, off the terminal). Each program is a script that records its
/// arguments.
@Suite("Browser's editor and web page in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct BrowserProgramTests: BrowserInTmux {
    /// The system's opener `o` runs.
    static let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("n opens the note in $EDITOR on the terminal, the alternate screen left meanwhile; what it saved is the note, on the page and in the store")
    func editsNote() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let noted = try await browse.run(["note", "501", "First thought"])
        #expect(noted.status == 0, "\(noted.stderr)")
        let record = browse.sandbox.directory.path("editor-args").path
        let editor = browse.sandbox.directory.path("editor")
        // Records its arguments and what the file held, waits for Enter (the test reads the screen
        // meanwhile), then adds a line.
        try await Executable.write("""
            #!/bin/sh
            { printf '%s\\n' "$@"; cat "$1"; } > '\(record)'
            printf 'EDITING %s\\n' "$(basename "$1")"
            read go
            printf 'Try the new shader compiler\\n' >> "$1"

            """, to: editor)
        let session = try start(browse, 200, 50, ["browse", "--tab", "videos"], environment: ["EDITOR": editor.path])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") && $0.contains("First thought") }
        try session.press("Enter")
        try waitForFrame(session, "the page focused") { statusLine($0).contains("scroll") }
        try session.press("n")
        // The pane's flags and its text are two reads of tmux: both are waited for.
        try session.wait(for: "the editor on the terminal, the alternate screen left") { $0.contains("EDITING NOTE.md") && !$0.alternateOn }
        let recorded = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(recorded.count == 2 && recorded[0].hasSuffix("/NOTE.md") && recorded[1] == "First thought", "\(recorded)")
        try session.press("Enter")
        let page = try waitForFrame(session, "the page with the note") { snapshot in
            snapshot.contains("Saved your note on wwdc2026-501.") && snapshot.contains("Your note")
                && snapshot.contains("First thought") && snapshot.contains("Try the new shader compiler")
        }
        expectFits(page)
        let shown = try await browse.run(["note", "501", "--show"])
        #expect(shown.stdout == "First thought\nTry the new shader compiler\n", "\(shown.stdout)")
    }

    @Test("o opens the session's https page with xdg-open, which hands it to $BROWSER as one argument; their output never reaches the screen",
          .enabled(if: opener != nil, "xdg-open is not installed (Debian's package xdg-utils, which .ci/run installs)"))
    func opensWebPage() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let record = browse.sandbox.directory.path("browser-args").path
        let browser = browse.sandbox.directory.path("browser")
        // Writes to its output first, then records its arguments whole (renamed into place).
        try await Executable.write("""
            #!/bin/sh
            printf 'BROWSER OUTPUT\\n'
            printf 'BROWSER ERROR\\n' >&2
            printf '%s\\n' "$@" > '\(record).new' && mv '\(record).new' '\(record)'

            """, to: browser)
        let session = try start(browse, 80, 24, ["browse", "--tab", "videos"], environment: ["BROWSER": browser.path])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try waitForFrame(session, "narrowed") { selected($0)?.contains("What's new in Metal") == true }
        try session.press("Enter")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") }
        try session.press("o")
        try session.wait(for: "the web browser run") { _ in FileManager.default.fileExists(atPath: record) }
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "https://developer.example.com/wwdc26/501\n")
        // A frame drawn after the web browser wrote: had its output reached the terminal, it would
        // be on it, or have scrolled the frame (only the cells that change are drawn again).
        try session.press("?")
        let after = try session.wait(for: "the keys") { $0.contains("open its page on the web in your browser") }
        #expect(!after.contains("BROWSER"), "\(after)")
        #expect(after.lines[0].contains("[3 Videos]"), "\(after)")
        try session.press("Escape")
        let message = try waitForFrame(session, "the message") { statusLine($0).contains("Opening https://developer.example.com/wwdc26/501") }
        expectFits(message)
    }

    @Test("o refuses a page that is not https (a feed's plain http link): a message, and no program run")
    func refusesPlainHTTP() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let store = try ConferenceStore(path: browse.sandbox.database.path)
        try store.write { db in
            try db.execute("UPDATE sessions SET web_permalink = ? WHERE id = 'wwdc2026-501'", ["http://developer.example.com/wwdc26/501"])
        }
        let record = browse.sandbox.directory.path("browser-args").path
        let browser = browse.sandbox.directory.path("browser")
        try await Executable.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n", to: browser)
        let session = try start(browse, 200, 50, ["browse", "--tab", "videos"], environment: ["BROWSER": browser.path])
        try waitForFrame(session) { $0.lines[0].contains("[3 Videos]") }
        try session.type("/what's new in metal")
        try session.press("Enter")
        try waitForFrame(session, "the page of 501") { $0.contains("wwdc2026-501 · WWDC 2026") }
        try session.press("o")
        let refused = try waitForFrame(session, "the refusal") { statusLine($0).contains("not an https one") }
        #expect(statusLine(refused).contains("http://developer.example.com/wwdc26/501"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: record))
    }
}
