import ConferenceModel
import Foundation
import SQLiteDatabase

/// Turns what a user types into a session id: `wwdc2017-402`, `402` (in the current event, else in
/// the most recent conference that has it), a link to its page (``SessionLink``:
/// `developer.apple.com/videos/play/wwdc2017/402/`, `developer.apple.com/wwdc17/402`), or an id as
/// the listings print it.
public enum SessionResolver {
    /// A session a bare number named outside the current event (which may have no sessions yet,
    /// between conferences): the event it was found in.
    public struct Elsewhere: Equatable, Sendable {
        public var number: Int
        /// The current event's name (nil when there is none).
        public var currentEvent: String?
        /// The name of the event the session is in.
        public var event: String
    }

    /// The stored id of the session `input` names: a key for the store's other calls, not text to
    /// print (the read models carry the id as it may be printed).
    public static func resolve(_ input: String, in db: Database) throws -> String {
        try resolution(input, in: db).id
    }

    /// The stored id of the session `input` names, and where a bare number was found when not in
    /// the current event.
    ///
    /// - Throws: ``BrowseError/unknownSession(_:suggestions:)`` with what it may have meant: for a
    ///   number no conference has, the items of other events that have it;
    ///   ``BrowseError/notASessionLink(_:_:)`` for a link that names no session.
    public static func resolution(_ input: String, in db: Database) throws -> (id: String, elsewhere: Elsewhere?) {
        let found = try moment(input, in: db)
        return (found.id, found.elsewhere)
    }

    /// ``resolution(_:in:)``, with the moment a link names (its `?time=`, in seconds).
    public static func moment(_ input: String, in db: Database) throws -> (id: String, elsewhere: Elsewhere?, time: Int?) {
        let text = input.trimmingCharacters(in: .whitespaces)
        guard try db.fetchInt("SELECT count(*) FROM sessions") ?? 0 > 0 else { throw BrowseError.emptyStore }
        if try db.fetchInt("SELECT 1 FROM sessions WHERE id = ?", [text]) != nil { return (text, nil, nil) }
        switch SessionLink.pasted(text) {
        case let .page(path, number, time)?:
            if let id = try session(atPath: path, number: number, in: db) { return (id, nil, time) }
            throw BrowseError.unknownSession(input, suggestions: try items(numbered: number, in: db))
        case let .refused(refusal)?:
            throw BrowseError.notASessionLink(input, refusal)
        case nil:
            let (id, elsewhere) = try resolution(of: text, input: input, in: db)
            return (id, elsewhere, nil)
        }
    }

    /// The session of a link's page: number `number` of the event whose page path is `path` (its
    /// `webUrlKey`, `wwdc19` or `videos/play/tech-talks`, or the videos' path and its id,
    /// `videos/play/wwdc2019`, in any case); the most recent event's when several answer.
    static func session(atPath path: String, number: Int, in db: Database) throws -> String? {
        try db.fetchString("""
            SELECT s.id FROM sessions s JOIN events e ON e.id = s.event_id
            WHERE s.event_content_id = ?
              AND (trim(e.web_url_key, '/') = ? COLLATE NOCASE OR ? || '/' || e.id = ? COLLATE NOCASE)
            ORDER BY e.start_time DESC, s.id LIMIT 1
            """, [number, path, SessionLink.videosPath, path])
    }

    /// What text that is no link names: an id, a number, an id in another case or as printed.
    private static func resolution(of text: String, input: String, in db: Database) throws -> (id: String, elsewhere: Elsewhere?) {
        let current = try currentEvent(in: db)
        let number = text.allSatisfy(\.isASCII) ? Int(text) : nil
        if let number, let current,
           let id = try db.fetchString("SELECT id FROM sessions WHERE event_id = ? AND event_content_id = ?", [current, number]) {
            return (id, nil)
        }
        if let number, let found = try db.fetchOne("""
               SELECT s.id, e.name FROM sessions s JOIN events e ON e.id = s.event_id
               WHERE s.event_content_id = ? AND \(conference) ORDER BY e.start_time DESC, e.id DESC LIMIT 1
               """, [number], { ($0.string("id") ?? "", Clean.line($0.string("name") ?? "")) }) {
            let currentName = try current.flatMap { try db.fetchString("SELECT name FROM events WHERE id = ?", [$0]) }.map(Clean.line)
            return (found.0, Elsewhere(number: number, currentEvent: currentName, event: found.1))
        }
        // Ids in another case (they are ASCII, and stored in lower case): `WWDC2026-101` as typed or copied from a title.
        if let id = try db.fetchString("SELECT id FROM sessions WHERE id = ? COLLATE NOCASE ORDER BY id LIMIT 1", [text]) {
            return (id, nil)
        }
        // An id with characters the listings leave out (control or invisible ones) is found as printed.
        if let id = try db.fetchAll("SELECT id FROM sessions", [], { $0.string("id") ?? "" }).first(where: { Clean.line($0) == text }) {
            return (id, nil)
        }
        if let number {
            throw BrowseError.unknownSession(input, suggestions: try items(numbered: number, in: db))
        }
        throw BrowseError.unknownSession(input, suggestions: try suggestions(for: text, in: db))
    }

    /// Which events are conferences, for a query that joins them as `e`: WWDC's, whose ids are
    /// `wwdc` and the year (`wwdc2019`), not the collections a feed also calls events (`news`,
    /// `articles`, `insights`, `tech-talks`), whose numbers are not a conference's sessions.
    static let conference = "lower(e.id) GLOB 'wwdc[0-9]*'"

    /// The items numbered `number` in any event, the most recent event first (at most five).
    static func items(numbered number: Int, in db: Database) throws -> [SessionSuggestion] {
        try db.readAll("""
            SELECT s.id, s.title FROM sessions s LEFT JOIN events e ON e.id = s.event_id
            WHERE s.event_content_id = ? ORDER BY e.start_time DESC, s.id LIMIT 5
            """, [number]) { SessionSuggestion(id: $0.text("id"), title: $0.line("title")) }
            .filter { !$0.id.hasPrefix("-") }
    }

    /// The event marked current, else the one that starts last.
    public static func currentEvent(in db: Database) throws -> String? {
        try db.readOne("SELECT id FROM events ORDER BY is_current DESC, start_time DESC LIMIT 1") { $0.text("id") }
    }

    /// The conference (a WWDC, not a collection) with sessions that starts last: what stands in
    /// for a current event that has none yet (every year from the event's announcement to its first day).
    public static func latestConferenceWithSessions(in db: Database) throws -> String? {
        try db.readOne("""
            SELECT e.id FROM events e WHERE \(conference) AND EXISTS (SELECT 1 FROM sessions s WHERE s.event_id = e.id)
            ORDER BY e.start_time DESC, e.id DESC LIMIT 1
            """) { $0.text("id") }
    }

    /// What `text` may have meant: the closest session id when it is close enough to be a typo (at
    /// most 3 edits, and a third of what was typed), else up to three sessions whose titles hold
    /// every word of it as a search (the current event's first). Nothing when the match is weak: a
    /// title that holds the words only in passing (fewer than 4 letters typed, and less than a
    /// third of the title's), or words found only in a description.
    static func suggestions(for text: String, in db: Database) throws -> [SessionSuggestion] {
        // Never an id that a command line would take for an option (a store synced before such
        // ids were refused may hold one).
        let ids = try db.readAll("SELECT id FROM sessions") { $0.text("id") }.filter { !$0.hasPrefix("-") }
        var best: (id: String, distance: Int)?
        let typed = text.lowercased()
        let limit = min(3, typed.count / 3)
        for id in ids where limit > 0 {
            let distance = editDistance(id.lowercased(), typed, limit: limit)
            if distance <= limit, distance < (best?.distance ?? limit + 1) { best = (id, distance) }
        }
        if let best {
            let title = try db.readOne("SELECT title FROM sessions WHERE id = ?", [best.id]) { $0.line("title") } ?? nil
            return [SessionSuggestion(id: best.id, title: title)]
        }
        // The words as typed, then each as a prefix ("keynot" for "Keynote"); the current event
        // first, then every event.
        let prefixes = text.contains { "\"*".contains($0) } ? nil
            : text.split(whereSeparator: \.isWhitespace).map { $0 + "*" }.joined(separator: " ")
        let scopes: [[String]?] = try currentEvent(in: db).map { [[$0], nil] } ?? [nil]
        for search in [text, prefixes].compactMap({ $0 }) where SearchQuery(search)?.isWithinBounds == true {
            guard let query = SearchQuery(search) else { continue }
            for scope in scopes {
                let hits = try db.schedule(ScheduleQuery(eventIDs: scope, search: search, limit: 3))
                    .filter { !$0.sessionID.hasPrefix("-") && isStrong(query, title: $0.title) }
                if !hits.isEmpty { return hits.map { SessionSuggestion(id: $0.sessionID, title: $0.title) } }
            }
        }
        return []
    }

    /// Whether `title` is a strong match for `query`: it holds every term, and the terms are a real
    /// part of it (4 letters or more, or a third of the title's letters).
    static func isStrong(_ query: SearchQuery, title: String) -> Bool {
        guard query.terms.allSatisfy({ SearchQuery(terms: [$0]).matches(in: title).isEmpty == false }) else { return false }
        let typed = query.terms.reduce(0) { $0 + $1.tokens.reduce(0) { $0 + $1.count } }
        let letters = SearchQuery.tokens(in: title).reduce(0) { $0 + title[$1].count }
        return typed >= 4 || typed * 3 >= letters
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMinimum = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
