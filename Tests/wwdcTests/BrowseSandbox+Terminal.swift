import Foundation
import TestSupport

extension BrowseSandbox {
    /// What a run of `wwdc` printed on a pseudo-terminal of `columns`×`rows` (CRLF as LF), and its
    /// exit status; `WWDC_NOW` and `TZ` fixed as in ``run(_:environment:)``.
    func onTerminal(_ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 50,
                    environment extra: [String: String] = [:]) async throws -> (screen: String, exit: PseudoTerminal.ExitStatus) {
        let environment = sandbox.environment(["WWDC_NOW": Self.now, "TZ": "UTC"].merging(extra) { $1 })
        let wwdc = CommandRunner.wwdc.path
        return try await onThread { () throws -> (String, PseudoTerminal.ExitStatus) in
            let pty = try PseudoTerminal(columns: columns, rows: rows)
            try pty.spawn(wwdc, arguments, environment: environment)
            let exit = try pty.waitForExit()
            try pty.drain()
            return (pty.transcript.replacingOccurrences(of: "\r\n", with: "\n"), exit)
        }
    }

    /// `text` without the program's OSC 8 links (their text stays).
    static func unlinked(_ text: String) -> String {
        text.replacing(#/\u{1B}\]8;;[\x21-\x7E]*\u{1B}\\/#, with: "")
    }
}
