import ConferenceModel
import Foundation
import JSON
import SQLiteDatabase

/// Watch progress and the watched mark, one per session: `{"duration":…,"position":…,"watched":…}`
/// (a position or a duration may be absent: unknown), kept in `watch_progress`. A change rewrites
/// the row; a removal (unwatched) deletes it.
enum ProgressCodec: PersonalCodec {
    struct Value: PersonalValue {
        var position: Double?
        var duration: Double?
        var watched: Bool

        init(position: Double?, duration: Double?, watched: Bool) {
            self.position = position
            self.duration = duration
            self.watched = watched
        }

        static let memberNames = ["position", "duration", "watched"]

        init?(members object: PersonalMembers) {
            guard let position = object.optionalNumber("position"), let duration = object.optionalNumber("duration"),
                  case .bool(let watched)? = object["watched"] else { return nil }
            self.init(position: position, duration: duration, watched: watched)
        }
    }

    static let kind = PersonalKind.progress
    static let key: @Sendable (WatchProgress) -> String = \.sessionID

    static func value(of progress: WatchProgress) -> Value? {
        Value(position: progress.position, duration: progress.duration, watched: progress.watched)
    }

    /// Nil for a position or a duration beyond a video's range: from another machine, it would
    /// trap where it becomes a player's argument.
    static func item(_ value: Value, of change: PersonalChange) -> WatchProgress? {
        guard [value.position, value.duration].allSatisfy({ $0.map(FeedRange.videoSeconds.contains) ?? true }) else { return nil }
        return WatchProgress(sessionID: change.key, position: value.position, duration: value.duration, watched: value.watched,
                             updatedAt: change.changedAt)
    }

    static let table = StoredTable<WatchProgress>("watch_progress", key: [StoredColumn("session_id", key)], columns: [
        StoredColumn("position", \.position),
        StoredColumn("duration", \.duration),
        StoredColumn("watched", \.watched),
        StoredColumn("updated_at", \.updatedAt.timeIntervalSince1970),
    ])

    static func item(from row: Statement) -> WatchProgress {
        WatchProgress(sessionID: row.string("session_id") ?? "", position: row.optionalDouble("position"),
                      duration: row.optionalDouble("duration"), watched: row.int("watched") != 0,
                      updatedAt: Date(timeIntervalSince1970: row.double("updated_at")))
    }

    static func content(_ progress: WatchProgress) -> PersonalChange.Content { .progress(progress) }

    static func item(in content: PersonalChange.Content) -> WatchProgress? {
        if case .progress(let progress) = content { progress } else { nil }
    }
}
