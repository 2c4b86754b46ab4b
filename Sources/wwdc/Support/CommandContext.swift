import ConferenceKit
import Foundation
import TerminalUI

/// What every command gets: the environment, the clock, stdout for data and the terminal owner for
/// everything else (progress, prompts, errors go to stderr, through one serial owner).
final class CommandContext: Sendable {
    let environment: [String: String]
    let terminal: TerminalOwner
    /// Whether stdout is a terminal (colour and truncation for listings).
    let stdoutIsTerminal: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        self.terminal = TerminalOwner.shared
        self.stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Now, or `WWDC_NOW` (ISO 8601) for reproducible runs.
    var now: Date {
        if let text = environment["WWDC_NOW"], let date = ISO8601DateFormatter().date(from: text) { return date }
        return Date()
    }

    /// Writes data to stdout (never through the terminal owner: it is the program's output).
    func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes a message line to stderr, through the terminal owner.
    func message(_ text: String) {
        terminal.print(text)
    }

    /// Opens the store: `--db`, else `WWDC_DB`, else `$XDG_DATA_HOME/wwdc/wwdc.sqlite`.
    func openStore(explicitPath: String?, configuration: Database.Configuration = Database.Configuration()) throws -> ConferenceStore {
        try ConferenceStore(explicitPath: explicitPath, environment: environment, configuration: configuration)
    }
}
