extension Database {
    /// The session with identifier `id` and everything it links to; nil when there is none.
    public func sessionDetail(id: String) throws -> SessionDetail? {
        var sid: Int64 = 0
        var articleID: String?
        var imageBase: (path: String, staticID: Int)?
        guard var detail = try readOne("""
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
                sid = row.int64(0)
                var detail = SessionDetail(
                    sessionID: row.text(1), eventID: row.text(2), eventName: row.line(3), number: row.optionalInt(4),
                    title: row.text(5), description: row.paragraphs(6) ?? "", type: row.line(7), track: row.line(8), room: row.line(9),
                    startTime: row.optionalDouble(10), endTime: row.optionalDouble(11), utcOffset: row.optionalInt(12),
                    publishedTime: row.optionalDouble(14), platforms: [], keywords: [], webPermalink: row.line(13),
                    media: nil, liveStream: nil, related: [], resources: [], favorite: nil, feedback: nil)
                detail.eventStart = row.optionalDouble(15)
                detail.eventEnd = row.optionalDouble(16)
                articleID = row.line(17)
                if let path = row.line(19), let staticID = row.optionalInt(18) { imageBase = (path, staticID) }
                if let url = row.line(20) ?? row.line(24) {
                    // A 2017-style action link signs up for the lab's own time slot.
                    let actionLinkOnly = row.line(20) == nil
                    let start = row.optionalDouble(22) ?? (actionLinkOnly ? detail.startTime : nil)
                    let end = row.optionalDouble(23) ?? (actionLinkOnly ? detail.endTime : nil)
                    detail.signup = LabSignup(url: url, text: row.line(21) ?? row.line(25),
                                              startDate: start.map { FeedDate(secondsSince1970: $0) },
                                              endDate: end.map { FeedDate(secondsSince1970: $0) })
                }
                return detail
            }) else { return nil }
        detail.platforms = try readAll("SELECT platform FROM session_platforms WHERE sid = ? ORDER BY position", [sid]) { $0.text(0) }
        detail.keywords = try readAll("SELECT keyword FROM session_keywords WHERE sid = ? ORDER BY position", [sid]) { $0.text(0) }
        detail.topics = try topicNames(sid: sid)
        detail.media = try readOne("""
            SELECT hls, tvos_hls, download_hd, download_sd, slides, subtitles, duration FROM videos WHERE sid = ?
            """, [sid]) { row in
            Media(hls: row.line(0), tvOSHLS: row.line(1), downloadHD: row.line(2), downloadSD: row.line(3),
                  slides: row.line(4), subtitles: row.line(5), duration: row.optionalDouble(6))
        }
        let chapters = try readAll("SELECT title, start_time, end_time, summary FROM session_chapters WHERE sid = ? ORDER BY position",
                                   [sid]) { Chapter(title: $0.text(0), start: $0.double(1), end: $0.optionalDouble(2), summary: $0.paragraphs(3)) }
        let links = try readAll("SELECT kind, url FROM video_links WHERE sid = ? ORDER BY position", [sid]) {
            Media.Link(kind: $0.text(0), url: $0.text(1))
        }
        if !chapters.isEmpty || !links.isEmpty {
            var media = detail.media ?? Media()
            media.chapters = chapters
            media.otherLinks = links
            detail.media = media
        }
        detail.codeSnippets = try readAll("""
            SELECT title, language, start_time, end_time, code FROM session_code WHERE sid = ? ORDER BY position
            """, [sid]) {
            CodeSnippet(title: $0.text(0), language: $0.line(1), startTime: $0.optionalDouble(2), endTime: $0.optionalDouble(3),
                        code: $0.paragraphs(4) ?? "")
        }
        detail.related = try readAll("""
            SELECT r.related_id, s.title FROM session_related r LEFT JOIN sessions s ON s.id = r.related_id
            WHERE r.sid = ? ORDER BY r.position
            """, [sid]) { SessionDetail.Related(sessionID: $0.text(0), title: $0.line(1)) }
        detail.resources = try readAll("""
            SELECT x.id, x.title, x.url, x.type, x.description FROM session_resources l JOIN resources x ON x.id = l.resource_id
            WHERE l.sid = ? ORDER BY l.position
            """, [sid]) { row in
            Resource(id: row.int(0), title: row.text(1), url: row.line(2), type: row.line(3), description: row.paragraphs(4))
        }
        if let articleID, let body = try readOne("SELECT body FROM articles WHERE id = ?", [articleID], { $0.paragraphs(0) }) ?? nil {
            detail.articleBody = HTMLText.looksLikeHTML(body) ? HTMLText.plainText(body) : body
        }
        if let imageBase, try fetchInt("SELECT 1 FROM session_images WHERE sid = ? AND kind = 'wide'", [sid]) != nil {
            let base = imageBase.path.hasSuffix("/") ? imageBase.path : imageBase.path + "/"
            detail.imageURL = "\(base)\(imageBase.staticID)/\(imageBase.staticID)_wide_900x506_1x.jpg"
        }
        // Live streams are keyed by the number within the current event only.
        if let number = detail.number, try SessionResolver.currentEvent(in: self) == detail.eventID {
            detail.liveStream = try readOne("""
                SELECT event_content_id, ios_url, tvos_url, actual_end_date, shelf_image_url FROM live_streams WHERE event_content_id = ?
                """, [String(number)]) { row in
                LiveStream(eventContentID: row.text(0), iosURL: row.line(1), tvosURL: row.line(2),
                           actualEndDate: row.optionalDouble(3).map { FeedDate(secondsSince1970: $0) },
                           images: row.line(4).map { ["shelf": $0] } ?? [:])
            }
        }
        detail.transcript = try transcriptSummary(sessionID: id)
        detail.favorite = try favorite(sessionID: id)
        // The comment may have come from the service: it leaves cleaned like the rest.
        detail.feedback = try feedback(sessionID: id).map { feedback in
            var feedback = feedback
            feedback.comment = Clean.paragraphs(feedback.comment)
            return feedback
        }
        return detail
    }
}
