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
        return try ids(values, kind: "topic", known: topics, in: db)
    }

    /// The ids of the tracks `values` name; none for no values.
    public static func trackIDs(_ values: [String], in db: Database) throws -> [Int] {
        guard !values.isEmpty else { return [] }
        return try ids(values, kind: "track", known: try db.tracks(), in: db)
    }

    /// The names among `known` that `values` name: each the name it is, else the one name it begins.
    ///
    /// - Throws: ``BrowseError/unknownName(_:kind:choices:searchFinds:)`` or
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

    /// The names among `names` that `text` may have meant, best first, at most `limit`: a name
    /// with a word it is a typo of (`swfit`, `labs`), begins (`mach`) or begins with (`swiftui`
    /// for "Swift"), word for word; none when nothing is that close.
    public static func nearest(_ text: String, among names: [String], limit: Int = 3) -> [String] {
        let typed = words(text)
        guard !typed.isEmpty else { return [] }
        var scored: [(name: String, score: Double)] = []
        for name in names where !scored.contains(where: { $0.name == name }) {
            let own = words(name)
            let perWord = typed.map { word in own.map { closeness(word, $0) }.max() ?? 0 }
            let whole = closeness(typed.joined(), own.joined())
            let score = max(perWord.reduce(0, +) / Double(typed.count), whole)
            if score >= 0.5 { scored.append((name, score)) }
        }
        // Best first; of equals, the store's order.
        let ranked = scored.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
        return ranked.prefix(limit).map(\.element.name)
    }

    /// Lowercased runs of letters and digits.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// How close a typed word is to a name's word, 0 to 1.
    static func closeness(_ typed: String, _ word: String) -> Double {
        if typed == word { return 1 }
        var score = 0.0
        // A typo: an edit for every few letters.
        let allowed = typed.count <= 3 ? 0 : typed.count <= 5 ? 1 : typed.count <= 8 ? 2 : 3
        if allowed > 0, abs(typed.count - word.count) <= allowed, typos(typed, word) <= allowed { score = 0.85 }
        if typed.count >= 3, word.hasPrefix(typed) { score = max(score, 0.8) }
        if word.count >= 3, typed.hasPrefix(word) { score = max(score, 0.8 * Double(word.count) / Double(typed.count)) }
        return score
    }

    /// How many typos turn `a` into `b`: letters left out, added, changed, or two swapped (the
    /// optimal string alignment distance).
    static func typos(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    /// The ids `values` name: an id, else every item of the name `match` finds (items of one
    /// name may stand in several groups). A value that names none says whether a search for its
    /// words finds items.
    private static func ids(_ values: [String], kind: String, known: [(id: Int, name: String)], in db: Database) throws -> [Int] {
        try values.flatMap { value -> [Int] in
            if let id = Int(value), known.contains(where: { $0.id == id }) { return [id] }
            let name: String
            do {
                name = try match([value], kind: kind, known: known.map(\.name))[0]
            } catch BrowseError.unknownName(let value, let kind, let choices, _) {
                throw BrowseError.unknownName(value, kind: kind, choices: choices, searchFinds: try searchFinds(value, in: db))
            }
            return known.filter { $0.name == name }.map(\.id)
        }
    }

    /// Whether a search for `text`'s words finds an item of any event.
    static func searchFinds(_ text: String, in db: Database) throws -> Bool {
        guard let query = SearchQuery(text), query.isWithinBounds else { return false }
        return try !db.schedule(ScheduleQuery(search: text, limit: 1)).isEmpty
    }
}
