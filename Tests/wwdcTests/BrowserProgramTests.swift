import Foundation
import TestSupport
import TestTraits
import Testing

/// The browser handing the selected session to the person's programs, in tmux: `n` to the editor
/// (on the terminal, the browser leaving the alternate screen meanwhile). Each program is a script
/// that records its arguments.
@Suite("Browser's editor in tmux", .serialized, .offThePool,
       .enabled(if: TmuxSession.executable != nil, "tmux is not installed (Debian's package tmux, which .ci/run installs)"))
struct BrowserProgramTests: BrowserDriving {
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
        let editing = try session.wait(for: "the editor on the terminal") { $0.contains("EDITING NOTE.md") }
        #expect(!editing.alternateOn)
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
}
