import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    // MARK: The one writer of personal data

    /// Applies `change`: writes the item's table as its kind's codec says (a removal deletes the
    /// row, or rewrites a favorite's) and keeps the change as the latest of its (kind, key) in
    /// `personal_changes`, the outbox of personal data. A change of an unknown kind, or with a
    /// value this program cannot read, is kept there alone.
    ///
    /// The one writer of personal data: local edits, a rebuild's restore and changes received from
    /// elsewhere all come through it, one change or many (``PersonalRows``).
    public func apply(_ change: PersonalChange) throws {
        try apply([(change, change.content)])
    }

    /// Applies changes whose values were read already (`content`, nil for one that cannot be read),
    /// each of a different item, in their order: what `apply(_:)` does to each, in statements of
    /// many rows. With `first`, the changes take the versions `first`, `first + 1`, … in turn.
    func apply(_ changes: [(change: PersonalChange, content: PersonalChange.Content?)], versionsFrom first: Int64? = nil) throws {
        var rows = PersonalRows(capacity: changes.count)
        for (offset, (change, content)) in changes.enumerated() {
            var change = change
            if let first { change.version = first + Int64(offset) }
            rows.add(change, content)
        }
        try rows.write(to: self)
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
    /// different item: what `apply` does to each, new versions here taken from the change counter at
    /// once, in statements of many rows (``PersonalRows``).
    public func applyReceived(_ changes: [(change: PersonalChange, content: PersonalChange.Content?)]) throws {
        guard !changes.isEmpty else { return }
        try apply(changes, versionsFrom: nextChangeVersions(changes.count))
    }

    /// The outbox of personal data: the latest change of each item, whatever its kind.
    static let personalChangeTable = StoredTable<PersonalChange>("personal_changes", key: [
        StoredColumn("kind", \.kind.rawValue),
        StoredColumn("key", \.key),
    ], columns: [
        StoredColumn("value", \.value),
        StoredColumn("version", \.version),
        StoredColumn("changed_at", \.changedAt.timeIntervalSince1970),
        StoredColumn("clock", \.clock),
    ])

    // MARK: The outbox

    /// Keeps `change` as the latest of its (kind, key) in `personal_changes` without writing the
    /// item's table: for a change whose table was written otherwise (a rebuild's restore of a
    /// favorite or a rating, whose tables are salvaged themselves).
    public func recordChange(_ change: PersonalChange) throws {
        try Self.personalChangeTable.upsert([change], in: self)
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
        try fetchOne("SELECT \(ProgressCodec.table.selection) FROM watch_progress WHERE session_id = ?", [sessionID], ProgressCodec.item(from:))
    }

    /// Every watch progress, by session id.
    public func allWatchProgress() throws -> [WatchProgress] {
        try fetchAll("SELECT \(ProgressCodec.table.selection) FROM watch_progress ORDER BY session_id", [], ProgressCodec.item(from:))
    }

    /// A session's bookmarks in time order (their numbers, 1 up, are their places here), or every
    /// session's, by session id, when `sessionID` is nil.
    ///
    /// The notes are as stored: sanitise them before printing (the browsing reads do).
    public func storedBookmarks(sessionID: String? = nil) throws -> [Bookmark] {
        let filter = sessionID == nil ? "" : "WHERE session_id = ? "
        return try fetchAll("SELECT \(BookmarkCodec.table.selection) FROM bookmarks \(filter)ORDER BY session_id, time, created_at, id",
                            sessionID.map { [$0] } ?? [], BookmarkCodec.item(from:))
    }

    /// A session's note as stored (sanitise before printing).
    public func storedNote(sessionID: String) throws -> SessionNote? {
        try fetchOne("SELECT \(NoteCodec.table.selection) FROM notes WHERE session_id = ?", [sessionID], NoteCodec.item(from:))
    }

    /// Every note as stored, by session id.
    public func storedNotes() throws -> [SessionNote] {
        try fetchAll("SELECT \(NoteCodec.table.selection) FROM notes ORDER BY session_id", [], NoteCodec.item(from:))
    }
}
