import ConferenceModel
import Foundation

/// Comma-separated values as RFC 4180 writes them: a header line, then a line per record, each
/// ending in CRLF; a field holding a comma, a double quote, a CR or an LF is enclosed in double
/// quotes, its quotes doubled. A parser that follows the RFC reads every field back exactly.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a CR) as a formula,
/// and some trim the blanks before it first, so a title or a note from anywhere could run one on the
/// machine of whoever opens the file. A text field that starts with one of those, or with blanks and
/// then `=`, `+`, `-` or `@`, or with `'`, gets a `'` before it (OWASP's CSV injection advice; a
/// spreadsheet shows the text as it was): reading a file back, drop one leading `'` from a text
/// field that has one. Numbers are written as numbers and never get it.
public enum CSVWriter {
    public enum Field: Equatable, Sendable {
        case text(String)
        case number(Double)
        case integer(Int)
        case date(Date)
        /// Nothing: an empty field.
        case none
    }

    /// The characters that make a spreadsheet read a cell as a formula after any blanks.
    static let formulaSigns: Set<Unicode.Scalar> = ["=", "+", "-", "@"]
    /// What a cell may not start with unguarded: those, a tab or a CR, and the quote that marks one defused.
    static let formulaStarts: Set<Unicode.Scalar> = formulaSigns.union(["\t", "\r", "'"])

    /// Whether `text` gets the `'` guard. Scalars, not characters: `=` with a combining mark after
    /// it is one character, and still a formula.
    static func needsGuard(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if formulaStarts.contains(first) { return true }
        guard first.properties.isWhitespace else { return false }
        return text.unicodeScalars.first { !$0.properties.isWhitespace }.map(formulaSigns.contains) ?? false
    }

    public static func document(header: [String], records: [[Field]]) -> String {
        ([header.map(Field.text)] + records).map { record in record.map(text).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One field as written, quoted where it must be.
    static func text(_ field: Field) -> String {
        let raw: String
        switch field {
        case .text(let text): raw = needsGuard(text) ? "'" + text : text
        case .number(let number): raw = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .integer(let number): raw = String(number)
        case .date(let date): raw = ISO8601DateFormatter().string(from: date)
        case .none: raw = ""
        }
        guard raw.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return raw }
        return "\"" + raw.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
