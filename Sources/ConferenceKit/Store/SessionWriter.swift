/// Writes the sessions of one `contents.json`, in as many batches as the caller likes, then deletes
/// those the feed no longer has. Reads the stored state first so that only differences are written.
///
/// Used inside a transaction; batches let decoding and writing overlap.
final class SessionWriter {
    private let db: Database
    private var report = ImportReport()
    /// Session identifier → sid, for stored sessions and those written by this import.
    private var sids: [String: Int64] = [:]
    private var storedBeforeImport: Int
    private var seen: Set<Int64> = []
    private var withInstance: Set<Int64>
    private var withVideo: Set<Int64>
    private let keywords: ChildList<Int64, String>
    private let platforms: ChildList<Int64, String>
    private let topics: ChildList<Int64, Int>
    private let related: ChildList<Int64, String>
    private let resources: ChildList<Int64, Int>
    private var current: (keywords: [Int64: [String]], platforms: [Int64: [String]], topics: [Int64: [Int]],
                          related: [Int64: [String]], resources: [Int64: [Int]])
    private let upsertSession: Statement
    private let upsertInstance: Statement
    private let upsertVideo: Statement

    init(db: Database) throws {
        self.db = db
        var stored: [String: Int64] = [:]
        try db.cachedStatement("SELECT id, sid FROM sessions").forEachRow { row in
            stored[row.string(at: 0) ?? ""] = row.int64(at: 1)
        }
        sids = stored
        storedBeforeImport = stored.count
        withInstance = Set(try db.fetchAll("SELECT sid FROM instances") { $0.int64(at: 0) })
        withVideo = Set(try db.fetchAll("SELECT sid FROM videos") { $0.int64(at: 0) })
        let sid: (Statement) -> Int64 = { $0.int64(at: 0) }
        keywords = try ChildList(db: db, table: "session_keywords", ownerColumn: "sid", valueColumns: ["keyword"],
                                 kind: .keywords, readOwner: sid)
        platforms = try ChildList(db: db, table: "session_platforms", ownerColumn: "sid", valueColumns: ["platform"],
                                  kind: .platforms, readOwner: sid)
        topics = try ChildList(db: db, table: "session_topics", ownerColumn: "sid", valueColumns: ["topic_id"],
                               kind: .sessionTopics, readOwner: sid)
        related = try ChildList(db: db, table: "session_related", ownerColumn: "sid", valueColumns: ["related_id"],
                                kind: .relatedSessions, readOwner: sid)
        resources = try ChildList(db: db, table: "session_resources", ownerColumn: "sid", valueColumns: ["resource_id"],
                                  kind: .relatedResources, readOwner: sid)
        current = (try keywords.load(), try platforms.load(), try topics.load(), try related.load(), try resources.load())
        upsertSession = try db.cachedStatement(FeedImporter.upsertSQL(table: "sessions", keys: ["id"], columns: [
            "event_id", "event_content_id", "static_content_id", "title", "description", "type", "track_id",
            "web_permalink", "action_link_prompt", "action_link_url", "original_publishing_date",
        ]))
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
                countOwnedRowsDeleted(sid)
            }
        }
        for (kind, counts) in [(keywords.kind, keywords.counts), (platforms.kind, platforms.counts),
                               (topics.kind, topics.counts), (related.kind, related.counts),
                               (resources.kind, resources.counts)] {
            report[kind].inserted += counts.inserted
            report[kind].updated += counts.updated
            report[kind].deleted += counts.deleted
        }
        return report
    }

    private func write(_ session: Session) throws {
        upsertSession.reset()
        try upsertSession.bind(session.id, at: 1)
        try upsertSession.bind(session.eventID, at: 2)
        try upsertSession.bind(session.eventContentID, at: 3)
        try upsertSession.bind(session.staticContentID, at: 4)
        try upsertSession.bind(session.title, at: 5)
        try upsertSession.bind(session.description, at: 6)
        try upsertSession.bind(session.type, at: 7)
        try upsertSession.bind(session.trackID, at: 8)
        try upsertSession.bind(session.webPermalink, at: 9)
        try upsertSession.bind(session.actionLinkPrompt, at: 10)
        try upsertSession.bind(session.actionLinkURL, at: 11)
        try upsertSession.bind(session.originalPublishingDate?.secondsSince1970, at: 12)
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

        try keywords.sync(sid, session.keywords, current: &current.keywords)
        try platforms.sync(sid, session.platforms, current: &current.platforms)
        try topics.sync(sid, session.topicIDs, current: &current.topics)
        try related.sync(sid, session.relatedSessionIDs, current: &current.related)
        try resources.sync(sid, session.relatedResourceIDs, current: &current.resources)

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
        let owned: [(String, RecordKind)] = [
            ("instances", .instances), ("videos", .videos), ("session_keywords", .keywords),
            ("session_platforms", .platforms), ("session_topics", .sessionTopics),
            ("session_related", .relatedSessions), ("session_resources", .relatedResources),
        ]
        for (table, kind) in owned {
            try db.execute("DELETE FROM \(table) WHERE sid = ?", [sid])
            report.deleted(kind, db.changesCount)
        }
        withInstance.remove(sid)
        withVideo.remove(sid)
        current.keywords[sid] = nil
        current.platforms[sid] = nil
        current.topics[sid] = nil
        current.related[sid] = nil
        current.resources[sid] = nil
    }

    /// Counts the owned rows of `sid` as deleted and forgets them.
    private func countOwnedRowsDeleted(_ sid: Int64) {
        if withInstance.contains(sid) { report.deleted(.instances) }
        if withVideo.contains(sid) { report.deleted(.videos) }
        report.deleted(.keywords, current.keywords.removeValue(forKey: sid)?.count ?? 0)
        report.deleted(.platforms, current.platforms.removeValue(forKey: sid)?.count ?? 0)
        report.deleted(.sessionTopics, current.topics.removeValue(forKey: sid)?.count ?? 0)
        report.deleted(.relatedSessions, current.related.removeValue(forKey: sid)?.count ?? 0)
        report.deleted(.relatedResources, current.resources.removeValue(forKey: sid)?.count ?? 0)
    }
}
