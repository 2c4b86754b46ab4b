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
    private let lists: [any OwnedList]
    private let upsertSession: Statement
    private let upsertInstance: Statement
    private let upsertVideo: Statement
    /// The `sessions` columns: those the field table names, then the ones derived from nested values.
    private static let columns: [StoredColumn<Session>] = Session.fields.columns + [
        StoredColumn(name: "signup_url") { session, statement, index in try statement.bind(session.signup?.url, at: index) },
        StoredColumn(name: "signup_text") { session, statement, index in try statement.bind(session.signup?.text, at: index) },
        StoredColumn(name: "signup_start") { session, statement, index in
            try statement.bind(session.signup?.startDate?.secondsSince1970, at: index)
        },
        StoredColumn(name: "signup_end") { session, statement, index in
            try statement.bind(session.signup?.endDate?.secondsSince1970, at: index)
        },
    ]

    init(db: Database) throws {
        self.db = db
        var stored: [String: Int64] = [:]
        try db.cachedStatement("SELECT id, sid FROM sessions").forEachRow { row in
            stored[row.string(at: 0) ?? ""] = row.int64(at: 1)
        }
        sids = stored
        withInstance = Set(try db.fetchAll("SELECT sid FROM instances") { $0.int64(at: 0) })
        withVideo = Set(try db.fetchAll("SELECT sid FROM videos") { $0.int64(at: 0) })
        lists = [
            try SessionList(db: db, table: "session_keywords", columns: ["keyword"], kind: .keywords) { $0.keywords },
            try SessionList(db: db, table: "session_platforms", columns: ["platform"], kind: .platforms) { $0.platforms },
            try SessionList(db: db, table: "session_topics", columns: ["topic_id"], kind: .sessionTopics) { $0.topicIDs },
            try SessionList(db: db, table: "session_related", columns: ["related_id"], kind: .relatedSessions) { $0.relatedSessionIDs },
            try SessionList(db: db, table: "session_resources", columns: ["resource_id"], kind: .relatedResources) { $0.relatedResourceIDs },
            try SessionList(db: db, table: "session_images", columns: ["kind"], kind: .images) { $0.images },
            try SessionList(db: db, table: "session_chapters", columns: ["title", "start_time", "end_time", "summary"],
                            kind: .chapters) { $0.media?.chapters ?? [] },
            try SessionList(db: db, table: "session_code", columns: ["title", "language", "start_time", "end_time", "code"],
                            kind: .codeSnippets) { $0.codeSnippets },
            try SessionList(db: db, table: "video_links", columns: ["kind", "url"], kind: .videoLinks) { $0.media?.otherLinks ?? [] },
        ]
        upsertSession = try db.cachedStatement(FeedImporter.upsertSQL(table: "sessions", keys: ["id"], columns: Self.columns.map(\.name)))
        upsertInstance = try db.cachedStatement(FeedImporter.upsertSQL(
            table: "instances", keys: ["sid"], columns: ["start_time", "end_time", "utc_offset", "room_id", "track_id"]))
        upsertVideo = try db.cachedStatement(FeedImporter.upsertSQL(
            table: "videos", keys: ["sid"],
            columns: ["hls", "tvos_hls", "download_hd", "download_sd", "slides", "subtitles", "duration"]))
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
        for list in lists {
            report[list.kind].inserted += list.counts.inserted
            report[list.kind].updated += list.counts.updated
            report[list.kind].deleted += list.counts.deleted
        }
        return report
    }

    private func write(_ session: Session) throws {
        upsertSession.reset()
        try upsertSession.bind(session.id, at: 1)
        for (offset, column) in Self.columns.enumerated() {
            try column.bind(session, upsertSession, Int32(offset + 2))
        }
        try upsertSession.step()
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

        if let start = session.startTime {
            upsertInstance.reset()
            try upsertInstance.bind(sid, at: 1)
            try upsertInstance.bind(start.secondsSince1970, at: 2)
            try upsertInstance.bind(session.endTime?.secondsSince1970, at: 3)
            try upsertInstance.bind(start.utcOffsetSeconds, at: 4)
            try upsertInstance.bind(session.roomID, at: 5)
            try upsertInstance.bind(session.trackID, at: 6)
            try upsertInstance.step()
            if db.changesCount > 0 {
                if withInstance.contains(sid) { report.updated(.instances) } else { report.inserted(.instances) }
            }
        } else if withInstance.contains(sid) {
            try db.execute("DELETE FROM instances WHERE sid = ?", [sid])
            report.deleted(.instances)
            withInstance.remove(sid)
        }

        if let media = session.media {
            upsertVideo.reset()
            try upsertVideo.bind(sid, at: 1)
            try upsertVideo.bind(media.hls, at: 2)
            try upsertVideo.bind(media.tvOSHLS, at: 3)
            try upsertVideo.bind(media.downloadHD, at: 4)
            try upsertVideo.bind(media.downloadSD, at: 5)
            try upsertVideo.bind(media.slides, at: 6)
            try upsertVideo.bind(media.subtitles, at: 7)
            try upsertVideo.bind(media.duration, at: 8)
            try upsertVideo.step()
            if db.changesCount > 0 {
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
            try db.execute("DELETE FROM \(list.table) WHERE sid = ?", [sid])
            report.deleted(list.kind, db.changesCount)
            _ = list.forget(sid)
        }
        withInstance.remove(sid)
        withVideo.remove(sid)
    }
}

/// A list each item owns, kept in its own table.
private protocol OwnedList: AnyObject {
    var table: String { get }
    var kind: RecordKind { get }
    var counts: ChangeCounts { get }
    func sync(_ sid: Int64, _ session: Session) throws
    /// Forgets the stored list of `sid` (its rows went with the item); returns how many there were.
    func forget(_ sid: Int64) -> Int
}

private final class SessionList<Value: ChildRowValue>: OwnedList {
    let table: String
    private let list: ChildList<Int64, Value>
    private var current: [Int64: [Value]]
    private let values: (Session) -> [Value]

    init(db: Database, table: String, columns: [String], kind: RecordKind, values: @escaping (Session) -> [Value]) throws {
        self.table = table
        self.values = values
        list = try ChildList(db: db, table: table, ownerColumn: "sid", valueColumns: columns, kind: kind) { $0.int64(at: 0) }
        current = try list.load()
    }

    var kind: RecordKind { list.kind }
    var counts: ChangeCounts { list.counts }

    func sync(_ sid: Int64, _ session: Session) throws {
        try list.sync(sid, values(session), current: &current)
    }

    func forget(_ sid: Int64) -> Int {
        current.removeValue(forKey: sid)?.count ?? 0
    }
}
