import Foundation

/// Decodes Apple's feeds, turning every failure into a `FeedError` that says what is wrong and where.
public enum FeedDecoder {
    /// Decodes `contents.json`.
    public static func contents(from data: Data, feed: String = "contents.json") throws -> ContentsFeed {
        try decode(ContentsFeed.self, from: data, feed: feed)
    }

    /// Decodes `news.json`.
    public static func news(from data: Data, feed: String = "news.json") throws -> NewsFeed {
        try decode(NewsFeed.self, from: data, feed: feed)
    }

    /// Decodes `videos_live.json`.
    public static func liveVideos(from data: Data, feed: String = "videos_live.json") throws -> LiveVideosFeed {
        try decode(LiveVideosFeed.self, from: data, feed: feed)
    }

    /// Decodes `config.json`.
    public static func config(from data: Data, feed: String = "config.json") throws -> AppConfig {
        try decode(AppConfig.self, from: data, feed: feed)
    }

    /// Decodes any of the feed types; errors are `FeedError`s naming `feed`.
    ///
    /// The document must be strict JSON (RFC 8259, UTF-8): `JSONDecoder` alone would also take
    /// trailing commas, raw control characters and invalid UTF-8.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, feed: String) throws -> T {
        if let problem = JSONSyntaxLocator.firstProblem(in: data) {
            throw FeedError(kind: .malformedJSON, feed: feed, line: problem.line, column: problem.column,
                            offset: problem.offset, detail: problem.reason)
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw FeedDecoder.feedError(for: error, data: data, feed: feed)
        }
    }

    static func feedError(for error: DecodingError, data: Data, feed: String) -> FeedError {
        switch error {
        case .keyNotFound(let key, let context):
            let path = context.codingPath + [key]
            return FeedError(kind: .missingField, feed: feed, path: render(path),
                             itemID: itemID(along: path, in: data),
                             detail: "required field \"\(key.stringValue)\" is missing")
        case .valueNotFound(let type, let context):
            return FeedError(kind: .wrongType, feed: feed, path: render(context.codingPath),
                             itemID: itemID(along: context.codingPath, in: data),
                             detail: "expected \(describe(type)) but found null")
        case .typeMismatch(let type, let context):
            let found = value(at: context.codingPath, in: data).map(describeJSON) ?? "another type"
            return FeedError(kind: .wrongType, feed: feed, path: render(context.codingPath),
                             itemID: itemID(along: context.codingPath, in: data),
                             detail: "expected \(describe(type)) but found \(found)")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                if let problem = JSONSyntaxLocator.firstProblem(in: data) {
                    return FeedError(kind: .malformedJSON, feed: feed, line: problem.line, column: problem.column,
                                     offset: problem.offset, detail: problem.reason)
                }
                if data.isEmpty {
                    return FeedError(kind: .malformedJSON, feed: feed, offset: 0, detail: "the document is empty")
                }
            }
            return FeedError(kind: .invalidValue, feed: feed, path: render(context.codingPath),
                             itemID: itemID(along: context.codingPath, in: data), detail: context.debugDescription)
        @unknown default:
            return FeedError(kind: .invalidValue, feed: feed, detail: String(describing: error))
        }
    }

    /// `contents[12].media.duration`
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type, is Int64.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") || name.contains("KeyedDecodingContainer") { return "an object" }
            return "a value of type \(name)"
        }
    }

    private static func describeJSON(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "a string"
        case let number as NSNumber:
            // Booleans come back as NSNumbers whose Objective-C type is `char`, on Darwin and Linux alike.
            return String(cString: number.objCType) == "c" ? "true or false" : "a number"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "another type"
        }
    }

    /// The JSON value at `path`, parsed again on this error path only.
    private static func value(at path: [any CodingKey], in data: Data) -> Any? {
        guard var current = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        for key in path {
            guard let next = child(of: current, key: key) else { return nil }
            current = next
        }
        return current
    }

    /// The `id` of the innermost object along `path` that has one (or the key of a keyed collection).
    private static func itemID(along path: [any CodingKey], in data: Data) -> String? {
        guard var current = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        var found: String?
        for (position, key) in path.enumerated() {
            guard let next = child(of: current, key: key) else { break }
            // The last key is the failing field itself; its own id would say nothing new.
            if position < path.count - 1, let object = next as? [String: Any] {
                if let id = object["id"] as? String {
                    found = id
                } else if let id = object["id"] as? NSNumber {
                    found = id.stringValue
                } else if position > 0, keyedCollections.contains(path[position - 1].stringValue) {
                    found = key.stringValue
                }
            }
            current = next
        }
        return found
    }

    /// Objects whose keys identify their items.
    private static let keyedCollections: Set<String> = ["live_sessions"]

    private static func child(of value: Any, key: any CodingKey) -> Any? {
        if let array = value as? [Any], let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
            return index < array.count ? array[index] : nil
        }
        if let object = value as? [String: Any] {
            return object[key.stringValue]
        }
        return nil
    }
}
