/// A topic with the number of items that carry it, for `wwdc topics`.
public struct TopicSummary: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var itemCount: Int

    public init(id: Int, name: String, itemCount: Int) {
        self.id = id
        self.name = name
        self.itemCount = itemCount
    }
}

/// A topic category and its topics, in the feed's order.
public struct TopicGroup: Hashable, Sendable {
    /// The category's id; nil for the topics no category lists.
    public var id: Int?
    public var name: String
    public var topics: [TopicSummary]

    public init(id: Int?, name: String, topics: [TopicSummary]) {
        self.id = id
        self.name = name
        self.topics = topics
    }
}

extension TopicGroup {
    /// A topic category with its topics: `topics --json` and the assistant's `list_topics`.
    public static let document = DocumentShape<TopicGroup>([
        .integer("id", "the category's id; null for the topics no category lists", \.id),
        .string("name", "its name", \.name),
        .list("topics", "its topics, in the feed's order", topicDocument) { $0.topics },
    ])

    static let topicDocument = DocumentShape<TopicSummary>([
        .integer("id", "the topic's id", \.id),
        .string("name", "its name", \.name),
        .integer("items", "how many items carry it", \.itemCount),
    ])
}
