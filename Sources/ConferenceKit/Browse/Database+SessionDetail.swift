extension Database {
    /// The session with identifier `id` and everything it links to; nil when there is none.
    public func sessionDetail(id: String) throws -> SessionDetail? {
        var sid: Int64 = 0
        var articleID: String?
        var imageBase: (path: String, staticID: Int)?
        guard var detail = try fetchOne("""
            SELECT s.sid, s.id, s.event_id, e.name, s.event_content_id, s.title, s.description, s.type, t.name, r.name,
                   i.start_time, i.end_time, coalesce(i.utc_offset, e.utc_offset), s.web_permalink,
                   s.original_publishing_date, e.start_time, e.end_time, s.article_id, s.static_content_id, e.images_path,
                   s.signup_url, s.signup_text, s.signup_start, s.signup_end, s.action_link_url, s.action_link_prompt
            FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN tracks t ON t.id = coalesce(i.track_id, s.track_id)
            LEFT JOIN rooms r ON r.id = i.room_id
            WHERE s.id = ?
            """, [id], { row -> SessionDetail in
                sid = row.int64(at: 0)
                var detail = SessionDetail(
                    sessionID: row.string(at: 1) ?? "", eventID: row.string(at: 2) ?? "", eventName: row.string(at: 3),
                    number: row.optionalInt(at: 4), title: row.string(at: 5) ?? "", description: row.string(at: 6) ?? "",
                    type: row.string(at: 7), track: row.string(at: 8), room: row.string(at: 9),
                    startTime: row.optionalDouble(at: 10), endTime: row.optionalDouble(at: 11), utcOffset: row.optionalInt(at: 12),
                    publishedTime: row.optionalDouble(at: 14), platforms: [], keywords: [], webPermalink: row.string(at: 13),
                    media: nil, liveStream: nil, related: [], resources: [], favorite: nil, feedback: nil)
                detail.eventStart = row.optionalDouble(at: 15)
                detail.eventEnd = row.optionalDouble(at: 16)
                articleID = row.string(at: 17)
                if let path = row.string(at: 19), let staticID = row.optionalInt(at: 18) { imageBase = (path, staticID) }
                if let url = row.string(at: 20) ?? row.string(at: 24) {
                    // A 2017-style action link signs up for the lab's own time slot.
                    let actionLinkOnly = row.string(at: 20) == nil
                    let start = row.optionalDouble(at: 22) ?? (actionLinkOnly ? detail.startTime : nil)
                    let end = row.optionalDouble(at: 23) ?? (actionLinkOnly ? detail.endTime : nil)
                    detail.signup = LabSignup(url: url, text: row.string(at: 21) ?? row.string(at: 25),
                                              startDate: start.map { FeedDate(secondsSince1970: $0) },
                                              endDate: end.map { FeedDate(secondsSince1970: $0) })
                }
                return detail
            }) else { return nil }
        detail.platforms = try fetchAll("SELECT platform FROM session_platforms WHERE sid = ? ORDER BY position", [sid]) { $0.string(at: 0) ?? "" }
        detail.keywords = try fetchAll("SELECT keyword FROM session_keywords WHERE sid = ? ORDER BY position", [sid]) { $0.string(at: 0) ?? "" }
        detail.topics = try topicNames(sid: sid)
        detail.media = try fetchOne("""
            SELECT hls, tvos_hls, download_hd, download_sd, slides, subtitles, duration FROM videos WHERE sid = ?
            """, [sid]) { row in
            Media(hls: row.string(at: 0), tvOSHLS: row.string(at: 1), downloadHD: row.string(at: 2), downloadSD: row.string(at: 3),
                  slides: row.string(at: 4), subtitles: row.string(at: 5), duration: row.optionalDouble(at: 6))
        }
        let chapters = try fetchAll("SELECT title, start_time, end_time, summary FROM session_chapters WHERE sid = ? ORDER BY position",
                                    [sid]) { Chapter(row: $0, at: 0) }
        let links = try fetchAll("SELECT kind, url FROM video_links WHERE sid = ? ORDER BY position", [sid]) { Media.Link(row: $0, at: 0) }
        if !chapters.isEmpty || !links.isEmpty {
            var media = detail.media ?? Media()
            media.chapters = chapters
            media.otherLinks = links
            detail.media = media
        }
        detail.codeSnippets = try fetchAll("""
            SELECT title, language, start_time, end_time, code FROM session_code WHERE sid = ? ORDER BY position
            """, [sid]) { CodeSnippet(row: $0, at: 0) }
        detail.related = try fetchAll("""
            SELECT r.related_id, s.title FROM session_related r LEFT JOIN sessions s ON s.id = r.related_id
            WHERE r.sid = ? ORDER BY r.position
            """, [sid]) { SessionDetail.Related(sessionID: $0.string(at: 0) ?? "", title: $0.string(at: 1)) }
        detail.resources = try fetchAll("""
            SELECT x.id, x.title, x.url, x.type, x.description FROM session_resources l JOIN resources x ON x.id = l.resource_id
            WHERE l.sid = ? ORDER BY l.position
            """, [sid]) { row in
            Resource(id: row.int(at: 0), title: row.string(at: 1) ?? "", url: row.string(at: 2), type: row.string(at: 3),
                     description: row.string(at: 4))
        }
        if let articleID, let body = try fetchString("SELECT body FROM articles WHERE id = ?", [articleID]) {
            detail.articleBody = HTMLText.looksLikeHTML(body) ? HTMLText.plainText(body) : body
        }
        if let imageBase, try fetchInt("SELECT 1 FROM session_images WHERE sid = ? AND kind = 'wide'", [sid]) != nil {
            let base = imageBase.path.hasSuffix("/") ? imageBase.path : imageBase.path + "/"
            detail.imageURL = "\(base)\(imageBase.staticID)/\(imageBase.staticID)_wide_900x506_1x.jpg"
        }
        // Live streams are keyed by the number within the current event only.
        if let number = detail.number, try SessionResolver.currentEvent(in: self) == detail.eventID {
            detail.liveStream = try fetchOne("""
                SELECT event_content_id, ios_url, tvos_url, actual_end_date, shelf_image_url FROM live_streams WHERE event_content_id = ?
                """, [String(number)]) { row in
                LiveStream(eventContentID: row.string(at: 0) ?? "", iosURL: row.string(at: 1), tvosURL: row.string(at: 2),
                           actualEndDate: row.optionalDouble(at: 3).map { FeedDate(secondsSince1970: $0) },
                           images: row.string(at: 4).map { ["shelf": $0] } ?? [:])
            }
        }
        detail.favorite = try favorite(sessionID: id)
        detail.feedback = try feedback(sessionID: id)
        return detail
    }
}
