/// A track of the programme (dropped by later years' feeds), with Apple's display colors.
public struct Track: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var ordinal: Int?
    public var color: String?
    public var darkColor: String?
    public var titleColor: String?
    public var lightBackgroundColor: String?

    public init(id: Int, name: String, ordinal: Int? = nil, color: String? = nil, darkColor: String? = nil,
                titleColor: String? = nil, lightBackgroundColor: String? = nil) {
        self.id = id
        self.name = name
        self.ordinal = ordinal
        self.color = color
        self.darkColor = darkColor
        self.titleColor = titleColor
        self.lightBackgroundColor = lightBackgroundColor
    }
}
