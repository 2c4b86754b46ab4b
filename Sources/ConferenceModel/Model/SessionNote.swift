import Foundation

/// The user's one note on a session.
public struct SessionNote: Hashable, Sendable {
    public var sessionID: String
    public var text: String
    public var updatedAt: Date

    public init(sessionID: String, text: String, updatedAt: Date) {
        self.sessionID = sessionID
        self.text = text
        self.updatedAt = updatedAt
    }
}
