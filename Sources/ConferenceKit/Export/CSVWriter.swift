import Foundation

/// Comma-separated values as RFC 4180 writes them: a header line, then a line per record, each
/// ending in CRLF; a field holding a comma, a double quote, a CR or an LF is enclosed in double
/// quotes, its quotes doubled. A parser that follows the RFC reads every field back exactly.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a CR) as a formula,
/// so a title or a note from anywhere could run one on the machine of whoever opens the file. A
/// text field that starts with one of those, or with `'`, gets a `'` before it (OWASP's CSV
/// injection advice; a spreadsheet shows the text as it was): reading a file back, drop one leading
/// `'` from a text field that has one. Numbers are written as numbers and never get it.
public enum CSVWriter {
    public enum Field: Equatable, Sendable {
        case text(String)
        case number(Double)
        case integer(Int)
        case date(Date)
        /// Nothing: an empty field.
        case none
    }

    /// The characters that make a spreadsheet read a cell as a formula, and the quote that marks one defused.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n", "'"]

    public static func document(header: [String], records: [[Field]]) -> String {
        ([header.map(Field.text)] + records).map { record in record.map(text).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One field as written, quoted where it must be.
    static func text(_ field: Field) -> String {
        let raw: String
        switch field {
        case .text(let text): raw = text.first.map(formulaStarts.contains) == true ? "'" + text : text
        case .number(let number): raw = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .integer(let number): raw = String(number)
        case .date(let date): raw = ISO8601DateFormatter().string(from: date)
        case .none: raw = ""
        }
        guard raw.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return raw }
        return "\"" + raw.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
