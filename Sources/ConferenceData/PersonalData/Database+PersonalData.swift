import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    // MARK: The change record

    /// Applies `change`: writes the item's table (a removal deletes the row) and keeps the change as
    /// the latest of its (kind, key) in `personal_changes`, the outbox of personal data. A change of
    /// an unknown kind, or with a value this program cannot read, is kept there alone.
    ///
    /// The one writer of personal data: local edits, a rebuild's restore and changes received from
    /// elsewhere all come through it.
    public func apply(_ change: PersonalChange) throws {
        try apply(change, content: change.content)
    }

    /// Applies `change` whose value was read already (`content`, nil when it cannot be read).
    func apply(_ change: PersonalChange, content: PersonalChange.Content?) throws {
        try writeItem(change, content: content)
        try recordChange(change)
    }

    /// Writes the item's table as `change` sets it (nothing for an unknown kind or an unreadable value).
    private func writeItem(_ change: PersonalChange, content: PersonalChange.Content?) throws {
        switch (change.kind, content) {
        case (.progress, .progress(let progress)?):
            try execute("""
                INSERT INTO watch_progress (session_id, position, duration, watched, updated_at)
                VALUES (:session_id, :position, :duration, :watched, :updated_at)
                ON CONFLICT (session_id) DO UPDATE SET position = excluded.position, duration = excluded.duration,
                    watched = excluded.watched, updated_at = excluded.updated_at
                """, named: [":session_id": progress.sessionID, ":position": progress.position, ":duration": progress.duration,
                             ":watched": progress.watched, ":updated_at": progress.updatedAt.timeIntervalSince1970])
        case (.progress, .removal?):
            try execute("DELETE FROM watch_progress WHERE session_id = ?", [change.key])
        case (.bookmark, .bookmark(let bookmark)?):
            try execute("""
                INSERT INTO bookmarks (id, session_id, time, note, created_at) VALUES (:id, :session_id, :time, :note, :created_at)
                ON CONFLICT (id) DO UPDATE SET session_id = excluded.session_id, time = excluded.time, note = excluded.note,
                    created_at = excluded.created_at
                """, named: [":id": bookmark.id, ":session_id": bookmark.sessionID, ":time": bookmark.time, ":note": bookmark.note,
                             ":created_at": bookmark.createdAt.timeIntervalSince1970])
        case (.bookmark, .removal?):
            try execute("DELETE FROM bookmarks WHERE id = ?", [change.key])
        case (.note, .note(let note)?):
            try execute("""
                INSERT INTO notes (session_id, text, updated_at) VALUES (:session_id, :text, :updated_at)
                ON CONFLICT (session_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                """, named: [":session_id": note.sessionID, ":text": note.text, ":updated_at": note.updatedAt.timeIntervalSince1970])
        case (.note, .removal?):
            try execute("DELETE FROM notes WHERE session_id = ?", [change.key])
        case (.favorite, .favorite?), (.favorite, .removal?):
            // From elsewhere (a favorite made here writes its row itself): waiting for an account
            // service, when there is one, like a favorite made here.
            var isFavorite = false
            if case .favorite(let value)? = content { isFavorite = value }
            if try isFavorite || favorite(sessionID: change.key) != nil {
                try saveFavorite(Favorite(sessionID: change.key, isFavorite: isFavorite, syncState: .pending, updatedAt: change.changedAt,
                                          version: change.version))
            }
        case (.rating, .rating(var feedback)?):
            feedback.version = change.version
            try writeFeedback(feedback, update: .always(keeping: ["client_id", "created_at"]))
        case (.rating, .removal?):
            try execute("DELETE FROM feedback WHERE session_id = ?", [change.key])
        default:
            break
        }
    }

    /// Keeps `change` as the latest of its (kind, key) in `personal_changes` without writing the
    /// item's table: for a change whose table was written otherwise (a favorite or a feedback made
    /// here, a rebuild's restore).
    public func recordChange(_ change: PersonalChange) throws {
        try execute("""
            INSERT INTO personal_changes (kind, key, value, version, changed_at, clock)
            VALUES (:kind, :key, :value, :version, :changed_at, :clock)
            ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, version = excluded.version, changed_at = excluded.changed_at,
                clock = excluded.clock
            """, named: [":kind": change.kind.rawValue, ":key": change.key, ":value": change.value, ":version": change.version,
                         ":changed_at": change.changedAt.timeIntervalSince1970, ":clock": change.clock])
    }

    /// The changes made here that no sync folder holds yet (no clock), oldest first.
    public func unclockedPersonalChanges() throws -> [PersonalChange] {
        try fetchAll("""
            SELECT kind, key, value, version, changed_at, clock FROM personal_changes WHERE clock = '' ORDER BY version, kind, key
            """, [], Database.personalChange(from:))
    }

    /// The latest change of every item, each with its clock (the state a sync folder's snapshot holds).
    public func allPersonalChanges() throws -> [PersonalChange] {
        try fetchAll("SELECT kind, key, value, version, changed_at, clock FROM personal_changes ORDER BY kind, key", [],
                     Database.personalChange(from:))
    }

    /// Hands the latest change of every item that has a clock to `body`, one row at a time (the
    /// state a sync folder's snapshot holds, never all in memory).
    public func forEachClockedPersonalChange(_ body: (PersonalChange) throws -> Void) throws {
        try makeStatement("SELECT kind, key, value, version, changed_at, clock FROM personal_changes WHERE clock != '' ORDER BY kind, key")
            .forEachRow { try body(Database.personalChange(from: $0)) }
    }

    /// Whether any item's latest change has a clock `machine` gave it (one it wrote to a sync folder).
    public func hasPersonalChange(clockedBy machine: String) throws -> Bool {
        // A clock is `<wall, 18 digits>-<counter, 6 digits>-<machine>`: its machine starts at the 27th character.
        try fetchInt("SELECT EXISTS (SELECT 1 FROM personal_changes WHERE clock != '' AND substr(clock, 27) = ?)", [machine]) == 1
    }

    /// The clock of the latest change here of each item `changes` change ("" for one not yet in a
    /// sync folder; nil for an item with none), one statement run for each.
    public func personalClocks(of changes: [PersonalChange]) throws -> [String?] {
        let statement = try cachedStatement("SELECT clock FROM personal_changes WHERE kind = ? AND key = ?")
        defer { statement.reset() }
        return try changes.map { change in
            statement.reset()
            try statement.bind(change.kind.rawValue, at: 1)
            try statement.bind(change.key, at: 2)
            return try statement.step() ? statement.string("clock") : nil
        }
    }

    /// About how many bytes a sync folder's snapshot of the items whose latest change has a clock
    /// takes: their keys, kinds, clocks and values (each quote of a value escaped), and the rest of
    /// each line (its time, the field names: 63 bytes).
    public func clockedPersonalStateBytes() throws -> Int {
        try fetchOne("""
            SELECT coalesce(sum(63 + length(CAST(key AS BLOB)) + length(CAST(kind AS BLOB)) + length(CAST(clock AS BLOB))
                + coalesce(length(CAST(value AS BLOB)) + length(value) - length(replace(value, '"', '')), 2)), 0) AS bytes
            FROM personal_changes WHERE clock != ''
            """, []) { $0.int("bytes") } ?? 0
    }

    /// Gives the change of (kind, key) the clock it was written to a sync folder with, if it is
    /// still the version written (a change made meanwhile keeps waiting). True when it was.
    @discardableResult
    public func setClock(_ clock: String, of change: PersonalChange) throws -> Bool {
        try execute("UPDATE personal_changes SET clock = :clock WHERE kind = :kind AND key = :key AND version = :version AND clock = ''",
                    named: [":clock": clock, ":kind": change.kind.rawValue, ":key": change.key, ":version": change.version])
        return changesCount > 0
    }

    /// The clock of every item's latest change, by kind then key ("" for a change not yet in a sync folder).
    public func personalClocks() throws -> [PersonalKind: [String: String]] {
        var clocks: [PersonalKind: [String: String]] = [:]
        for (kind, key, clock) in try fetchAll("SELECT kind, key, clock FROM personal_changes", [], { row in
            (row.string("kind") ?? "", row.string("key") ?? "", row.string("clock") ?? "")
        }) {
            clocks[PersonalKind(rawValue: kind), default: [:]][key] = clock
        }
        return clocks
    }

    /// Applies a change received from a sync folder: a new version here, its clock kept, so it is
    /// not written back to the folder.
    public func applyReceived(_ change: PersonalChange) throws {
        try applyReceived([change])
    }

    /// Applies changes received from a sync folder, in their order: new versions here, taken from
    /// the change counter at once.
    public func applyReceived(_ changes: [PersonalChange]) throws {
        try applyReceived(changes.map { ($0, $0.content) })
    }

    /// Applies changes received from a sync folder whose values were read already, each of a
    /// different item: what `apply` does to each, in statements of many rows. The notes' and
    /// bookmarks' triggers write the search index, which flushes what it holds at every statement:
    /// once per few hundred items, not once per item. Their tables are written last, each in the
    /// changes' order, so the index holds its rows in the order one by one would.
    public func applyReceived(_ changes: [(change: PersonalChange, content: PersonalChange.Content?)]) throws {
        guard !changes.isEmpty else { return }
        let first = try nextChangeVersions(changes.count)
        var records: [[DatabaseValue]] = []
        var progress: [[DatabaseValue]] = [], unwatched: [[DatabaseValue]] = []
        var notes: [[DatabaseValue]] = [], removedNotes: [[DatabaseValue]] = []
        var bookmarks: [[DatabaseValue]] = [], removedBookmarks: [[DatabaseValue]] = []
        records.reserveCapacity(changes.count)
        for (offset, (change, content)) in changes.enumerated() {
            var received = change
            received.version = first + Int64(offset)
            switch (received.kind, content) {
            case (.progress, .progress(let value)?):
                progress.append([.text(value.sessionID), value.position.databaseValue, value.duration.databaseValue,
                                 value.watched.databaseValue, .real(value.updatedAt.timeIntervalSince1970)])
            case (.progress, .removal?):
                unwatched.append([.text(received.key)])
            case (.note, .note(let value)?):
                notes.append([.text(value.sessionID), .text(value.text), .real(value.updatedAt.timeIntervalSince1970)])
            case (.note, .removal?):
                removedNotes.append([.text(received.key)])
            case (.bookmark, .bookmark(let value)?):
                bookmarks.append([.text(value.id), .text(value.sessionID), .real(value.time), .text(value.note),
                                  .real(value.createdAt.timeIntervalSince1970)])
            case (.bookmark, .removal?):
                removedBookmarks.append([.text(received.key)])
            default:
                try writeItem(received, content: content)
            }
            records.append([.text(received.kind.rawValue), .text(received.key), received.value.databaseValue, .integer(received.version),
                            .real(received.changedAt.timeIntervalSince1970), .text(received.clock)])
        }
        try execute("INSERT INTO personal_changes (kind, key, value, version, changed_at, clock) VALUES", rows: records, "(?, ?, ?, ?, ?, ?)", """
            ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, version = excluded.version, changed_at = excluded.changed_at,
                clock = excluded.clock
            """)
        try execute("DELETE FROM watch_progress WHERE session_id IN (", rows: unwatched, "?", ")")
        try execute("INSERT INTO watch_progress (session_id, position, duration, watched, updated_at) VALUES", rows: progress, "(?, ?, ?, ?, ?)", """
            ON CONFLICT (session_id) DO UPDATE SET position = excluded.position, duration = excluded.duration,
                watched = excluded.watched, updated_at = excluded.updated_at
            """)
        try execute("DELETE FROM notes WHERE session_id IN (", rows: removedNotes, "?", ")")
        try execute("INSERT INTO notes (session_id, text, updated_at) VALUES", rows: notes, "(?, ?, ?)", """
            ON CONFLICT (session_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
            """)
        try execute("DELETE FROM bookmarks WHERE id IN (", rows: removedBookmarks, "?", ")")
        try execute("INSERT INTO bookmarks (id, session_id, time, note, created_at) VALUES", rows: bookmarks, "(?, ?, ?, ?, ?)", """
            ON CONFLICT (id) DO UPDATE SET session_id = excluded.session_id, time = excluded.time, note = excluded.note,
                created_at = excluded.created_at
            """)
    }

    private static func personalChange(from row: Statement) -> PersonalChange {
        PersonalChange(kind: PersonalKind(rawValue: row.string("kind") ?? ""), key: row.string("key") ?? "", value: row.string("value"),
                       version: row.int64("version"), changedAt: Date(timeIntervalSince1970: row.double("changed_at")),
                       clock: row.string("clock") ?? "")
    }

    /// The latest change of every personal item whose version is above `version`, oldest first: what
    /// a backend that has sent everything up to `version` has still to send.
    public func personalChanges(after version: Int64 = 0) throws -> [PersonalChange] {
        try fetchAll("""
            SELECT kind, key, value, version, changed_at, clock FROM personal_changes WHERE version > ? ORDER BY version, kind, key
            """, [version], Database.personalChange(from:))
    }

    /// The latest change of one item.
    public func personalChange(_ kind: PersonalKind, key: String) throws -> PersonalChange? {
        try personalChanges(kind: kind, keys: [key]).first
    }

    private func personalChanges(kind: PersonalKind, keys: [String]) throws -> [PersonalChange] {
        try fetchAll(literal: """
            SELECT kind, key, value, version, changed_at, clock FROM personal_changes WHERE kind = \(kind.rawValue) AND key IN (\(list: keys))
            """, Database.personalChange(from:))
    }

    // MARK: The items as stored

    /// A session's watch progress.
    public func watchProgress(sessionID: String) throws -> WatchProgress? {
        try fetchOne("SELECT session_id, position, duration, watched, updated_at FROM watch_progress WHERE session_id = ?",
                     [sessionID], Database.watchProgress(from:))
    }

    /// Every watch progress, by session id.
    public func allWatchProgress() throws -> [WatchProgress] {
        try fetchAll("SELECT session_id, position, duration, watched, updated_at FROM watch_progress ORDER BY session_id",
                     [], Database.watchProgress(from:))
    }

    /// A session's bookmarks in time order (their numbers, 1 up, are their places here), or every
    /// session's, by session id, when `sessionID` is nil.
    ///
    /// The notes are as stored: sanitise them before printing (the browsing reads do).
    public func storedBookmarks(sessionID: String? = nil) throws -> [Bookmark] {
        let filter = sessionID == nil ? "" : "WHERE session_id = ? "
        return try fetchAll("SELECT id, session_id, time, note, created_at FROM bookmarks \(filter)ORDER BY session_id, time, created_at, id",
                            sessionID.map { [$0] } ?? []) { row in
            Bookmark(id: row.string("id") ?? "", sessionID: row.string("session_id") ?? "", time: row.double("time"),
                     note: row.string("note") ?? "", createdAt: Date(timeIntervalSince1970: row.double("created_at")))
        }
    }

    /// A session's note as stored (sanitise before printing).
    public func storedNote(sessionID: String) throws -> SessionNote? {
        try fetchOne("SELECT session_id, text, updated_at FROM notes WHERE session_id = ?", [sessionID], Database.note(from:))
    }

    /// Every note as stored, by session id.
    public func storedNotes() throws -> [SessionNote] {
        try fetchAll("SELECT session_id, text, updated_at FROM notes ORDER BY session_id", [], Database.note(from:))
    }

    private static func watchProgress(from row: Statement) -> WatchProgress {
        WatchProgress(sessionID: row.string("session_id") ?? "", position: row.optionalDouble("position"),
                      duration: row.optionalDouble("duration"), watched: row.int("watched") != 0,
                      updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
    }

    private static func note(from row: Statement) -> SessionNote {
        SessionNote(sessionID: row.string("session_id") ?? "", text: row.string("text") ?? "",
                    updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
    }
}
