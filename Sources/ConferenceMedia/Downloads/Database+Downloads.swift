import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    private static let downloadColumns = "session_id, quality, url, path, title, state, total_bytes, validator, reason, updated_at, subtitles"

    /// Every download the store remembers, newest first.
    public func downloadRecords() throws -> [DownloadRecord] {
        try fetchAll("SELECT \(Self.downloadColumns) FROM downloads ORDER BY updated_at DESC, session_id, quality", [],
                     Database.downloadRecord(from:))
    }

    /// The download of one session's file in `quality`, if the store remembers one.
    public func downloadRecord(sessionID: String, quality: MediaQuality) throws -> DownloadRecord? {
        try fetchOne("SELECT \(Self.downloadColumns) FROM downloads WHERE session_id = ? AND quality = ?",
                     [sessionID, quality.rawValue], Database.downloadRecord(from:))
    }

    /// The downloads of one session, HD first.
    public func downloadRecords(sessionID: String) throws -> [DownloadRecord] {
        try fetchAll("SELECT \(Self.downloadColumns) FROM downloads WHERE session_id = ? ORDER BY quality", [sessionID],
                     Database.downloadRecord(from:))
    }

    /// Remembers `item` as asked for. A download of the same session and quality to another file, or
    /// from another address, starts over; the same one keeps its state and validator.
    public func recordDownloadQueued(_ item: DownloadItem, at date: Date = Date()) throws {
        try execute("""
            INSERT INTO downloads (session_id, quality, url, path, title, state, updated_at)
            VALUES (:session, :quality, :url, :path, :title, 'queued', :now)
            ON CONFLICT (session_id, quality) DO UPDATE SET
                state = CASE WHEN url = excluded.url AND path = excluded.path THEN state ELSE 'queued' END,
                validator = CASE WHEN url = excluded.url AND path = excluded.path THEN validator END,
                total_bytes = CASE WHEN url = excluded.url AND path = excluded.path THEN total_bytes END,
                url = excluded.url, path = excluded.path, title = excluded.title, updated_at = excluded.updated_at
            """, named: [":session": item.sessionID, ":quality": item.quality.rawValue, ":url": item.url, ":path": item.path,
                         ":title": item.title, ":now": date.timeIntervalSince1970])
    }

    /// Records that bytes of `item` are coming, and which version of the file they are of.
    public func recordDownloadStarted(_ item: DownloadItem, validator: String?, totalBytes: Int64?, at date: Date = Date()) throws {
        try recordDownloadQueued(item, at: date)
        try execute("""
            UPDATE downloads SET state = 'partial', validator = :validator, total_bytes = :total, reason = NULL, updated_at = :now
            WHERE session_id = :session AND quality = :quality
            """, named: [":validator": validator, ":total": totalBytes,
                         ":now": date.timeIntervalSince1970, ":session": item.sessionID, ":quality": item.quality.rawValue])
    }

    /// Records `item` as complete and in place.
    public func recordDownloadDone(_ item: DownloadItem, totalBytes: Int64, at date: Date = Date()) throws {
        try recordDownloadQueued(item, at: date)
        try execute("""
            UPDATE downloads SET state = 'done', total_bytes = :total, reason = NULL, updated_at = :now
            WHERE session_id = :session AND quality = :quality
            """, named: [":total": totalBytes, ":now": date.timeIntervalSince1970, ":session": item.sessionID,
                         ":quality": item.quality.rawValue])
    }

    /// Records that `item` gave up, and why; its partial bytes and validator stay for a resume.
    public func recordDownloadFailed(_ item: DownloadItem, reason: String, at date: Date = Date()) throws {
        try recordDownloadQueued(item, at: date)
        try execute("""
            UPDATE downloads SET state = 'failed', reason = :reason, updated_at = :now
            WHERE session_id = :session AND quality = :quality AND state <> 'done'
            """, named: [":reason": reason, ":now": date.timeIntervalSince1970, ":session": item.sessionID,
                         ":quality": item.quality.rawValue])
    }

    /// Remembers that `item`'s subtitles in `languages` are still to be written (empty: the default
    /// language), beside those already pending; `nil` forgets them all, once they are written or
    /// cannot be had. The download is remembered first if it was not.
    public func recordSubtitlesPending(_ item: DownloadItem, languages: [SubtitleLanguage]?, at date: Date = Date()) throws {
        var pending = languages
        if let languages, let earlier = try downloadRecord(sessionID: item.sessionID, quality: item.quality)?.pendingSubtitles,
           !languages.isEmpty, !earlier.isEmpty {
            pending = earlier + languages.filter { language in !earlier.contains(where: language.matches) }
        }
        try recordDownloadQueued(item, at: date)
        try execute("UPDATE downloads SET subtitles = :subtitles WHERE session_id = :session AND quality = :quality",
                    named: [":subtitles": pending.map { $0.map(\.code).joined(separator: ",") }, ":session": item.sessionID,
                            ":quality": item.quality.rawValue])
    }

    /// Forgets a download (its files are the caller's to delete).
    public func deleteDownload(sessionID: String, quality: MediaQuality) throws {
        try execute("DELETE FROM downloads WHERE session_id = ? AND quality = ?", [sessionID, quality.rawValue])
    }

    /// The address, path and validator come back as written (they are used, not printed); the title
    /// and reason, which a feed or a server wrote, come back clean.
    private static func downloadRecord(from row: Statement) -> DownloadRecord {
        let clean = CleanRow(row)
        let item = DownloadItem(sessionID: clean.text("session_id"), quality: MediaQuality(rawValue: row.string("quality") ?? "") ?? .hd,
                                url: row.string("url") ?? "", path: row.string("path") ?? "", title: clean.text("title"))
        return DownloadRecord(item: item, state: DownloadRecord.State(rawValue: row.string("state") ?? "") ?? .failed,
                              totalBytes: row.optionalInt("total_bytes").map(Int64.init), validator: row.string("validator"),
                              reason: clean.line("reason"), updatedAt: row.double("updated_at"),
                              pendingSubtitles: row.string("subtitles").map { text in
                                  text.split(separator: ",").compactMap { SubtitleLanguage(String($0)) }
                              })
    }
}
