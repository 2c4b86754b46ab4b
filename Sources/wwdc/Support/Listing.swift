import CommandLineKit
import TerminalUI

/// How every listing command ends: JSON when asked (an empty array is still JSON, for scripts), else
/// a message on stderr when there is nothing to list, else the rows on stdout (through the pager on a
/// terminal, unless the command was given `--no-pager`).
enum Listing {
    /// Prints `items` (as `row`s in JSON, else through `render`) or, when there are none, the lines
    /// `empty` gives; always succeeds.
    static func print<Item, Row: Encodable>(_ items: [Item], json: Bool, context: CommandContext, paging: Bool, row: (Item) -> Row,
                                            empty: () -> [String], render: ([Item]) -> String) throws -> ExitCode {
        if json {
            context.output(try JSONOutput.encode(items.map(row)) + "\n")
        } else if items.isEmpty {
            empty().forEach(context.message)
        } else {
            Paging.output(render(items), context: context, enabled: paging)
        }
        return .success
    }

    /// Rows of cells, the last one a title: on a terminal (`width`) aligned in columns, the title
    /// given the room first (`columns` says which of the others may shrink or go; by default none),
    /// cut only when they are gone; in a pipe, one line a row with the cells separated by tabs, for
    /// `cut -f`.
    static func columns(_ rows: [[String]], width: Int?, columns: [TableLayout.Column]? = nil) -> String {
        guard let width, let count = rows.first?.count else {
            return rows.map { $0.joined(separator: "\t") + "\n" }.joined()
        }
        let layout = TableLayout(columns: columns ?? Array(repeating: .init(), count: count - 1) + [.init(flexible: true)])
        return layout.render(rows, headings: [:], indent: "", width: width, heading: { $0 }) { $1 }
    }
}
