import ConferenceKit
import Foundation
import MCPServer
import PlainText
import SQLiteDatabase

/// The tools that read one thing: the search, a session, its transcript, its code.
extension ConferenceToolbox {
    /// The most text a transcript result holds; the rest is a call away (`from`).
    static let transcriptCharacters = 24_000

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
                return try db.searchEverywhere(request)
            }
            let hits: [JSONValue] = results.map { result in
                var hit: [String: JSONValue] = [
                    "kind": .string(result.kind), "id": .string(result.id), "title": .string(result.title),
                    "snippet": .string(result.snippet),
                ]
                switch result.source {
                case .transcripts:
                    hit["at"] = JSONValue(result.at)
                    hit["time"] = JSONValue(result.at.map(ConferenceLookup.timestamp))
                    hit["command"] = .string(ConferenceLookup.watchCommand(result.id, at: result.at))
                case .code:
                    hit["snippet_title"] = JSONValue(result.snippetTitle)
                    hit["n"] = JSONValue(result.snippetNumber ?? 1)
                    hit["command"] = .string("wwdc code \(result.id) \(result.snippetNumber ?? 1)")
                case .sessions:
                    hit["command"] = .string("wwdc session \(result.id)")
                case .notes:
                    if let number = result.bookmarkNumber {
                        hit["n"] = JSONValue(number)
                        hit["at"] = JSONValue(result.at)
                        hit["time"] = JSONValue(result.at.map(ConferenceLookup.timestamp))
                        hit["command"] = .string(ConferenceLookup.watchCommand(result.id, at: result.at))
                    } else {
                        hit["command"] = .string("wwdc note \(result.id)")
                    }
                case .news:
                    break
                }
                return .object(hit)
            }
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
             note; and the command that plays it.
             """,
             inputSchema: Tool.schema(["id": Self.sessionArgument], required: ["id"]),
             outputSchema: ResultSchema.session) { [self] arguments, _ in
            let (detail, downloads, record) = try read { db -> (SessionDetail?, [DownloadRecord], PersonalRecord) in
                let id = try ConferenceLookup.sessionID(arguments.string("id") ?? "", in: db)
                return (try db.sessionDetail(id: id), try db.downloadRecords(sessionID: id), try db.personalRecord(sessionID: id))
            }
            guard let detail else { throw BrowseError.unknownSession(arguments.string("id") ?? "", suggestions: []) }
            guard case var .object(document) = SessionDocument.json(detail, downloads: downloads, now: settings.now().timeIntervalSince1970) else {
                return .error("No session.")
            }
            document.merge(ConferenceLookup.personal(record, sessionID: detail.sessionID)) { $1 }
            return .json(.object(document))
        }
    }

    var getTranscriptTool: Tool {
        Tool(name: "get_transcript", title: "Get a transcript",
             description: """
             What is said in a session's video, paragraph by paragraph, each with its start (seconds and m:ss). \
             Give from/to (seconds) for a stretch, or around (seconds) for the two minutes about a moment (a search \
             hit's 'at'). A result holds at most about \(Self.transcriptCharacters / 1000)k characters: when it stops \
             early, 'next_from' says where to continue.
             """,
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "from": ["type": "number", "minimum": 0, "description": "Start at the paragraph spoken at this second."],
                "to": ["type": "number", "minimum": 0, "description": "Stop before the paragraphs that start after this second."],
                "around": ["type": "number", "minimum": 0, "description": "The paragraphs from a minute before to a minute after this second."],
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
            var paragraphs: [JSONValue] = []
            var characters = 0
            var nextFrom: Double?
            for paragraph in transcript.paragraphs(from: from) {
                if let to, paragraph.start > to { break }
                if characters + paragraph.text.count > Self.transcriptCharacters, !paragraphs.isEmpty {
                    nextFrom = paragraph.start
                    break
                }
                try context.checkCancellation()
                characters += paragraph.text.count
                paragraphs.append(["start": .double(paragraph.start), "time": .string(ConferenceLookup.timestamp(paragraph.start)),
                                   "text": .string(paragraph.text)])
            }
            var result: [String: JSONValue] = [
                "id": .string(transcript.sessionID), "title": .string(transcript.title), "language": .string(transcript.language),
                "duration": .double(transcript.duration), "paragraphs": .array(paragraphs),
            ]
            if let nextFrom {
                result["next_from"] = .double(nextFrom)
                result["note"] = .string("Cut at about \(Self.transcriptCharacters / 1000)k characters: call get_transcript with from=\(JSONValue.double(nextFrom).serialized) for the rest.")
            }
            return .json(.object(result))
        }
    }

    var getCodeTool: Tool {
        Tool(name: "get_code", title: "Get a code snippet",
             description: """
             The code shown in a session's video: snippet n (from 1) with its title, language and the moment it is \
             shown; without n, the list of the session's snippets.
             """,
             inputSchema: Tool.schema([
                "id": Self.sessionArgument,
                "n": ["type": "integer", "minimum": 1, "description": "Which snippet, from 1 (as search hits and get_session number them)."],
             ], required: ["id"]),
             outputSchema: ResultSchema.code) { [self] arguments, _ in
            let detail = try read { db -> SessionDetail? in
                try db.sessionDetail(id: try ConferenceLookup.sessionID(arguments.string("id") ?? "", in: db))
            }
            guard let detail else { throw BrowseError.unknownSession(arguments.string("id") ?? "", suggestions: []) }
            let snippets = detail.codeSnippets
            guard !snippets.isEmpty else { throw ToolFailure("\(detail.sessionID) has no code snippets.") }
            guard let n = arguments.int("n") else {
                return .json(["id": .string(detail.sessionID), "title": .string(detail.title),
                              "snippets": .array(snippets.enumerated().map { SessionDocument.snippet($1, number: $0 + 1) })])
            }
            guard n <= snippets.count else {
                throw ToolFailure("No code snippet \(n) in \(detail.sessionID) (it has \(snippets.count)).")
            }
            let snippet = snippets[n - 1]
            guard case var .object(members) = SessionDocument.snippet(snippet, number: n) else { return .error("No snippet.") }
            members["id"] = .string(detail.sessionID)
            members["code"] = .string(snippet.code)
            if let start = snippet.startTime { members["command"] = .string(ConferenceLookup.watchCommand(detail.sessionID, at: start)) }
            return .json(.object(members))
        }
    }
}
