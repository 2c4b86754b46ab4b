/// A member of a document as its readers are told: its name, its type, whether it may be null,
/// one line saying what it is, and the views that show it.
public struct FieldDescription: Sendable {
    public let name: String
    public let type: FieldType
    /// Whether it may be null ("null when unknown"); every member a view shows is always there.
    public let nullable: Bool
    /// What it is, in one line.
    public let doc: String
    /// The views that show it: all of them, or only the one whose field it is.
    public let views: Set<DocumentView>

    public init(name: String, type: FieldType, nullable: Bool, doc: String, views: Set<DocumentView>) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.doc = doc
        self.views = views
    }
}
