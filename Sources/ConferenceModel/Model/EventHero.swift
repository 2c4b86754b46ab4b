/// The config's depiction of the current event while nothing is scheduled yet (`eventHero`).
public struct EventHero: Hashable, Sendable {
    public var title: String
    public var body: String?
    public var backgroundImage: String?

    public init(title: String, body: String? = nil, backgroundImage: String? = nil) {
        self.title = title
        self.body = body
        self.backgroundImage = backgroundImage
    }
}
