import Foundation

/// How far the user has watched a session's video, kept by session identifier.
public struct WatchProgress: Hashable, Sendable {
    public var sessionID: String
    /// Seconds into the video; nil when the player could not say (playback started, position unknown).
    public var position: Double?
    /// Seconds; from the player when it knew, else the feed's.
    public var duration: Double?
    public var watched: Bool
    public var updatedAt: Date

    public init(sessionID: String, position: Double?, duration: Double?, watched: Bool, updatedAt: Date) {
        self.sessionID = sessionID
        self.position = position
        self.duration = duration
        self.watched = watched
        self.updatedAt = updatedAt
    }

    /// The share watched, 0 to 1: 1 when watched, nil when the position or the duration is unknown.
    public var progress: Double? {
        if watched { return 1 }
        guard let position, let duration, duration > 0 else { return nil }
        return min(max(position / duration, 0), 1)
    }

    /// The progress of a playback that stopped at `position`: within the last 5 % of `duration`, or
    /// within its last 30 s (whichever reaches further back), or past it, it counts as watched and
    /// keeps no position, so the next playback starts over.
    public static func recording(sessionID: String, position: Double, duration: Double?, at date: Date) -> WatchProgress {
        let position = max(position, 0)
        if let duration, duration > 0, position >= duration - max(duration * 0.05, 30) {
            return WatchProgress(sessionID: sessionID, position: nil, duration: duration, watched: true, updatedAt: date)
        }
        return WatchProgress(sessionID: sessionID, position: position, duration: duration, watched: false, updatedAt: date)
    }
}
