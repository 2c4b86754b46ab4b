/// Where and when to sign up for a lab by appointment (`signupInformation`).
public struct LabSignup: Hashable, Sendable {
    public var url: String?
    /// The prompt, e.g. "Request an appointment".
    public var text: String?
    public var startDate: FeedDate?
    public var endDate: FeedDate?

    public init(url: String? = nil, text: String? = nil, startDate: FeedDate? = nil, endDate: FeedDate? = nil) {
        self.url = url
        self.text = text
        self.startDate = startDate
        self.endDate = endDate
    }
}
