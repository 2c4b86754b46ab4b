import Foundation
import TestSupport
import Testing

/// What the tests of the browser in tmux share: `wwdc` started in a window of its own over a
/// sandbox's store (at the fixtures' Wednesday), whole frames waited for, and their parts read.
protocol BrowserDriving {}

extension BrowserDriving {
    /// `wwdc` with `arguments` in a window of `columns` × `rows`, on the sandbox's store, at the
    /// fixtures' Wednesday, with `environment` besides.
    func start(_ browse: BrowseSandbox, _ columns: Int, _ rows: Int, _ arguments: [String] = [],
               environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession([CommandRunner.wwdc.path] + arguments, columns: columns, rows: rows,
                        environment: browse.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"].merging(environment) { $1 }))
    }

    /// `wwdc` with `arguments` at 80 × 24, started from a shell that waits for Enter first and keeps
    /// the terminal after, printing how it ended; the session and `stty -a` before the start.
    func startWrapped(_ browse: BrowseSandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> (TmuxSession, String) {
        let script = #"printf 'READY\n'; read go; "$0" "$@"; printf 'EXITED %s\n' "$?"; read done"#
        let session = try TmuxSession(["/bin/sh", "-c", script, CommandRunner.wwdc.path] + arguments, columns: 80, rows: 24,
                                      environment: browse.sandbox.environment(["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"]
                                                                                .merging(environment) { $1 }))
        try session.wait(forText: "READY")
        return (session, try session.stty())
    }

    /// Waits for a whole frame: the tabs at the top (the chosen one in brackets), a rule and the keys at the bottom.
    @discardableResult
    func waitForFrame(_ session: TmuxSession, _ description: String = "a frame",
                      until condition: @escaping (TmuxSession.Snapshot) -> Bool = { _ in true }) throws -> TmuxSession.Snapshot {
        try session.wait(for: description) { snapshot in
            snapshot.alternateOn && snapshot.lines.count == snapshot.rows && snapshot.lines[0].contains("[")
                && snapshot.lines[snapshot.rows - 2].hasPrefix("───") && condition(snapshot)
        }
    }

    func expectFits(_ snapshot: TmuxSession.Snapshot, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot.lines.count == snapshot.rows, "\(snapshot)", sourceLocation: sourceLocation)
        for line in snapshot.lines {
            #expect(line.count <= snapshot.columns, "\(line.debugDescription) is wider than \(snapshot.columns)",
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
