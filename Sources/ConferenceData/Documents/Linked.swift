import ConferenceModel

/// A value of a session's that knows nothing of its session (its watch progress), with the
/// session's page on Apple's site, for its document.
public struct Linked<Value: Sendable>: Sendable {
    public var value: Value
    /// The session's page (nil when it has none).
    public var link: SessionLink?

    public init(_ value: Value, link: SessionLink?) {
        self.value = value
        self.link = link
    }
}
