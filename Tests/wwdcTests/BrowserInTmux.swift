import Foundation
import TestSupport
import Testing

/// The browser in tmux as its suites drive it: started on a sandbox's store at the fixtures'
/// Wednesday, and read a whole frame at a time (a frame reaches tmux in pieces).
protocol BrowserInTmux {}

extension BrowserInTmux {
    /// `wwdc` with `arguments` in a window of `columns` × `rows`, on the sandbox's store, at the
    /// fixtures' Wednesday, with `environment` added.
    func start(_ browse: BrowseSandbox, _ columns: Int, _ rows: Int, _ arguments: [String] = [],
               environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession([CommandRunner.wwdc.path] + arguments, columns: columns, rows: rows,
                        environment: terminalEnvironment(browse, environment))
    }

    /// `wwdc` with `arguments` at `columns` × `rows`, started from a shell that waits for Enter first
    /// and keeps the terminal after, printing how it ended (`EXITED <status>`); the session and
    /// `stty -a` before the start.
    func startWrapped(_ browse: BrowseSandbox, _ arguments: [String], columns: Int = 80, rows: Int = 24,
                      environment: [String: String] = [:]) throws -> (TmuxSession, String) {
        let script = #"printf 'READY\n'; read go; "$0" "$@"; printf 'EXITED %s\n' "$?"; read done"#
        let session = try TmuxSession(["/bin/sh", "-c", script, CommandRunner.wwdc.path] + arguments, columns: columns, rows: rows,
                                      environment: terminalEnvironment(browse, environment))
        try session.wait(forText: "READY")
        return (session, try session.stty())
    }

    /// The sandbox's environment at the fixtures' Wednesday, in UTC, with `extra`.
    func terminalEnvironment(_ browse: BrowseSandbox, _ extra: [String: String] = [:]) -> [String: String] {
        browse.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"].merging(extra) { $1 })
    }

    /// Waits for a whole frame: the tabs at the top (the chosen one in brackets: narrow, the others
    /// are their numbers alone), a rule and the keys at the bottom.
    @discardableResult
    func waitForFrame(_ session: TmuxSession, _ description: String = "a frame", styles: Bool = false,
                      until condition: @escaping (TmuxSession.Snapshot) -> Bool = { _ in true }) throws -> TmuxSession.Snapshot {
        try session.wait(for: description, styles: styles) { snapshot in
            snapshot.alternateOn && snapshot.lines.count == snapshot.rows && snapshot.lines[0].firstMatch(of: #/\[[1-5] /#) != nil
                && snapshot.lines[snapshot.rows - 2].hasPrefix("───") && condition(snapshot)
        }
    }

    /// Every line of the screen within its width, as the terminal counts columns.
    func expectFits(_ snapshot: TmuxSession.Snapshot, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot.lines.count == snapshot.rows, "\(snapshot)", sourceLocation: sourceLocation)
        for line in snapshot.lines {
            #expect(TmuxSession.Snapshot.width(line) <= snapshot.columns, "\(line.debugDescription) is wider than \(snapshot.columns)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The list's part of the screen: each line up to the rule before the page, when side by side.
    func listPart(_ snapshot: TmuxSession.Snapshot) -> String {
        snapshot.lines.map { $0.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
            .joined(separator: "\n")
    }

    /// The line with the selection mark.
    func selected(_ snapshot: TmuxSession.Snapshot) -> String? {
        snapshot.lines.first { $0.contains("▸") }
    }

    /// The status line: the screen's last row.
    func statusLine(_ snapshot: TmuxSession.Snapshot) -> String {
        snapshot.lines.last ?? ""
    }
}
