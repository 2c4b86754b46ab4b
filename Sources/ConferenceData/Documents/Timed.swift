/// A value whose times carry no offset of their own (a session's live stream, a news item), with
/// the offset the feed wrote them in, for its document.
public struct Timed<Value: Sendable>: Sendable {
    public var value: Value
    /// The UTC offset of its times, in seconds; nil for UTC.
    public var utcOffset: Int?

    public init(_ value: Value, utcOffset: Int?) {
        self.value = value
        self.utcOffset = utcOffset
    }
}
