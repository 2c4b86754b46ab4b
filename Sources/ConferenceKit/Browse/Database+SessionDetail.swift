extension Database {
    /// The session with identifier `id` and everything it links to; nil when there is none.
    public func sessionDetail(id: String) throws -> SessionDetail? {
        guard var detail = try fetchOne("""
            SELECT s.sid, s.id, s.event_id, e.name, s.event_content_id, s.title, s.description, s.type, t.name, r.name,
                   i.start_time, i.end_time, coalesce(i.utc_offset, e.utc_offset), s.web_permalink,
                   s.original_publishing_date
            FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN tracks t ON t.id = coalesce(i.track_id, s.track_id)
            LEFT JOIN rooms r ON r.id = i.room_id
            WHERE s.id = ?
            """, [id], { row -> (Int64, SessionDetail) in
                (row.int64(at: 0), SessionDetail(
                    sessionID: row.string(at: 1) ?? "", eventID: row.string(at: 2) ?? "", eventName: row.string(at: 3),
                    number: row.optionalInt(at: 4), title: row.string(at: 5) ?? "", description: row.string(at: 6) ?? "",
                    type: row.string(at: 7), track: row.string(at: 8), room: row.string(at: 9),
                    startTime: row.optionalDouble(at: 10), endTime: row.optionalDouble(at: 11), utcOffset: row.optionalInt(at: 12),
                    publishedTime: row.optionalDouble(at: 14), platforms: [], keywords: [], webPermalink: row.string(at: 13), media: nil, liveStream: nil,
                    related: [], resources: [], favorite: nil, feedback: nil))
            }) else { return nil }
        let sid = detail.0
        detail.1.platforms = try fetchAll("SELECT platform FROM session_platforms WHERE sid = ? ORDER BY position", [sid]) { $0.string(at: 0) ?? "" }
        detail.1.keywords = try fetchAll("SELECT keyword FROM session_keywords WHERE sid = ? ORDER BY position", [sid]) { $0.string(at: 0) ?? "" }
        detail.1.media = try fetchOne("""
            SELECT hls, tvos_hls, download_hd, download_sd, slides, subtitles, duration FROM videos WHERE sid = ?
            """, [sid]) { row in
            Media(hls: row.string(at: 0), tvOSHLS: row.string(at: 1), downloadHD: row.string(at: 2), downloadSD: row.string(at: 3),
                  slides: row.string(at: 4), subtitles: row.string(at: 5), duration: row.optionalDouble(at: 6))
        }
        detail.1.related = try fetchAll("""
            SELECT r.related_id, s.title FROM session_related r LEFT JOIN sessions s ON s.id = r.related_id
            WHERE r.sid = ? ORDER BY r.position
            """, [sid]) { SessionDetail.Related(sessionID: $0.string(at: 0) ?? "", title: $0.string(at: 1)) }
        detail.1.resources = try fetchAll("""
            SELECT x.id, x.title, x.url, x.type, x.description FROM session_resources l JOIN resources x ON x.id = l.resource_id
            WHERE l.sid = ? ORDER BY l.position
            """, [sid]) { row in
            Resource(id: row.int(at: 0), title: row.string(at: 1) ?? "", url: row.string(at: 2), type: row.string(at: 3),
                     description: row.string(at: 4))
        }
        // Live streams are keyed by the number within the current event only.
        if let number = detail.1.number, try SessionResolver.currentEvent(in: self) == detail.1.eventID {
            detail.1.liveStream = try fetchOne("""
                SELECT event_content_id, ios_url, tvos_url, actual_end_date, shelf_image_url FROM live_streams WHERE event_content_id = ?
                """, [String(number)]) { row in
                LiveStream(eventContentID: row.string(at: 0) ?? "", iosURL: row.string(at: 1), tvosURL: row.string(at: 2),
                           actualEndDate: row.optionalDouble(at: 3).map { FeedDate(secondsSince1970: $0) },
                           images: row.string(at: 4).map { ["shelf": $0] } ?? [:])
            }
        }
        detail.1.favorite = try favorite(sessionID: id)
        detail.1.feedback = try feedback(sessionID: id)
        return detail.1
    }
}
