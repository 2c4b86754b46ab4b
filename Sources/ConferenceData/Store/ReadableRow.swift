/// The current row of a query, read by column name: as stored (``StoredRow``: what the sync's
/// writers compare a feed with) or cleaned for printing (``CleanRow``: what the read models are
/// made of), so that one reader of a row (`Chapter(row:)`) serves both.
public protocol ReadableRow {
    /// One line of text (a title, a name, a URL); nil for NULL.
    func line(_ column: String) -> String?
    /// Text whose paragraphs are kept (a description, code); nil for NULL.
    func paragraphs(_ column: String) -> String?
    /// A whole number (0 for NULL).
    func int(_ column: String) -> Int
    /// A real number (0 for NULL).
    func double(_ column: String) -> Double
    /// A real number; nil for NULL.
    func optionalDouble(_ column: String) -> Double?
}

extension ReadableRow {
    /// One line of text, `""` for NULL.
    public func text(_ column: String) -> String {
        line(column) ?? ""
    }
}
