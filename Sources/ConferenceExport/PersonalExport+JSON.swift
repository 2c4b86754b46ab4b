import ConferenceData
import ConferenceModel
import Foundation

/// The export as JSON: an object with a key for each list asked for (`favorites`, `bookmarks`,
/// `notes`, `history`), each an array of objects whose fields are all present, `null` when unknown.
/// Dates are encoded with the encoder's strategy; the field names are an interface (the manual
/// page lists them).
extension PersonalExport: Encodable {
    private enum Key: String, CodingKey {
        case favorites, bookmarks, notes, history
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(favorites, forKey: .favorites)
        try container.encodeIfPresent(bookmarks, forKey: .bookmarks)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encodeIfPresent(history, forKey: .history)
    }
}

extension PersonalExport.Favorite: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PersonalExport.FieldKey.self)
        try container.encode(sessionID, forKey: "id")
        try container.encodeAlways(title, forKey: "title")
        try container.encodeAlways(eventID, forKey: "event")
        try container.encodeAlways(start, forKey: "start")
        try container.encodeAlways(end, forKey: "end")
        try container.encodeAlways(url, forKey: "url")
        try container.encode(updatedAt, forKey: "updatedAt")
    }
}

extension PersonalExport.Bookmark: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PersonalExport.FieldKey.self)
        try container.encode(sessionID, forKey: "id")
        try container.encodeAlways(title, forKey: "title")
        try container.encode(number, forKey: "number")
        try container.encode(time, forKey: "time")
        try container.encode(VideoTime.text(time), forKey: "at")
        try container.encode(note, forKey: "note")
        try container.encode(createdAt, forKey: "createdAt")
        try container.encode(command, forKey: "command")
    }
}

extension PersonalExport.Note: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PersonalExport.FieldKey.self)
        try container.encode(sessionID, forKey: "id")
        try container.encodeAlways(title, forKey: "title")
        try container.encode(text, forKey: "text")
        try container.encode(updatedAt, forKey: "updatedAt")
    }
}

extension PersonalExport.HistoryEntry: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PersonalExport.FieldKey.self)
        try container.encode(sessionID, forKey: "id")
        try container.encodeAlways(title, forKey: "title")
        try container.encode(state.rawValue, forKey: "state")
        try container.encodeAlways(position, forKey: "position")
        try container.encodeAlways(duration, forKey: "duration")
        try container.encodeAlways(progress, forKey: "progress")
        try container.encode(updatedAt, forKey: "updatedAt")
    }
}

extension PersonalExport {
    /// A field's name in JSON.
    struct FieldKey: CodingKey, ExpressibleByStringLiteral {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { stringValue = value }
    }
}

private extension KeyedEncodingContainer {
    /// Writes `value`, or `null` when it is nil: every field is always there.
    mutating func encodeAlways<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
