import Foundation

/// A feed that cannot be read: malformed JSON, a missing required field, a value of the wrong type.
///
/// It names the feed, where the problem is (a field path such as `contents[12].title`, or a line and
/// column for malformed JSON) and, when known, the identifier of the item concerned.
public struct FeedError: Error, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case malformedJSON
        case missingField
        case wrongType
        case invalidValue
        /// The server says the feed is unchanged, but the copy saved from the last time is missing.
        case noSavedCopy
    }

    public var kind: Kind
    /// The feed's name, e.g. `contents.json`.
    public var feed: String
    /// The field path, e.g. `contents[12].title`; nil for malformed JSON.
    public var path: String?
    /// The `id` of the innermost item around the problem, when it has one.
    public var itemID: String?
    /// 1-based position of malformed JSON.
    public var line: Int?
    public var column: Int?
    /// 0-based byte offset of malformed JSON.
    public var offset: Int?
    /// What is wrong, in a few words.
    public var detail: String

    public init(kind: Kind, feed: String, path: String? = nil, itemID: String? = nil, line: Int? = nil,
                column: Int? = nil, offset: Int? = nil, detail: String) {
        self.kind = kind
        self.feed = feed
        self.path = path
        self.itemID = itemID
        self.line = line
        self.column = column
        self.offset = offset
        self.detail = detail
    }
}

extension FeedError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        var location = ""
        if let path { location = path.isEmpty ? "top level" : path }
        if let itemID { location += " (item id \"\(itemID)\")" }
        switch kind {
        case .malformedJSON:
            var position = ""
            if let line, let column { position = " at line \(line), column \(column)" }
            if let offset { position += position.isEmpty ? " at byte \(offset)" : " (byte \(offset))" }
            return "\(feed) is not valid JSON\(position): \(detail)"
        case .missingField:
            return "\(feed): \(location): \(detail)"
        case .wrongType, .invalidValue, .noSavedCopy:
            return "\(feed): \(location): \(detail)"
        }
    }

    public var recoverySuggestion: String? {
        "The feed was rejected as a whole and the store left unchanged; try again later, and report the problem if it persists."
    }
}
