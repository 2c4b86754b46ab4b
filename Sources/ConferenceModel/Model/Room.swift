/// A room of the venue (dropped by later years' feeds).
public struct Room: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var ordinal: Int?
    public var regionID: Int?

    public init(id: Int, name: String, ordinal: Int? = nil, regionID: Int? = nil) {
        self.id = id
        self.name = name
        self.ordinal = ordinal
        self.regionID = regionID
    }
}
