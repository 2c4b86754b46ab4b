import ConferenceData
import ConferenceModel
import Foundation

extension PersonalExport {
    /// One list as CSV (``CSVWriter``): a table holds one kind of record. The columns are the JSON
    /// document's fields, in its order; dates in ISO 8601 (UTC); unknown values empty.
    public func csv(_ list: List) -> String {
        typealias F = CSVWriter.Field
        let text = { (value: String?) in value.map(F.text) ?? .none }
        let number = { (value: Double?) in value.map(F.number) ?? .none }
        switch list {
        case .favorites:
            return CSVWriter.document(header: ["id", "title", "event", "start", "end", "url", "updatedAt"], records: (favorites ?? []).map {
                [.text($0.sessionID), text($0.title), text($0.eventID), text($0.start), text($0.end), text($0.url), .date($0.updatedAt)]
            })
        case .bookmarks:
            return CSVWriter.document(header: ["id", "title", "number", "time", "at", "note", "createdAt", "command"], records: (bookmarks ?? []).map {
                [.text($0.sessionID), text($0.title), .integer($0.number), .number($0.time), .text(VideoTime.text($0.time)), .text($0.note),
                 .date($0.createdAt), .text($0.command)]
            })
        case .notes:
            return CSVWriter.document(header: ["id", "title", "text", "updatedAt"], records: (notes ?? []).map {
                [.text($0.sessionID), text($0.title), .text($0.text), .date($0.updatedAt)]
            })
        case .history:
            return CSVWriter.document(header: ["id", "title", "state", "position", "duration", "progress", "updatedAt"], records: (history ?? []).map {
                [.text($0.sessionID), text($0.title), .text($0.state.rawValue), number($0.position), number($0.duration), number($0.progress),
                 .date($0.updatedAt)]
            })
        }
    }
}
