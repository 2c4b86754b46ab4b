import JSON
import ConferenceData
import ConferenceMedia
import Foundation
import MCPServer
import PlainText
import SQLiteDatabase

/// The tools that read one thing: the search, a session, its transcript, its code.
extension ConferenceToolbox {
    /// The most text a result holds (a transcript's paragraphs, a snippet's code, a session's
    /// description and text together); the rest is a call away.
    static let resultCharacters = 24_000

    static let sessionArgument: JSONValue = [
        "type": "string", "minLength": 1,
        "description": "A session id (wwdc2024-10101), a number in the current event (101) or a developer.apple.com/videos link.",
    ]

    var searchTool: Tool {
        Tool(name: "search", title: "Search WWDC",
             description: """
             The ranked search of 'wwdc search' across every event: sessions with all the words in their title first, \
             then the user's own notes and bookmark notes, other sessions (description, keywords), transcript lines (with the moment they are said and the \
             command that plays the video from there), code snippets shown in videos, then news. Words must all \
             match, in any order; "a phrase" in quotes matches those words in that order; prefix* any word starting so.
             """,
             inputSchema: Tool.schema([
                "query": ["type": "string", "minLength": 1, "description": "Words, \"phrases\" and prefix* to look for."],
                "in": ["type": "array", "items": ["type": "string", "enum": ["sessions", "transcripts", "code", "news", "notes"]],
                       "description": "Where to look (default: all): notes are the user's own notes and bookmarks."],
                "event": ["type": "string", "description": "Only this event: an id (wwdc2024), a year, or 'all' (default)."],
                "topic": ["type": "string", "description": "Only sessions of this topic (name, unique prefix or id), with their transcripts and code."],
                "limit": ["type": "integer", "minimum": 1, "maximum": 100, "description": "At most this many hits (default 20)."],
             ], required: ["query"]),
             outputSchema: ResultSchema.search) { [self] arguments, context in
            let text = arguments.string("query") ?? ""
            guard let query = SearchQuery(text) else {
                throw ToolFailure("Nothing to search for in '\(TextSanitizer.singleLine.sanitize(text))': give words, a \"phrase\" or a prefix*.")
            }
            try query.checkBounds()
            let results = try read { db -> [SearchResult] in
                var request = SearchRequest(query: query, limit: arguments.int("limit") ?? 20)
                let sources = arguments.strings("in").compactMap(SearchSource.init(rawValue:))
                if !sources.isEmpty { request.sources = Set(sources) }
                if let event = arguments.string("event") { request.eventIDs = try ConferenceLookup.eventIDs(event, in: db) }
                request.topicIDs = try FilterNames.topicIDs(arguments.strings("topic"), in: db)
                try context.checkCancellation()
                return try db.markingWatched(db.searchEverywhere(request))
            }
            let documents = self.documents
            let hits = results.map { SearchResult.document.json($0, documents) }
            return .json(["query": .string(TextSanitizer.singleLine.sanitize(text)), "hits": .array(hits),
                          "note": .string(hits.isEmpty ? "No matches." : "\(hits.count) hits, best first.")])
        }
    }

    var getSessionTool: Tool {
        Tool(name: "get_session", title: "Get a session",
             description: """
             Everything the store knows about one session (as 'wwdc session --json'): when and where, description, \
             topics, platforms, video links and duration, transcript language and length, chapters, the list of code \
             snippets (read one with get_code), related sessions, resources, whether it is a favorite and its \
             feedback; the user's own progress (watched, position, and the command that resumes), bookmarks and \
             note; and the command that plays it. The description and the text (of an article) hold at most about \
             \(Self.resultCharacters / 2000)k characters each: when one stops early, 'note' says which offsets continue them.
             """,
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "description_offset": ["type": "integer", "minimum": 0,
                                       "description": "Start the description at this character (a previous result's description_next_offset); default 0."],
                "text_offset": ["type": "integer", "minimum": 0,
                                "description": "Start the text at this character (a previous result's text_next_offset); default 0."],
             ], required: ["id"]),
             outputSchema: ResultSchema.session) { [self] arguments, _ in
            let (detail, downloads, record) = try read { db -> (SessionDetail?, [DownloadRecord], PersonalRecord) in
                let id = try ConferenceLookup.sessionID(arguments.string("id") ?? "", in: db)
                return (try db.sessionDetail(id: id), try db.downloadRecords(sessionID: id), try db.personalRecord(sessionID: id))
            }
            guard let detail else { throw BrowseError.unknownSession(arguments.string("id") ?? "", suggestions: []) }
            let shown = SessionDetail.Shown(detail, personal: record, downloads: downloads)
            guard case var .object(document) = SessionDetail.shownDocument.json(shown, documents) else {
                return .error("No session.")
            }
            // The long texts share the result's room; each goes on from its own offset.
            var continuation: [String] = []
            for (key, whole) in [("description", detail.description), ("text", detail.articleBody)] {
                guard let whole else { continue }
                let offset = arguments.int(key + "_offset") ?? 0
                guard let part = TextPart(whole, from: offset, limit: Self.resultCharacters / 2) else {
                    throw ToolFailure("Offset \(offset) is past the end of the \(key) of \(detail.sessionID) (it has \(whole.count) characters).")
                }
                document[key] = .string(part.text)
                document[key + "_length"] = JSONValue(part.length)
                if let next = part.next { document[key + "_next_offset"] = JSONValue(next) }
                continuation.append("\(key)_offset=\(part.next ?? part.length)")
            }
            var more: [String] = []
            let cut = ["description", "text"].filter { document[$0 + "_next_offset"] != nil }
            if !cut.isEmpty {
                more.append("The \(cut.joined(separator: " and the ")) \(cut.count == 1 ? "is" : "are") cut at about \(Self.resultCharacters / 2000)k characters: call get_session with id=\(detail.sessionID), \(continuation.joined(separator: " and ")) for the rest.")
            }
            more += boundLists(&document, sessionID: detail.sessionID)
            // Not "note": that is the user's own note of the session.
            if !more.isEmpty { document["more"] = .string(more.joined(separator: " ")) }
            return .json(.object(document))
        }
    }

    /// The room of each of a session's lists, in bytes: all of them together are about a result.
    static let sessionListBytes = resultCharacters / 6

    /// Cuts each of the session's lists to its room; for each cut, says how many items were left
    /// out and how to read them where a tool can.
    func boundLists(_ document: inout [String: JSONValue], sessionID: String) -> [String] {
        let lists = ["chapters", "code", "related", "resources", "bookmarks", "keywords", "topics", "platforms", "downloads"]
        var leftOut: [String: JSONValue] = [:]
        var words: [String] = []
        for key in lists {
            guard let all = document[key]?.arrayValue else { continue }
            let list = BoundedList(all, bytes: Self.sessionListBytes)
            guard list.leftOut > 0 else { continue }
            document[key] = .array(list.items)
            leftOut[key] = JSONValue(list.leftOut)
            let way = switch key {
            case "code": ": get_code with id=\(sessionID) and n=\(list.items.count + 1) to \(all.count) reads each"
            case "bookmarks": ": list_bookmarks with id=\(sessionID) pages through them all"
            default: ""
            }
            words.append("\(list.leftOut) of the \(all.count) \(key == "code" ? "code snippets" : key) are left out for room\(way).")
        }
        if !leftOut.isEmpty { document["left_out"] = .object(leftOut) }
        return words
    }

    var getTranscriptTool: Tool {
        Tool(name: "get_transcript", title: "Get a transcript",
             description: """
             What is said in a session's video, paragraph by paragraph, each with its start in seconds. \
             Give from/to (seconds) for a stretch, or around (seconds) for the two minutes about a moment (a search \
             hit's 'at'). A result holds at most about \(Self.resultCharacters / 1000)k characters: when it stops \
             early, 'next_from' (and 'next_offset', within a paragraph too long for one result) says where to continue.
             """,
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "from": ["type": "number", "minimum": 0, "description": "Start at the paragraph spoken at this second."],
                "to": ["type": "number", "minimum": 0, "description": "Stop before the paragraphs that start after this second."],
                "around": ["type": "number", "minimum": 0, "description": "The paragraphs from a minute before to a minute after this second."],
                "offset": ["type": "integer", "minimum": 0,
                           "description": "Start this many characters into the first paragraph (a previous result's next_offset, with its next_from)."],
             ], required: ["id"]),
             outputSchema: ResultSchema.transcript) { [self] arguments, context in
            let (id, transcript) = try read { db -> (String, SessionTranscript?) in
                let id = try ConferenceLookup.sessionID(arguments.string("id") ?? "", in: db)
                return (id, try db.transcript(sessionID: id))
            }
            guard let transcript, !transcript.paragraphs.isEmpty else {
                throw ToolFailure("No transcript for \(TextSanitizer.singleLine.sanitize(id)). 'wwdc sync' fetches them; not every session has one.")
            }
            var from = arguments.number("from"), to = arguments.number("to")
            if let around = arguments.number("around") {
                from = max(0, around - 60)
                to = around + 60
            }
            var paragraphs: [SessionTranscript.Paragraph] = []
            var characters = 0
            var nextFrom: Double?, nextOffset: Int?
            for paragraph in transcript.paragraphs(from: from) {
                if let to, paragraph.start > to { break }
                if characters + paragraph.text.count > Self.resultCharacters, !paragraphs.isEmpty {
                    nextFrom = paragraph.start
                    break
                }
                try context.checkCancellation()
                // The first paragraph alone may be longer than a result: it goes on from an offset.
                var text = paragraph.text
                if paragraphs.isEmpty {
                    let offset = arguments.int("offset") ?? 0
                    guard let part = TextPart(text, from: offset, limit: Self.resultCharacters) else {
                        throw ToolFailure("Offset \(offset) is past the end of the paragraph at \(ConferenceLookup.timestamp(paragraph.start)) (it has \(text.count) characters).")
                    }
                    text = part.text
                    nextOffset = part.next
                }
                characters += text.count
                paragraphs.append(SessionTranscript.Paragraph(start: paragraph.start, text: text))
                if nextOffset != nil {
                    nextFrom = paragraph.start
                    break
                }
            }
            var part = transcript
            part.paragraphs = paragraphs
            guard case var .object(result) = SessionTranscript.document.json(part, documents) else {
                return .error("No transcript.")
            }
            if let nextFrom {
                result["next_from"] = .double(nextFrom)
                if let nextOffset { result["next_offset"] = JSONValue(nextOffset) }
                result["note"] = .string("Cut at about \(Self.resultCharacters / 1000)k characters: call get_transcript with from=\(JSONValue.double(nextFrom).serialized)"
                                         + (nextOffset.map { " and offset=\($0)" } ?? "") + " for the rest.")
            }
            return .json(.object(result))
        }
    }

    var getCodeTool: Tool {
        Tool(name: "get_code", title: "Get a code snippet",
             description: """
             The code shown in a session's video: snippet n (from 1) with its title, language and the moment it is \
             shown; without n, the list of the session's snippets. A result holds at most about \(Self.resultCharacters / 1000)k \
             characters of code: when it stops early, 'next_offset' says where to continue (offset).
             """,
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "n": ["type": "integer", "minimum": 1, "description": "Which snippet, from 1 (as search hits and get_session number them)."],
                "offset": ["type": "integer", "minimum": 0, "description": "Start the code at this character (a previous result's next_offset); default 0."],
             ], required: ["id"]),
             outputSchema: ResultSchema.code) { [self] arguments, _ in
            let detail = try read { db -> SessionDetail? in
                try db.sessionDetail(id: try ConferenceLookup.sessionID(arguments.string("id") ?? "", in: db))
            }
            guard let detail else { throw BrowseError.unknownSession(arguments.string("id") ?? "", suggestions: []) }
            let snippets = detail.codeSnippets
            let documents = self.documents
            guard !snippets.isEmpty else { throw ToolFailure("\(detail.sessionID) has no code snippets.") }
            guard let n = arguments.int("n") else {
                let list = BoundedList(SessionDetail.snippetDocument.json(detail.snippets, documents).arrayValue ?? [], bytes: Self.resultCharacters)
                var result: [String: JSONValue] = ["id": .string(detail.sessionID), "title": .string(detail.title), "snippets": .array(list.items)]
                if list.leftOut > 0 {
                    result["note"] = .string("\(list.leftOut) of the \(snippets.count) snippets are left out for room: get_code with id=\(detail.sessionID) and n=\(list.items.count + 1) to \(snippets.count) reads each.")
                }
                return .json(.object(result))
            }
            guard n <= snippets.count else {
                throw ToolFailure("No code snippet \(n) in \(detail.sessionID) (it has \(snippets.count)).")
            }
            let snippet = snippets[n - 1]
            guard case var .object(members) = SessionDetail.snippetDocument.json(detail.snippets[n - 1], documents) else { return .error("No snippet.") }
            members["id"] = .string(detail.sessionID)
            let offset = arguments.int("offset") ?? 0
            guard let part = TextPart(snippet.code, from: offset, limit: Self.resultCharacters) else {
                throw ToolFailure("Offset \(offset) is past the end of code snippet \(n) of \(detail.sessionID) (it has \(snippet.code.count) characters).")
            }
            members["code"] = .string(part.text)
            members["offset"] = JSONValue(part.offset)
            members["length"] = JSONValue(part.length)
            if let next = part.next {
                members["next_offset"] = JSONValue(next)
                members["note"] = .string("Cut at character \(next) of \(part.length): call get_code with id=\(detail.sessionID), n=\(n) and offset=\(next) for the rest.")
            }
            if let start = snippet.startTime {
                members["command"] = .string(ConferenceLookup.watchCommand(detail.sessionID, at: start))
                members["link"] = JSONValue(detail.link?.address(moment: start))
            }
            return .json(.object(members))
        }
    }
}
