import ConferenceData
import ConferenceMedia
import JSON
import MCPServer

/// The JSON Schemas of the tools' structured results (their `outputSchema`): each read model's
/// document as the assistant's view shows it (every member, its type, null where it may be, all of
/// them always there), and around it what a tool adds of its own (a page's cursor, where a long
/// text goes on), which is there only when it says so. Further members are allowed, so a newer
/// wwdc may add some without failing an older client's check.
enum ResultSchema {
    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let number: JSONValue = ["type": "number"]
    static let boolean: JSONValue = ["type": "boolean"]

    /// `type`, or null.
    static func orNull(_ type: String) -> JSONValue {
        ["type": [.string(type), "null"]]
    }

    static func array(_ items: JSONValue) -> JSONValue {
        ["type": "array", "items": items]
    }

    static func object(_ properties: [String: JSONValue], required: [String] = [], nullable: Bool = false) -> JSONValue {
        var schema: [String: JSONValue] = ["type": nullable ? ["object", "null"] : "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map(JSONValue.string)) }
        return .object(schema)
    }

    /// The schema of a document's `type`, null too when `nullable`.
    static func schema(_ type: FieldType, nullable: Bool = false) -> JSONValue {
        let name: String
        switch type {
        case .string: name = "string"
        case .integer: name = "integer"
        case .number: name = "number"
        case .boolean: name = "boolean"
        case let .array(items):
            return ["type": nullable ? ["array", "null"] : "array", "items": schema(items)]
        case let .map(values):
            return ["type": nullable ? ["object", "null"] : "object", "additionalProperties": schema(values)]
        case let .object(members):
            return object(Dictionary(uniqueKeysWithValues: members.map { ($0.name, schema($0.type, nullable: $0.nullable)) }),
                          required: members.map(\.name), nullable: nullable)
        }
        return nullable ? orNull(name) : ["type": .string(name)]
    }

    /// A document as the assistant's view shows it, with the members a tool may add (`extra`,
    /// there only when the tool says so).
    static func document<Model>(_ shape: DocumentShape<Model>, adding extra: [String: JSONValue] = [:]) -> JSONValue {
        guard case var .object(schema) = schema(shape.type.shown(in: .assistant)), case var .object(properties)? = schema["properties"] else {
            return [:]
        }
        properties.merge(extra) { $1 }
        schema["properties"] = .object(properties)
        return .object(schema)
    }

    /// A page of `key`: its items, their count, and the cursor of the next page when there is one.
    static func page(_ key: String, of item: JSONValue) -> JSONValue {
        object([key: array(item), "count": integer, "nextCursor": string, "more": string], required: [key, "count"])
    }

    // MARK: The results

    static let search = object(["query": string, "hits": array(document(SearchResult.document)), "note": string],
                               required: ["query", "hits", "note"])

    /// The session, its long texts perhaps in parts, its lists perhaps cut for room.
    static let session = document(SessionDetail.shownDocument, adding: [
        "description_length": integer, "description_next_offset": integer, "text_length": integer, "text_next_offset": integer,
        "more": string, "left_out": object(["chapters": integer, "code": integer, "related": integer, "resources": integer,
                                            "bookmarks": integer, "keywords": integer, "topics": integer, "platforms": integer,
                                            "downloads": integer]),
    ])

    static let transcript = document(SessionTranscript.document, adding: ["next_from": number, "next_offset": integer, "note": string])

    /// Either the session's list of snippets or one snippet with its code (a part of it).
    static let code: JSONValue = {
        guard case let .object(snippet)? = document(SessionDetail.snippetDocument)["properties"] else { return [:] }
        return object(snippet.merging([
            "id": string, "snippets": array(document(SessionDetail.snippetDocument)), "code": string, "command": string, "link": string,
            "offset": integer, "length": integer, "next_offset": integer, "note": string,
        ]) { $1 }, required: ["id", "title"])
    }()

    static let videos = page("videos", of: document(VideoItem.document))

    static let topics = object(["categories": array(document(TopicGroup.document))], required: ["categories"])

    static let schedule = page("sessions", of: document(ScheduleItem.document))

    static let favorites = page("favorites", of: document(FavoriteItem.document))

    static let continueWatching = page("videos", of: document(ContinueItem.document))

    static let bookmarks = page("bookmarks", of: document(BookmarkItem.document))

    static let favoriteChange = object(["id": string, "favorite": boolean, "changed": boolean, "uploaded": boolean, "message": string],
                                       required: ["id", "favorite", "changed", "message"])

    static let personalChange = object([
        "id": string, "changed": boolean, "number": orNull("integer"), "time": orNull("number"), "command": orNull("string"),
        "link": orNull("string"), "message": string,
    ], required: ["id", "changed", "message"])
}
