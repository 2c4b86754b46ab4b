/// A documentation page, guide or sample-code project that sessions link to.
public struct Resource: Hashable, Sendable {
    public var id: Int
    public var title: String
    public var url: String?
    /// Apple's `resource_type`: `documentation`, `samplecode`, `guide`, ...
    public var type: String?
    public var description: String?

    public init(id: Int, title: String, url: String? = nil, type: String? = nil, description: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.type = type
        self.description = description
    }
}
