import Foundation

/// Why feedback cannot be given on a session.
public enum FeedbackError: Error, Equatable, Sendable {
    /// The session has not taken place yet.
    case notYetTakenPlace(session: String, startsAt: Date)
    /// The feedback was uploaded already: it can no longer be changed.
    case alreadyUploaded(session: String)
    /// A comment of `length` characters, over ``Feedback/maximumCommentLength``.
    case commentTooLong(length: Int)
}

extension FeedbackError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .notYetTakenPlace(session, startsAt):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "EEEE, MMMM d, yyyy"
            return "\(session) has not taken place yet (it is on \(formatter.string(from: startsAt))): only past sessions can be rated"
        case let .alreadyUploaded(session):
            return "your feedback on \(session) was uploaded already and can no longer be changed"
        case let .commentTooLong(length):
            return "the comment is \(length) characters long; a comment holds at most \(Feedback.maximumCommentLength)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notYetTakenPlace: "Come back after the session."
        case .alreadyUploaded: nil
        case .commentTooLong: "Nothing was saved: shorten it."
        }
    }
}
