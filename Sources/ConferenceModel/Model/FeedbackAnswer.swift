/// Ratings and a comment for a session, as given on the form or with flags: overall 1 to 5 is
/// required, content and presentation are optional.
public struct FeedbackAnswer: Sendable, Equatable {
    public var overall: Int
    public var content: Int?
    public var presentation: Int?
    public var comment: String

    public init(overall: Int, content: Int? = nil, presentation: Int? = nil, comment: String = "") {
        self.overall = overall
        self.content = content
        self.presentation = presentation
        self.comment = comment
    }
}

extension FeedbackAnswer {
    /// What `feedback` holds, to start the form from.
    public init(_ feedback: Feedback) {
        self.init(overall: feedback.overall, content: feedback.content, presentation: feedback.presentation, comment: feedback.comment)
    }
}
