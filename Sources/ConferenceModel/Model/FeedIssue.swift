/// Something a feed held that wwdc could not use: an item skipped, or a field of a kept item ignored.
public struct FeedIssue: Hashable, Sendable {
    public enum Kind: String, Sendable {
        /// The item was left out (no id, a required field unusable, not an object).
        case skipped
        /// The item was kept without this field's value (of a type that cannot stand for it).
        case ignored
    }

    public var kind: Kind
    /// The feed's file name (`contents.json`).
    public var feed: String
    /// The item's id, or its position (`contents[12]`) when it has none.
    public var item: String?
    /// The field path (`media.duration`, `keywords[2]`); nil for the item as a whole.
    public var field: String?
    public var reason: String

    /// Item ids, field names and reasons quote the feed: they are cleaned here, once.
    public init(kind: Kind, feed: String, item: String?, field: String?, reason: String) {
        self.kind = kind
        self.feed = feed
        self.item = item.map(Clean.line)
        self.field = field.map(Clean.line)
        self.reason = Clean.line(reason)
    }

    /// `contents.json: wwdc2020-10001: title: expected text, found an object`.
    public var line: String {
        [feed, item, field].compactMap { $0 }.joined(separator: ": ") + ": " + reason
    }
}
