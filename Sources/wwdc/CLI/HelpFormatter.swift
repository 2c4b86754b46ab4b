/// Formats `--help` and usage errors in swift-argument-parser's layout.
enum HelpFormatter {
    static func help(for spec: CommandSpec, width: Int = 80) -> String {
        var lines: [String] = ["OVERVIEW: \(spec.abstract)", ""]
        if let discussion = spec.discussion {
            lines.append(contentsOf: wrap(discussion, width: width, indent: ""))
            lines.append("")
        }
        lines.append("USAGE: \(spec.usage)")
        lines.append("")
        if !spec.arguments.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in spec.arguments { lines.append(contentsOf: entry("<\(argument.name)>", argument.help, width: width)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in spec.allOptions { lines.append(contentsOf: entry(option.synopsis, option.help, width: width)) }
        if !spec.subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            for sub in spec.subcommands {
                let name = ([sub.path.split(separator: " ").last.map(String.init) ?? sub.path] + sub.aliases).joined(separator: ", ")
                lines.append(contentsOf: entry(name, sub.abstract, width: width))
            }
            lines.append("")
            lines.append("  See 'wwdc help \(spec.path.isEmpty ? "" : spec.path + " ")<subcommand>' for detailed help.")
            if spec.path.isEmpty {
                lines.append("  See 'man wwdc' for the manual: every command, the config file, JSON output.")
            }
        }
        if !spec.examples.isEmpty {
            lines.append("")
            lines.append("EXAMPLES:")
            for example in spec.examples {
                lines.append("  \(example.command)")
                if !example.note.isEmpty { lines.append(contentsOf: wrap(example.note, width: width, indent: "      ")) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Error: …`, the usage line, and where to read more.
    static func usageError(_ error: UsageError) -> String {
        var lines = ["Error: \(error.message)"]
        if let hint = error.hint { lines.append(hint) }
        if let spec = error.spec {
            lines.append("Usage: \(spec.usage)")
            lines.append("  See 'wwdc \(spec.path.isEmpty ? "" : spec.path + " ")--help' for more information.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ name: String, _ help: String, width: Int) -> [String] {
        let column = 26
        let indent = String(repeating: " ", count: column)
        var wrapped = wrap(help, width: width, indent: indent)
        let head = "  \(name)"
        if head.count < column - 1, !wrapped.isEmpty {
            wrapped[0] = head.padding(toLength: column, withPad: " ", startingAt: 0) + wrapped[0].dropFirst(column)
            return wrapped
        }
        return [head] + wrapped
    }

    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count > indent.count, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
        }
        return lines
    }
}
