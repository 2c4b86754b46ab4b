import ConferenceModel
import Foundation

/// Markdown's escaping of text that is not Markdown, for the documents wwdc writes (the export, a
/// session for an assistant): what it holds shows as it is, and never makes a link, emphasis, HTML,
/// a table's cell or the end of a code span.
public enum Markdown {
    /// Text shown as it is, inside a line (a table cell, after a heading's `#`): the punctuation of
    /// emphasis, code and links backslash-escaped, `<` and `&` as entities (no HTML, no autolink),
    /// line breaks as spaces. A table escapes its cells' `|` itself (``table(_:_:)``).
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "~": out += "\\" + String(character)
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case let c where c.isNewline: out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as inline code, fenced with more backticks than it holds in a row.
    public static func code(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
        return fence + pad + line + pad + fence
    }

    /// An address as an autolink when wwdc itself would fetch it (``WebAddress``: https, or plain
    /// http to this machine) and it is one (no spaces, no angle brackets); else as text.
    public static func link(_ url: String) -> String {
        guard WebAddress.allows(url), !url.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) else { return escaped(url) }
        return "<" + url + ">"
    }

    /// `wwdc2026-101 — Title` for a session's heading.
    static func heading(_ id: String, _ title: String?) -> String {
        escaped(id) + " — " + escaped(title ?? "(no longer in the feed)")
    }

    /// A table with `headings`, its cells already Markdown. Every `|` in a cell is escaped, in
    /// code and links too: a table takes a row's cells apart at each `|` before anything else is
    /// read, and gives `\\|` back as `|`.
    static func table(_ headings: [String], _ rows: [[String]]) -> [String] {
        let line = { (cells: [String]) in "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |" }
        return [line(headings), line(headings.map { _ in "---" })] + rows.map(line)
    }
}
