import Foundation
import TerminalUI

/// Formats a program's `--help` and usage errors in swift-argument-parser's layout.
///
/// Help is wrapped to the terminal's width (80 columns in a pipe), always between words: a word
/// longer than a line (a path, a long option) stands whole on a line of its own instead of being cut.
public struct HelpFormatter: Sendable {
    /// The width help is laid out for when it is not a terminal's.
    public static let defaultWidth = 80
    /// Below this width an option's help goes under its name instead of in a column beside it.
    static let narrowWidth = 60

    /// The program's name, as usage lines begin.
    public var program: String
    /// A line under the top level's subcommands (where the manual is, say).
    public var footnote: String?

    public init(program: String, footnote: String? = nil) {
        self.program = program
        self.footnote = footnote
    }

    public func help(for spec: CommandSpec, width: Int = defaultWidth) -> String {
        let width = max(20, width)
        var lines: [String] = []
        lines += Self.wrap("OVERVIEW: \(spec.abstract)", width: width, indent: "", continuation: "")
        lines.append("")
        if let discussion = spec.discussion {
            lines.append(contentsOf: Self.wrap(discussion, width: width, indent: ""))
            lines.append("")
        }
        lines += Self.wrap("USAGE: \(spec.usage(program: program))", width: width, indent: "", continuation: "         ")
        lines.append("")
        if !spec.arguments.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in spec.arguments { lines.append(contentsOf: Self.entry("<\(argument.name)>", argument.help, width: width)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in spec.allOptions { lines.append(contentsOf: Self.entry(option.synopsis, option.help, width: width)) }
        if !spec.subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            for sub in spec.subcommands {
                let word = sub.path.split(separator: " ").last.map(String.init) ?? sub.path
                let name = ([word] + sub.aliases).joined(separator: ", ")
                let isDefault = spec.defaultSubcommand == word
                lines.append(contentsOf: Self.entry(name, sub.abstract + (isDefault ? " (The default: '\(program) \(spec.path)' alone.)" : ""),
                                                    width: width))
            }
            lines.append("")
            lines += Self.wrap("See '\(program) help \(spec.path.isEmpty ? "" : spec.path + " ")<subcommand>' for detailed help.",
                               width: width, indent: "  ")
            if spec.path.isEmpty, let footnote {
                lines += Self.wrap(footnote, width: width, indent: "  ")
            }
        }
        if !spec.examples.isEmpty {
            lines.append("")
            lines.append("EXAMPLES:")
            for example in spec.examples {
                lines += Self.wrap(example.command, width: width, indent: "  ", continuation: "    ")
                if !example.note.isEmpty { lines.append(contentsOf: Self.wrap(example.note, width: width, indent: "      ")) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Error: …`, the usage line, and where to read more.
    public func usageError(_ error: UsageError) -> String {
        var lines = ["Error: \(error.message)"]
        if let hint = error.hint { lines.append(hint) }
        if let spec = error.spec {
            lines.append("Usage: \(spec.usage(program: program))")
            lines.append("  See '\(program) \(spec.path.isEmpty ? "" : spec.path + " ")--help' for more information.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A name and its help: side by side in a column from 26 on, or, on a narrow terminal or
    /// when the name is too long for that, the help under the name.
    private static func entry(_ name: String, _ help: String, width: Int) -> [String] {
        let head = "  \(name)"
        guard width >= narrowWidth else {
            return Self.wrap(name, width: width, indent: "  ", continuation: "    ") + Self.wrap(help, width: width, indent: "      ")
        }
        let column = 26
        let indent = String(repeating: " ", count: column)
        var wrapped = Self.wrap(help, width: width, indent: indent)
        if head.count < column - 1, !wrapped.isEmpty {
            wrapped[0] = head.padding(toLength: column, withPad: " ", startingAt: 0) + wrapped[0].dropFirst(column)
            return wrapped
        }
        return [head] + wrapped
    }

    /// `text` in lines of at most `width` columns, broken only between words; each paragraph's first
    /// line starts with `indent`, the others with `continuation` (the same indent when nil).
    public static func wrap(_ text: String, width: Int, indent: String, continuation: String? = nil) -> [String] {
        let continuation = continuation ?? indent
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var margin = indent
            var line = margin
            var hasWord = false
            for word in paragraph.split(separator: " ") {
                if hasWord, line.displayWidth + 1 + word.displayWidth > width {
                    lines.append(line)
                    margin = continuation
                    line = margin
                    hasWord = false
                }
                line += (hasWord ? " " : "") + word
                hasWord = true
            }
            lines.append(line)
        }
        return lines
    }
}
