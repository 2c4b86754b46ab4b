/// A topic that later years' feeds attach to items (`topics` list, `topicIds` of a content item).
public struct Topic: Hashable, Sendable {
    public var id: Int
    /// Apple's `title` (`name` in older copies).
    public var name: String
    public var ordinal: Int?

    public init(id: Int, name: String, ordinal: Int? = nil) {
        self.id = id
        self.name = name
        self.ordinal = ordinal
    }
}
