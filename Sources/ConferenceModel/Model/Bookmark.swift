import Foundation

/// A moment of a session's video the user marked, with an optional note.
public struct Bookmark: Hashable, Sendable {
    /// Made where the bookmark was made (a UUID), so it is the same bookmark on every machine.
    public var id: String
    public var sessionID: String
    /// Seconds into the video.
    public var time: Double
    public var note: String
    public var createdAt: Date

    public init(id: String, sessionID: String, time: Double, note: String, createdAt: Date) {
        self.id = id
        self.sessionID = sessionID
        self.time = time
        self.note = note
        self.createdAt = createdAt
    }
}
