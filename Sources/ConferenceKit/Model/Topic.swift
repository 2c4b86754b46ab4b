/// A topic that later years' feeds attach to sessions (`topics` list, `topicIds` of a content item).
public struct Topic: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var ordinal: Int?

    public init(id: Int, name: String, ordinal: Int? = nil) {
        self.id = id
        self.name = name
        self.ordinal = ordinal
    }
}
