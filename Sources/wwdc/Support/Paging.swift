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

    /// A picture drawn above a page.
    struct Drawing {
        /// What draws it, ending with a newline.
        var text: String
        /// Whether it is text in colour (chafa's symbols), not a terminal's own graphics.
        var isText: Bool
    }

    /// Writes `text` to stdout, through the pager when `enabled` and it is called for. A drawing
    /// `above` it goes through the pager with it when the pager shows colours and the drawing is
    /// text (the pager would otherwise cover it as it takes the screen), else before it.
    static func output(_ text: String, context: CommandContext, enabled: Bool = true, above drawing: Drawing? = nil) {
        let command = enabled && context.stdoutIsTerminal ? command(environment: context.environment) : nil
        var page = text
        var drawingRows = 0
        if let drawing {
            if drawing.isText, let command, Pager.showsColors(command, environment: context.environment) {
                page = drawing.text + text
                // A row a line: chafa draws within the terminal's width.
                drawingRows = drawing.text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            } else {
                context.output(drawing.text)
            }
        }
        guard let command, let rows = context.outputHeight,
              drawingRows + Pager.lineCount(text, width: context.outputWidth) >= rows else {
            context.output(page)
            return
        }
        // What waits to be written to stderr comes out before the pager takes the screen.
        context.terminal.drain()
        guard Pager.run(command, text: page, environment: context.environment) else {
            context.output(page)
            return
        }
    }

    /// The pager's words, the program first: nil when paging is turned off or the command is not
    /// one (an unclosed quote).
    static func command(environment: [String: String]) -> [String]? {
        Pager.command(environment[Configuration.pager.variable] ?? environment["PAGER"] ?? Pager.defaultCommand)
    }
}
