import ConferenceModel
import SQLiteDatabase

extension Database {
    /// The session with identifier `id` and everything it links to; nil when there is none.
    public func sessionDetail(id: String) throws -> SessionDetail? {
        var sid: Int64 = 0
        var articleID: String?
        guard var detail = try readOne("""
            SELECT s.sid, s.id, s.event_id, e.name AS event_name, s.event_content_id, s.title, s.description, s.type,
                   t.name AS track, r.name AS room, i.start_time, i.end_time, coalesce(i.utc_offset, e.utc_offset) AS utc_offset,
                   s.web_permalink, s.original_publishing_date, e.start_time AS event_start, e.end_time AS event_end, s.article_id,
                   s.signup_url, s.signup_text, s.signup_start, s.signup_end,
                   s.action_link_url, s.action_link_prompt
            FROM sessions s
            LEFT JOIN instances i ON i.sid = s.sid
            LEFT JOIN events e ON e.id = s.event_id
            LEFT JOIN tracks t ON t.id = coalesce(i.track_id, s.track_id)
            LEFT JOIN rooms r ON r.id = i.room_id
            WHERE s.id = ?
            """, [id], { row -> SessionDetail in
                sid = row.int64("sid")
                var detail = SessionDetail(
                    sessionID: row.text("id"), eventID: row.text("event_id"), eventName: row.line("event_name"),
                    number: row.optionalInt("event_content_id"), title: row.text("title"), description: row.paragraphs("description") ?? "",
                    type: row.line("type"), track: row.line("track"), room: row.line("room"), startTime: row.optionalDouble("start_time"),
                    endTime: row.optionalDouble("end_time"), utcOffset: row.optionalInt("utc_offset"),
                    publishedTime: row.optionalDouble("original_publishing_date"), platforms: [], keywords: [],
                    webPermalink: row.line("web_permalink"), media: nil, liveStream: nil, related: [], resources: [], favorite: nil,
                    feedback: nil)
                detail.eventStart = row.optionalDouble("event_start")
                detail.eventEnd = row.optionalDouble("event_end")
                articleID = row.line("article_id")
                if let url = row.line("signup_url") ?? row.line("action_link_url") {
                    // A 2017-style action link signs up for the lab's own time slot.
                    let actionLinkOnly = row.line("signup_url") == nil
                    let start = row.optionalDouble("signup_start") ?? (actionLinkOnly ? detail.startTime : nil)
                    let end = row.optionalDouble("signup_end") ?? (actionLinkOnly ? detail.endTime : nil)
                    detail.signup = LabSignup(url: url, text: row.line("signup_text") ?? row.line("action_link_prompt"),
                                              startDate: start.map { FeedDate(secondsSince1970: $0) },
                                              endDate: end.map { FeedDate(secondsSince1970: $0) })
                }
                return detail
            }) else { return nil }
        detail.platforms = try readAll("SELECT platform FROM session_platforms WHERE sid = ? ORDER BY position", [sid]) {
            $0.text("platform")
        }
        detail.keywords = try readAll("SELECT keyword FROM session_keywords WHERE sid = ? ORDER BY position", [sid]) { $0.text("keyword") }
        detail.topics = try topicNames(sid: sid)
        detail.media = try readOne("""
            SELECT hls, tvos_hls, download_hd, download_sd, slides, subtitles, duration FROM videos WHERE sid = ?
            """, [sid]) { row in
            Media(hls: row.line("hls"), tvOSHLS: row.line("tvos_hls"), downloadHD: row.line("download_hd"),
                  downloadSD: row.line("download_sd"), slides: row.line("slides"), subtitles: row.line("subtitles"),
                  duration: row.optionalDouble("duration"))
        }
        var languages = try streamSubtitleLanguages(sessionID: detail.sessionID)
        if detail.media?.subtitles != nil, !languages.contains(where: { $0.matches(.english) }) { languages.insert(.english, at: 0) }
        detail.subtitleLanguages = languages
        let chapters = try readChildren(Chapter.self, of: sid)
        let links = try readChildren(Media.Link.self, of: sid)
        if !chapters.isEmpty || !links.isEmpty {
            var media = detail.media ?? Media()
            media.chapters = chapters
            media.otherLinks = links
            detail.media = media
        }
        detail.codeSnippets = try readChildren(CodeSnippet.self, of: sid)
        detail.related = try readAll("""
            SELECT r.related_id, s.title FROM session_related r LEFT JOIN sessions s ON s.id = r.related_id
            WHERE r.sid = ? ORDER BY r.position
            """, [sid]) { SessionDetail.Related(sessionID: $0.text("related_id"), title: $0.line("title")) }
        detail.resources = try readAll("""
            SELECT x.id, x.title, x.url, x.type, x.description FROM session_resources l JOIN resources x ON x.id = l.resource_id
            WHERE l.sid = ? ORDER BY l.position
            """, [sid]) { row in
            Resource(id: row.int("id"), title: row.text("title"), url: row.line("url"), type: row.line("type"),
                     description: row.paragraphs("description"))
        }
        if let articleID, let body = try readOne("SELECT body FROM articles WHERE id = ?", [articleID], { $0.paragraphs("body") }) ?? nil {
            detail.articleBody = HTMLText.looksLikeHTML(body) ? HTMLText.plainText(body) : body
        }
        // The picture `wwdc photos` fetches by default: one address for both.
        if case .success(let picture) = try sessionPicture(sessionID: detail.sessionID) {
            detail.imageURL = picture.url.absoluteString
        }
        // Live streams are keyed by the number within the current event only.
        if let number = detail.number, try SessionResolver.currentEvent(in: self) == detail.eventID {
            detail.liveStream = try readOne("""
                SELECT event_content_id, ios_url, tvos_url, actual_end_date, shelf_image_url FROM live_streams WHERE event_content_id = ?
                """, [String(number)]) { row in
                LiveStream(eventContentID: row.text("event_content_id"), iosURL: row.line("ios_url"), tvosURL: row.line("tvos_url"),
                           actualEndDate: row.optionalDouble("actual_end_date").map { FeedDate(secondsSince1970: $0) },
                           images: row.line("shelf_image_url").map { ["shelf": $0] } ?? [:])
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
