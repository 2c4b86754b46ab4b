import CommandLineKit
import ConferenceTerminal

/// When wwdc's long output goes through the pager (``Pager``): only when stdout is a terminal and
/// the text is taller than its window; in a pipe, or when it fits, the text is written as it is. The
/// pager is `$WWDC_PAGER`, else `$PAGER`, else `less -FRX` (one of them set to nothing, or to `cat`,
/// means none); a pager that cannot be found or started means the text is printed directly.
enum Paging {
    /// Whether the command's output may be paged: it declares `--no-pager` and was not given it.
    static func isWanted(_ arguments: ParsedArguments) -> Bool {
        arguments.declares(SharedOptions.noPager) && !arguments[SharedOptions.noPager]
    }

    /// Writes `text` to stdout, through the pager when `enabled` and it is called for.
    static func output(_ text: String, context: CommandContext, enabled: Bool = true) {
        guard enabled, context.stdoutIsTerminal, let rows = context.outputHeight,
              Pager.lineCount(text, width: context.outputWidth) >= rows,
              let command = command(environment: context.environment) else {
            context.output(text)
            return
        }
        // What waits to be written to stderr comes out before the pager takes the screen.
        context.terminal.drain()
        guard Pager.run(command, text: text, environment: context.environment) else {
            context.output(text)
            return
        }
    }

    /// The pager's words, the program first: nil when paging is turned off or the command is not
    /// one (an unclosed quote).
    static func command(environment: [String: String]) -> [String]? {
        Pager.command(environment["WWDC_PAGER"] ?? environment["PAGER"] ?? Pager.defaultCommand)
    }
}
