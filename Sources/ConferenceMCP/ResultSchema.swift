import JSON
import MCPServer

/// The JSON Schemas of the tools' structured results (their `outputSchema`): every member a result
/// may have, with its type; `required` lists those it always has. Further members are allowed, so a
/// newer wwdc may add some without failing an older client's check.
enum ResultSchema {
    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let number: JSONValue = ["type": "number"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let strings = array(string)

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

    /// A page of `key`: its items, their count, and the cursor of the next page when there is one.
    static func page(_ key: String, of item: JSONValue) -> JSONValue {
        object([key: array(item), "count": integer, "nextCursor": string, "more": string], required: [key, "count"])
    }

    // MARK: The results

    static let searchHit = object([
        "kind": string, "id": string, "title": string, "snippet": string, "command": string,
        "at": orNull("number"), "time": orNull("string"), "n": integer, "snippet_title": orNull("string"),
    ], required: ["kind", "id", "title", "snippet"])

    static let search = object(["query": string, "hits": array(searchHit), "note": string], required: ["query", "hits", "note"])

    /// A code snippet as a session lists it (without its code).
    static let snippetProperties: [String: JSONValue] = [
        "n": integer, "title": string, "language": orNull("string"), "start": orNull("number"), "time": orNull("string"),
    ]

    static let bookmark = object([
        "id": string, "title": orNull("string"), "n": integer, "at": number, "time": string, "note": string, "command": string,
    ], required: ["id", "n", "at", "time", "note", "command"])

    static let session = object([
        "id": string, "event": string, "eventName": orNull("string"), "number": orNull("integer"), "title": string,
        "description": string, "type": orNull("string"), "track": orNull("string"), "room": orNull("string"),
        "day": orNull("string"), "start": orNull("string"), "end": orNull("string"), "published": orNull("string"),
        "platforms": strings, "keywords": strings, "topics": strings,
        "favorite": boolean, "favoriteSyncState": orNull("string"), "webURL": orNull("string"), "imageURL": orNull("string"),
        "bestStream": orNull("string"),
        "onTheAir": boolean, "text": orNull("string"),
        "related": array(object(["id": string, "title": orNull("string")], required: ["id"])),
        "resources": array(object(["title": string, "type": orNull("string"), "url": orNull("string")], required: ["title"])),
        "chapters": array(object(["title": string, "start": number, "time": string, "end": orNull("number")], required: ["title", "start", "time"])),
        "code": array(object(snippetProperties, required: ["n", "title"])),
        "downloads": array(object(["quality": string, "state": string, "path": string], required: ["quality", "state", "path"])),
        "video": object(["duration": orNull("number"), "stream": orNull("string"), "hd": orNull("string"), "sd": orNull("string"),
                         "appleTVStream": orNull("string"), "slides": orNull("string"), "subtitles": orNull("string")], nullable: true),
        "liveStream": object(["stream": orNull("string"), "appleTVStream": orNull("string"), "ended": orNull("string")], nullable: true),
        "signup": object(["url": string, "text": orNull("string"), "opens": orNull("string"), "closes": orNull("string")],
                         required: ["url"], nullable: true),
        "transcript": object(["language": string, "duration": number], required: ["language", "duration"], nullable: true),
        "feedback": object(["overall": orNull("integer"), "content": orNull("integer"), "presentation": orNull("integer"),
                            "comment": string, "syncState": string], nullable: true),
        "commands": object(["show": string, "watch": string, "transcript": string], required: ["show"]),
        "progress": object(["watched": boolean, "position": orNull("number"), "duration": orNull("number"),
                            "progress": orNull("number"), "resume": string], required: ["watched", "resume"], nullable: true),
        "bookmarks": array(bookmark), "note": orNull("string"),
        "description_length": integer, "description_next_offset": integer, "text_length": integer, "text_next_offset": integer,
        "more": string, "left_out": object(["chapters": integer, "code": integer, "related": integer, "resources": integer,
                                            "bookmarks": integer, "keywords": integer, "topics": integer, "platforms": integer,
                                            "downloads": integer]),
    ], required: ["id", "event", "title", "description", "platforms", "keywords", "topics", "favorite", "onTheAir", "related",
                  "resources", "chapters", "code", "downloads", "video", "liveStream", "signup", "transcript", "feedback", "commands",
                  "progress", "bookmarks", "note"])

    static let transcript = object([
        "id": string, "title": string, "language": string, "duration": number,
        "paragraphs": array(object(["start": number, "time": string, "text": string], required: ["start", "time", "text"])),
        "next_from": number, "next_offset": integer, "note": string,
    ], required: ["id", "title", "language", "duration", "paragraphs"])

    /// Either the session's list of snippets or one snippet with its code.
    static let code = object(snippetProperties.merging([
        "id": string, "snippets": array(object(snippetProperties, required: ["n", "title"])), "code": string, "command": string,
        "offset": integer, "length": integer, "next_offset": integer, "note": string,
    ]) { $1 }, required: ["id", "title"])

    static let videos = page("videos", of: object([
        "id": string, "event": string, "title": string, "type": orNull("string"), "duration": orNull("number"),
        "topic": orNull("string"), "favorite": boolean, "downloaded": boolean, "watched": boolean, "progress": orNull("number"),
        "date": orNull("string"), "command": string,
    ], required: ["id", "event", "title", "favorite", "downloaded", "watched", "command"]))

    static let topics = object(["categories": array(object([
        "id": orNull("integer"), "name": string,
        "topics": array(object(["id": integer, "name": string, "items": integer], required: ["id", "name", "items"])),
    ], required: ["name", "topics"]))], required: ["categories"])

    static let schedule = page("sessions", of: object([
        "id": string, "event": string, "title": string, "type": orNull("string"), "track": orNull("string"), "room": orNull("string"),
        "start": orNull("string"), "end": orNull("string"), "favorite": boolean,
    ], required: ["id", "event", "title", "favorite"]))

    static let favorites = page("favorites", of: object(["id": string, "title": orNull("string"), "syncState": string],
                                                        required: ["id", "syncState"]))

    static let continueWatching = page("videos", of: object([
        "id": string, "title": orNull("string"), "position": orNull("number"), "time": orNull("string"),
        "duration": orNull("number"), "progress": orNull("number"), "command": string,
    ], required: ["id", "command"]))

    static let bookmarks = page("bookmarks", of: bookmark)

    static let favoriteChange = object(["id": string, "favorite": boolean, "changed": boolean, "uploaded": boolean, "message": string],
                                       required: ["id", "favorite", "changed", "message"])

    static let personalChange = object([
        "id": string, "changed": boolean, "n": orNull("integer"), "at": orNull("number"), "command": orNull("string"), "message": string,
    ], required: ["id", "changed", "message"])
}
