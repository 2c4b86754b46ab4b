import ConferenceData
import ConferenceModel
import Foundation
import JSON

extension PersonalExport {
    /// One list as CSV (``CSVWriter``): a table holds one kind of record. The columns are the fields
    /// of the list's document, in its order, written as its JSON has them (dates in ISO 8601, UTC);
    /// unknown values empty.
    public func csv(_ list: List) -> String {
        switch list {
        case .favorites: Self.csv(favorites ?? [], Favorite.document)
        case .bookmarks: Self.csv(bookmarks ?? [], Bookmark.document)
        case .notes: Self.csv(notes ?? [], Note.document)
        case .history: Self.csv(history ?? [], HistoryEntry.document)
        }
    }

    private static func csv<Entry>(_ entries: [Entry], _ shape: DocumentShape<Entry>) -> String {
        let names = shape.fields.map(\.description.name)
        return CSVWriter.document(header: names, records: entries.map { entry in
            let members = shape.json(entry, context).objectValue ?? [:]
            return names.map { CSVWriter.Field(members[$0] ?? .null) }
        })
    }
}

extension CSVWriter.Field {
    /// A document's value as a field: text as text (a date is its ISO 8601 text), numbers as numbers.
    init(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .text(text)
        case .int(let number): self = .integer(Int(number))
        case .double(let number): self = .number(number)
        case .bool(let flag): self = .text(flag ? "true" : "false")
        case .null, .array, .object: self = .none
        }
    }
}
