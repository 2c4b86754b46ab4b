import Foundation

/// The user's rating of a session (one per session), kept by session identifier.
public struct Feedback: Hashable, Sendable {
    /// The most characters (Unicode scalars) a comment holds, as the account service takes them:
    /// so few that the rating's line in a sync folder's journal always fits, each character its
    /// longest escape (28 KB of a 1 MB line, beside the ratings and the session id). A longer one is
    /// refused where it is written, nothing saved.
    public static let maximumCommentLength = 4_000

    /// Throws ``FeedbackError/commentTooLong(length:)`` unless `comment` fits ``maximumCommentLength``.
    public static func checkComment(_ comment: String) throws {
        // Scalars, not characters: one character may hold any number of them.
        let length = comment.unicodeScalars.count
        if length > maximumCommentLength { throw FeedbackError.commentTooLong(length: length) }
    }

    /// The service's idempotency key, a UUID made by the client when the feedback is first written.
    public var clientID: UUID
    public var sessionID: String
    /// Ratings from 1 to 5.
    public var overall: Int
    /// Unrated when nil.
    public var content: Int?
    /// Unrated when nil.
    public var presentation: Int?
    public var comment: String
    public var syncState: SyncState
    public var createdAt: Date
    public var updatedAt: Date
    /// The outbox version of the last local change (0 for none): later changes have higher versions.
    public var version: Int64

    public init(clientID: UUID = UUID(), sessionID: String, overall: Int, content: Int? = nil, presentation: Int? = nil,
                comment: String = "", syncState: SyncState, createdAt: Date, updatedAt: Date? = nil, version: Int64 = 0) {
        self.clientID = clientID
        self.sessionID = sessionID
        self.overall = overall
        self.content = content
        self.presentation = presentation
        self.comment = comment
        self.syncState = syncState
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.version = version
    }

    /// True when every rating is within 1...5.
    public var hasValidRatings: Bool {
        ([overall] + [content, presentation].compactMap { $0 }).allSatisfy { (1...5).contains($0) }
    }
}
