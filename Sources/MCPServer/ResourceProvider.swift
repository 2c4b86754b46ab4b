import JSON

/// A resource the server lists.
public struct ResourceItem: Sendable {
    public var uri: String
    public var name: String
    public var title: String?
    public var mimeType: String?

    public init(uri: String, name: String, title: String? = nil, mimeType: String? = nil) {
        self.uri = uri
        self.name = name
        self.title = title
        self.mimeType = mimeType
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["uri": .string(uri), "name": .string(name)]
        if let title { members["title"] = .string(title) }
        if let mimeType { members["mimeType"] = .string(mimeType) }
        return .object(members)
    }
}

/// A family of resources, by the shape of their addresses (RFC 6570: `wwdc://session/{id}`).
public struct ResourceTemplate: Sendable {
    public var uriTemplate: String
    public var name: String
    public var title: String
    public var description: String
    public var mimeType: String

    public init(uriTemplate: String, name: String, title: String, description: String, mimeType: String) {
        self.uriTemplate = uriTemplate
        self.name = name
        self.title = title
        self.description = description
        self.mimeType = mimeType
    }

    var json: JSONValue {
        ["uriTemplate": .string(uriTemplate), "name": .string(name), "title": .string(title),
         "description": .string(description), "mimeType": .string(mimeType)]
    }
}

/// A resource's text, as read.
public struct ResourceContents: Sendable {
    public var uri: String
    public var mimeType: String
    public var text: String

    public init(uri: String, mimeType: String, text: String) {
        self.uri = uri
        self.mimeType = mimeType
        self.text = text
    }

    var json: JSONValue {
        ["uri": .string(uri), "mimeType": .string(mimeType), "text": .string(text)]
    }
}

/// Where the server's resources come from: a paged list, the templates, and reading one.
public protocol ResourceProvider: Sendable {
    /// One page of the resources from `cursor` (nil: the first), and the cursor of the next page
    /// (nil on the last). A cursor it did not hand out throws ``RPCError/invalidParams(_:)``.
    func list(cursor: String?, context: RequestContext) throws -> (resources: [ResourceItem], nextCursor: String?)
    var templates: [ResourceTemplate] { get }
    /// The resource at `uri`; throws ``RPCError/resourceNotFound(_:)`` when there is none.
    func read(uri: String, context: RequestContext) throws -> ResourceContents
}
