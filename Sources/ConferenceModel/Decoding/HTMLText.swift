/// The text of the small HTML the feeds carry (styled code snippets, article bodies): tags removed,
/// character references decoded, block elements on lines of their own. Not an HTML parser: it
/// never runs scripts or follows anything, and whatever it cannot read stays as text.
public enum HTMLText {
    /// Whether `text` looks like markup at all (a tag or a character reference).
    public static func looksLikeHTML(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "<") else { return text.contains("&") && text.contains(";") }
        return text[open...].contains(">")
    }

    /// `text` without its markup. Line breaks in the source are kept (code is preformatted); block
    /// elements (`p`, `div`, `br`, `li`, headings) start a new line. Blank lines around it are trimmed.
    public static func plainText(_ text: String) -> String {
        var lines: [Substring] = []
        for line in stripped(text).split(separator: "\n", omittingEmptySubsequences: false) {
            // At most one blank line in a row.
            if line.allSatisfy(\.isWhitespace), lines.last?.allSatisfy(\.isWhitespace) ?? true { continue }
            lines.append(line)
        }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func stripped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let close = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<close]
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if blockTags.contains(name), !output.isEmpty, output.last != "\n" { output.append("\n") }
                // A paragraph that ends leaves a blank line before the next.
                if tag.hasPrefix("/"), paragraphTags.contains(name), !output.isEmpty, !output.hasSuffix("\n\n") { output.append("\n") }
                if name == "li", !tag.hasPrefix("/") { output.append("• ") }
                index = text.index(after: close)
                continue
            }
            if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";"),
               let decoded = entity(text[text.index(after: index)..<semicolon]) {
                output.append(decoded)
                index = text.index(after: semicolon)
                continue
            }
            output.append(character)
            index = text.index(after: index)
        }
        return output
    }

    private static let paragraphTags: Set<String> = ["p", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"]

    private static let blockTags: Set<String> = ["p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
                                                 "pre", "blockquote", "tr"]

    private static let named: [Substring: Character] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
        "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "copy": "©", "reg": "®", "trade": "™",
    ]

    private static func entity(_ name: Substring) -> Character? {
        if let character = named[name] { return character }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
