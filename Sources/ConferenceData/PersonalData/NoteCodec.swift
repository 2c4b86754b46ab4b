import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// A session's note: `{"text":…}`, kept in `notes` (whose triggers keep the personal search index).
/// A change rewrites the row; a removal deletes it.
enum NoteCodec: PersonalCodec {
    struct Value: PersonalValue {
        var text: String

        init(text: String) { self.text = text }

        static let memberNames = ["text"]

        init?(members object: PersonalMembers) {
            guard case .string(let text)? = object["text"] else { return nil }
            self.init(text: text)
        }
    }

    static let kind = PersonalKind.note
    static let key: @Sendable (SessionNote) -> String = \.sessionID

    static func value(of note: SessionNote) -> Value? { Value(text: note.text) }

    static func item(_ value: Value, of change: PersonalChange) -> SessionNote? {
        SessionNote(sessionID: change.key, text: value.text, updatedAt: change.changedAt)
    }

    static let table = StoredTable<SessionNote>("notes", key: [StoredColumn("session_id", key)], columns: [
        StoredColumn("text", \.text),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
    ])

    static func item(from row: Statement) -> SessionNote {
        SessionNote(sessionID: row.string("session_id") ?? "", text: row.string("text") ?? "",
                    updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
    }

    static func content(_ note: SessionNote) -> PersonalChange.Content { .note(note) }

    static func item(in content: PersonalChange.Content) -> SessionNote? {
        if case .note(let note) = content { note } else { nil }
    }
}
