import ConferenceModel
import SQLiteDatabase

/// Writes the items of one `contents.json`, in as many batches as the caller likes, then deletes
/// those the feed no longer has. Reads the stored state first so that only differences are written.
///
/// Used inside a transaction; batches let decoding and writing overlap.
final class SessionWriter {
    private let db: Database
    private var report = ImportReport()
    /// Session identifier → sid, for stored sessions and those written by this import.
    private var sids: [String: Int64] = [:]
    private var seen: Set<Int64> = []
    private var withInstance: Set<Int64>
    private var withVideo: Set<Int64>
    /// The lists an item owns, one row per element (keywords, chapters, ...).
    private let lists: [OwnedList]
    private let upsertSession: UpsertStatement<Session>
    private let upsertInstance: UpsertStatement<Session>
    private let upsertVideo: UpsertStatement<Media>

    init(db: Database) throws {
        self.db = db
        var stored: [String: Int64] = [:]
        try db.cachedStatement("SELECT id, sid FROM sessions").forEachRow { row in
            stored[row.string("id") ?? ""] = row.int64("sid")
        }
        sids = stored
        withInstance = Set(try db.fetchAll("SELECT sid FROM instances") { $0.int64("sid") })
        withVideo = Set(try db.fetchAll("SELECT sid FROM videos") { $0.int64("sid") })
        lists = [
            OwnedList(try SessionList(db: db, table: "session_keywords", columns: [.value("keyword")], kind: .keywords) { $0.keywords }),
            OwnedList(try SessionList(db: db, table: "session_platforms", columns: [.value("platform")], kind: .platforms) { $0.platforms }),
            OwnedList(try SessionList(db: db, table: "session_topics", columns: [.value("topic_id")], kind: .sessionTopics) { $0.topicIDs }),
            OwnedList(try SessionList(db: db, table: "session_related", columns: [.value("related_id")], kind: .relatedSessions) {
                $0.relatedSessionIDs
            }),
            OwnedList(try SessionList(db: db, table: "session_resources", columns: [.value("resource_id")], kind: .relatedResources) {
                $0.relatedResourceIDs
            }),
            OwnedList(try SessionList(db: db, table: "session_images", columns: [.value("kind")], kind: .images) { $0.images }),
            OwnedList(try SessionList(db: db, Chapter.self, kind: .chapters) { $0.media?.chapters ?? [] }),
            OwnedList(try SessionList(db: db, CodeSnippet.self, kind: .codeSnippets) { $0.codeSnippets }),
            OwnedList(try SessionList(db: db, Media.Link.self, kind: .videoLinks) { $0.media?.otherLinks ?? [] }),
        ]
        // Prepared once for the whole import; the columns are those the field tables name.
        upsertSession = try UpsertStatement(db, table: "sessions", key: "id", columns: Session.fields.columns)
        upsertInstance = try UpsertStatement(db, table: "instances", key: "sid", columns: Session.instanceColumns)
        upsertVideo = try UpsertStatement(db, table: "videos", key: "sid", columns: Media.fields.columns)
    }

    /// Writes a batch of sessions; a session appearing twice in the feed ends as its last occurrence.
    func write(_ sessions: [Session]) throws {
        for session in sessions {
            try write(session)
        }
    }

    /// Deletes the stored sessions the feed did not have, and returns what the import changed.
    ///
    /// Their own rows go with them (ON DELETE CASCADE); the user's favorites and feedback are keyed
    /// by identifier, not linked, and stay.
    func finish() throws -> ImportReport {
        var counts: [(RecordKind, ChangeCounts)] = []
        for list in lists {
            counts.append((list.kind, try list.finish()))
        }
        if seen.count < sids.count {
            let delete = try db.cachedStatement("DELETE FROM sessions WHERE sid = ?")
            for (_, sid) in sids where !seen.contains(sid) {
                try delete.execute([sid])
                report.deleted(.sessions)
                if withInstance.contains(sid) { report.deleted(.instances) }
                if withVideo.contains(sid) { report.deleted(.videos) }
                for list in lists { report.deleted(list.kind, list.forget(sid)) }
            }
        }
        for (kind, listCounts) in counts {
            report[kind] += listCounts
        }
        return report
    }

    private func write(_ session: Session) throws {
        try upsertSession.write(session, key: session.id)
        let sid: Int64
        if let known = sids[session.id] {
            sid = known
            if seen.contains(sid) {
                // The feed lists this identifier twice: start its owned rows afresh so the last wins.
                try purgeOwnedRows(sid)
            }
            if db.changesCount > 0 { report.updated(.sessions) }
        } else {
            sid = db.lastInsertedRowID
            sids[session.id] = sid
            report.inserted(.sessions)
        }
        seen.insert(sid)

        for list in lists { try list.sync(sid, session) }

        if session.startTime != nil {
            if try upsertInstance.write(session, key: sid) {
                if withInstance.contains(sid) { report.updated(.instances) } else { report.inserted(.instances) }
            }
        } else if withInstance.contains(sid) {
            try db.execute("DELETE FROM instances WHERE sid = ?", [sid])
            report.deleted(.instances)
            withInstance.remove(sid)
        }

        if let media = session.media {
            if try upsertVideo.write(media, key: sid) {
                if withVideo.contains(sid) { report.updated(.videos) } else { report.inserted(.videos) }
            }
        } else if withVideo.contains(sid) {
            try db.execute("DELETE FROM videos WHERE sid = ?", [sid])
            report.deleted(.videos)
            withVideo.remove(sid)
        }
    }

    /// Deletes the rows a session owns, as if it were new (for a duplicate within one feed).
    private func purgeOwnedRows(_ sid: Int64) throws {
        for (table, kind) in [("instances", RecordKind.instances), ("videos", .videos)] {
            try db.execute("DELETE FROM \(table) WHERE sid = ?", [sid])
            report.deleted(kind, db.changesCount)
        }
        for list in lists {
            try list.flush()
            try db.execute("DELETE FROM \(list.table) WHERE sid = ?", [sid])
            report.deleted(list.kind, db.changesCount)
            _ = list.forget(sid)
        }
        withInstance.remove(sid)
        withVideo.remove(sid)
    }
}

/// A list each item owns, kept in its own table.
///
/// Its functions are made where the element type is known (the initializer is inlined there), so
/// the work on each row is compiled for that type: generic code would look up type metadata per row.
private struct OwnedList {
    let table: String
    let kind: RecordKind
    /// Writes the rows still waiting and returns what the syncs changed.
    let finish: () throws -> ChangeCounts
    /// Writes the rows still waiting (before the list's rows are deleted by other means).
    let flush: () throws -> Void
    let sync: (_ sid: Int64, _ session: Session) throws -> Void
    /// Forgets the stored list of `sid` (its rows went with the item); returns how many there were.
    let forget: (_ sid: Int64) -> Int

    @inline(__always)
    init<Value: ChildRowValue>(_ list: SessionList<Value>) {
        table = list.table
        kind = list.kind
        finish = { try list.finish() }
        flush = { try list.flush() }
        sync = { sid, session in try list.sync(sid, session) }
        forget = { sid in list.forget(sid) }
    }
}

private final class SessionList<Value: ChildRowValue> {
    let table: String
    private let list: ChildList<Int64, Value>
    private var current: [Int64: [Value]]
    private let values: (Session) -> [Value]

    init(db: Database, table: String, columns: [StoredColumn<Value>], kind: RecordKind, values: @escaping (Session) -> [Value]) throws {
        self.table = table
        self.values = values
        list = try ChildList(db: db, table: table, ownerColumn: "sid", valueColumns: columns, kind: kind)
        current = try list.load()
    }

    var kind: RecordKind { list.kind }
    func finish() throws -> ChangeCounts { try list.finish() }

    func flush() throws { try list.flush() }

    func sync(_ sid: Int64, _ session: Session) throws {
        try list.sync(sid, values(session), current: &current)
    }

    func forget(_ sid: Int64) -> Int {
        current.removeValue(forKey: sid)?.count ?? 0
    }
}

extension SessionList where Value: StoredRowValue {
    /// The list kept in the child table of `Value`.
    convenience init(db: Database, _ type: Value.Type, kind: RecordKind, values: @escaping (Session) -> [Value]) throws {
        try self.init(db: db, table: Value.table, columns: Value.storedColumns, kind: kind, values: values)
    }
}
