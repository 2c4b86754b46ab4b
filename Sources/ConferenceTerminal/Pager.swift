import ConferenceMedia
import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output on a terminal goes through a pager, as `git` and `man` do: its command line split
/// into words like the player's and run without a shell, the text written into its standard input.
public enum Pager {
    /// The pager when none is named: quits at once when the text fits after all (`-F`), keeps
    /// colours (`-R`) and leaves the text on the screen when it ends (`-X`).
    public static let defaultCommand = "less -FRX"
    /// `LESS` for the pager when it is unset, as git sets it: `less` and its options, however it was named.
    static let lessOptions = "FRX"

    /// The lines `text` takes on a terminal `width` columns wide (long lines wrap).
    public static func lineCount(_ text: String, width: Int?) -> Int {
        let width = max(1, width ?? 80)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).reduce(0) { total, line in
            total + max(1, (line.displayWidth + width - 1) / width)
        }
    }

    /// The words of a pager's command line, the program first: nil when it is `cat` or nothing
    /// (paging turned off) or not a command line (an unclosed quote).
    public static func command(_ text: String) -> [String]? {
        guard let words = ProgramCommandLine.words(text), let program = words.first, program != "cat" else { return nil }
        return words
    }

    /// Whether the pager `command` shows colours as the terminal would, so that a drawing in
    /// coloured symbols can go through it: `less` with `-R` or `-r` on its command line, or in
    /// `LESS` (which ``run(_:text:environment:)`` sets when it is unset).
    public static func showsColors(_ command: [String], environment: [String: String]) -> Bool {
        guard let program = command.first, (program as NSString).lastPathComponent == "less" else { return false }
        func raw(_ words: [Substring], bundleWithoutDash: Bool) -> Bool {
            words.enumerated().contains { index, word in
                if ["--RAW-CONTROL-CHARS", "--raw-control-chars"].contains(word) { return true }
                if word.hasPrefix("--") || word.hasPrefix("-+") { return false }
                guard word.hasPrefix("-") || (bundleWithoutDash && index == 0) else { return false }
                return word.contains("R") || word.contains("r")
            }
        }
        if raw(command.dropFirst().map { Substring($0) }, bundleWithoutDash: false) { return true }
        return raw((environment["LESS"] ?? lessOptions).split(separator: " "), bundleWithoutDash: true)
    }

    /// Starts the pager with its standard input a pipe, writes `text` into it and waits for the
    /// pager to end. False when it could not be started (nothing was written then).
    public static func run(_ command: [String], text: String, environment: [String: String]) -> Bool {
        guard let executable = ProgramCommandLine.locate(command[0], path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
            return false
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Neither end may leak into the pager beyond its standard input: with the writing end open
        // in the child too, the pager would never see the end of the text.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var pagerEnvironment = environment
        // As git does: `less` and `lv` keep colours even when the command line did not say so.
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = lessOptions }
        if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
        // Ctrl-C and Ctrl-\ are the pager's while it runs (it gets them too, from the same terminal):
        // the program waits for it instead of ending first and leaving it on the screen.
        let signals = TerminalChild.holdSignals()
        defer { signals.restore() }
        let pid: pid_t
        do {
            pid = try ProgramCommandLine.spawn(executable, command, environment: pagerEnvironment,
                                               standardInput: readEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            return false
        }
        close(readEnd)
        write(text, to: writeEnd)
        close(writeEnd)
        _ = TerminalChild.wait(pid)
        return true
    }

    /// Writes all of `text` to `descriptor`, stopping quietly when the reader has gone (the person
    /// quit the pager before the end: SIGPIPE is ignored, so that is EPIPE).
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            try? FileDescriptor.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
        }
    }
}
