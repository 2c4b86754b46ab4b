/// JSON text, written one way everywhere: a protocol message, a journal line, a player's command
/// (compact) and a command's `--json` (pretty) escape a string alike and write a number alike.
///
/// A string escapes `"` and `\`, a line feed, a carriage return and a tab as `\n`, `\r`, `\t`, the
/// line and paragraph separators (U+2028, U+2029, line breaks to JavaScript) and every other control
/// character (U+0000 to U+001F, U+007F) as `\u00XX`; nothing else, not `/`. So a value's text is on
/// one line, and no terminal control reaches whoever looks at it. A number is written as Swift
/// writes it, shortest first, without a `.0` (`3`, `0.1`, `1e+20`), as `JSONEncoder` writes it; one
/// that is not finite, which JSON cannot hold, is `null`. Object keys are sorted.
public enum JSONWriter {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// On one line, no space anywhere but in strings.
        case compact
        /// `JSONEncoder`'s `.prettyPrinted` layout, byte for byte: two spaces of indent, `"key" : value`,
        /// an empty array or object as its brackets on two lines with an empty line between.
        case pretty
    }

    /// `value` as JSON text.
    public static func text(_ value: JSONValue, layout: Layout) -> String {
        var out = ""
        write(value, layout: layout, indent: 0, to: &out)
        return out
    }

    /// Appends `text` as a JSON string, quotes and all.
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        guard text.utf8.contains(where: needsEscape) else {
            out += text
            out += "\""
            return
        }
        let scalars = text.unicodeScalars
        var run = scalars.startIndex
        var index = run
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[run..<index])
                out += escape
                run = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[run...])
        out += "\""
    }

    /// Appends `value` as a JSON number (`null` when it is not finite).
    public static func appendNumber(_ value: Double, to out: inout String) {
        guard value.isFinite else {
            out += "null"
            return
        }
        let text = value.description
        out += text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)
    }

    /// Whether a byte of a string's UTF-8 may start what the string escapes: an ASCII control, a
    /// quote or a backslash, or the first byte of U+2028 and U+2029 (shared with other characters).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
    }

    private static func write(_ value: JSONValue, layout: Layout, indent: Int, to out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .int(value): out += String(value)
        case let .double(value): appendNumber(value, to: &out)
        case let .string(text): appendString(text, to: &out)
        case let .array(items):
            writeList(opening: "[", closing: "]", count: items.count, layout: layout, indent: indent, to: &out) { index, out in
                write(items[index], layout: layout, indent: indent + 2, to: &out)
            }
        case let .object(members):
            let keys = members.keys.sorted()
            writeList(opening: "{", closing: "}", count: keys.count, layout: layout, indent: indent, to: &out) { index, out in
                appendString(keys[index], to: &out)
                out += layout == .pretty ? " : " : ":"
                write(members[keys[index]]!, layout: layout, indent: indent + 2, to: &out)
            }
        }
    }

    /// An array or object: its brackets around `count` items that `item` writes.
    private static func writeList(opening: String, closing: String, count: Int, layout: Layout, indent: Int, to out: inout String,
                                  _ item: (Int, inout String) -> Void) {
        out += opening
        switch layout {
        case .compact:
            for index in 0..<count {
                if index > 0 { out += "," }
                item(index, &out)
            }
        case .pretty:
            let inner = String(repeating: " ", count: indent + 2)
            if count == 0 { out += "\n" }
            for index in 0..<count {
                out += index > 0 ? ",\n" : "\n"
                out += inner
                item(index, &out)
            }
            out += "\n" + String(repeating: " ", count: indent)
        }
        out += closing
    }
}
