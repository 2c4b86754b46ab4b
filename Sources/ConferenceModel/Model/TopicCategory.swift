/// A group of topics (`topicCategories`): "Developer Tools" holds Swift, Xcode, ...
public struct TopicCategory: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var ordinal: Int?
    /// Its topics, in order.
    public var topicIDs: [Int]

    public init(id: Int, name: String, ordinal: Int? = nil, topicIDs: [Int] = []) {
        self.id = id
        self.name = name
        self.ordinal = ordinal
        self.topicIDs = topicIDs
    }
}
