import Foundation
import SQLiteDatabase

/// What a person names in a filter, matched against what the store has: an event (its id, name,
/// web key or year), topics and tracks (a name, a unique prefix of one, or an id), session types
/// and platforms (a name or a unique prefix). Case never matters. The commands' options and the
/// assistants' tools read filters through it, so both accept the same words.
public enum FilterNames {
    /// The events `text` names (nil for every event, named `all`) and the event whose calendar
    /// days a day counts in; without text, the current event.
    ///
    /// - Throws: ``BrowseError/unknownEvent(_:known:current:)`` with the events there are.
    public static func events(_ text: String?, in db: Database) throws -> (ids: [String]?, primary: EventSummary?) {
        let events = try db.events()
        guard let text else { return (events.first.map { [$0.id] } ?? [], events.first) }
        let lowered = text.lowercased()
        if lowered == "all" { return (nil, events.first) }
        let found = events.first { $0.id.lowercased() == lowered }
            ?? events.first { $0.webURLKey?.lowercased() == lowered || $0.name.lowercased() == lowered }
            ?? events.first { event in
                guard let number = Int(lowered), let start = event.startTime else { return false }
                let year = LocalTime(secondsSince1970: start, utcOffset: event.utcOffset ?? 0).date.year
                return lowered.count == 4 ? year == number : lowered.count == 2 && year % 100 == number
            }
        guard let found else {
            throw BrowseError.unknownEvent(text, known: events.map(\.id), current: events.first { $0.isCurrent }?.id)
        }
        return ([found.id], found)
    }

    /// The ids of the topics `values` name; none for no values.
    ///
    /// - Throws: ``BrowseError/noTopics`` when the store has none (feeds before 2020), or a
    ///   ``BrowseError`` naming the value that names no topic, or more than one.
    public static func topicIDs(_ values: [String], in db: Database) throws -> [Int] {
        guard !values.isEmpty else { return [] }
        let topics = try db.topics()
        guard !topics.isEmpty else { throw BrowseError.noTopics }
        return try ids(values, kind: "topic", known: topics)
    }

    /// The ids of the tracks `values` name; none for no values.
    public static func trackIDs(_ values: [String], in db: Database) throws -> [Int] {
        guard !values.isEmpty else { return [] }
        return try ids(values, kind: "track", known: try db.tracks())
    }

    /// The names among `known` that `values` name: each the name it is, else the one name it begins.
    ///
    /// - Throws: ``BrowseError/unknownName(_:kind:choices:)`` or
    ///   ``BrowseError/ambiguousName(_:kind:choices:)``, `kind` saying what was looked for.
    public static func match(_ values: [String], kind: String, known: @autoclosure () throws -> [String]) throws -> [String] {
        guard !values.isEmpty else { return [] }
        let known = try known()
        return try values.map { value in
            let lowered = value.lowercased()
            if let exact = known.first(where: { $0.lowercased() == lowered }) { return exact }
            var prefixed: [String] = []
            for name in known where name.lowercased().hasPrefix(lowered) && !prefixed.contains(name) { prefixed.append(name) }
            guard prefixed.count == 1 else {
                var choices: [String] = []
                for name in known where !choices.contains(name) { choices.append(name) }
                throw prefixed.isEmpty ? BrowseError.unknownName(value, kind: kind, choices: choices)
                    : BrowseError.ambiguousName(value, kind: kind, choices: choices)
            }
            return prefixed[0]
        }
    }

    /// The ids `values` name: an id, else every item of the name `match` finds (items of one
    /// name may stand in several groups).
    private static func ids(_ values: [String], kind: String, known: [(id: Int, name: String)]) throws -> [Int] {
        try values.flatMap { value -> [Int] in
            if let id = Int(value), known.contains(where: { $0.id == id }) { return [id] }
            let name = try match([value], kind: kind, known: known.map(\.name))[0]
            return known.filter { $0.name == name }.map(\.id)
        }
    }
}
