import CommandLineKit
import ConferenceData
import ConferenceModel
import Foundation
import TerminalUI

/// What every command gets: the environment, the clock, stdout for data and the terminal owner for
/// everything else (progress, prompts, errors go to stderr, through one serial owner).
final class CommandContext: Sendable {
    /// The environment, with what the config file sets filled in where the environment is silent
    /// (``Configuration``): every setting is read from here.
    let environment: [String: String]
    /// The environment as the process got it, without the config file (for `wwdc config`).
    let originalEnvironment: [String: String]
    /// The config file as read (nil when it could not be), to say where a setting came from.
    let configuration: ConfigFile?
    let terminal: TerminalOwner
    /// Whether stdout is a terminal (colour and truncation for listings).
    let stdoutIsTerminal: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment, originalEnvironment: [String: String]? = nil,
         configuration: ConfigFile? = nil) {
        self.environment = environment
        self.originalEnvironment = originalEnvironment ?? environment
        self.configuration = configuration
        self.terminal = TerminalOwner.shared
        self.stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Now, or `WWDC_NOW` (ISO 8601) for reproducible runs.
    var now: Date {
        if let text = environment["WWDC_NOW"], let date = ISO8601DateFormatter().date(from: text) { return date }
        return Date()
    }

    /// Refuses a `WWDC_NOW` that is not a date (checked once, before any command runs).
    func checkClock() throws {
        guard let text = environment["WWDC_NOW"], ISO8601DateFormatter().date(from: text) == nil else { return }
        throw RuntimeError("WWDC_NOW is not a date: '\(text)'", hint: "Give it as ISO 8601, e.g. WWDC_NOW=2026-06-08T10:00:00-07:00, or unset it.")
    }

    /// Writes data to stdout (never through the terminal owner: it is the program's output).
    ///
    /// A reader that goes away (`wwdc schedule | head`) ends the program quietly, as it would any
    /// Unix filter, instead of crashing on the broken pipe.
    func output(_ text: String) {
        var text = text
        guard let failure = text.withUTF8(Self.writeToStdout) else { return }
        if case .systemCall(_, EPIPE) = failure {
            terminal.drain()
            exit(ExitCode.success.rawValue)
        }
        // Any other refusal (a full disk under `> file`) loses output the way `print` would; the
        // command's own result still decides the exit code.
    }

    private static func writeToStdout(_ bytes: UnsafeBufferPointer<UInt8>) -> TerminalError? {
        do {
            try FileDescriptor.writeAll(UnsafeRawBufferPointer(bytes), to: STDOUT_FILENO)
            return nil
        } catch {
            return error
        }
    }

    /// Colour for stdout: only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
    var outputStyle: Style {
        Style(enabled: stdoutIsTerminal && Style.allowsColor(environment: environment))
    }

    /// Clickable links for stdout: only on a terminal, never with `TERM=dumb` (`NO_COLOR` leaves
    /// them on: a link is not colour); only to addresses wwdc would fetch itself (``WebAddress``).
    var outputLinks: Hyperlinks {
        Hyperlinks(enabled: stdoutIsTerminal && Hyperlinks.allowed(environment: environment), allowing: WebAddress.allows)
    }

    /// The width listings fit on stdout: the terminal's, nil in a pipe (nothing is cut there).
    var outputWidth: Int? {
        guard stdoutIsTerminal else { return nil }
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 { return Int(window.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// The height of the terminal on stdout, in lines: nil in a pipe.
    var outputHeight: Int? {
        guard stdoutIsTerminal else { return nil }
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 { return Int(window.ws_row) }
        return environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 24
    }

    /// Writes a message line to stderr, through the terminal owner.
    func message(_ text: String) {
        terminal.print(text)
    }

    /// Opens the synced store to change the user's rows (`--db`, else `WWDC_DB`, else
    /// `$XDG_DATA_HOME/wwdc/wwdc.sqlite`); never creates one.
    func openExistingStore(explicitPath: String?) throws -> ConferenceStore {
        try ConferenceStore.openExisting(path: try Configuration.storePath(flag: explicitPath, environment))
    }
}
