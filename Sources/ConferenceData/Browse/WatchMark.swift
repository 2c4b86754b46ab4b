import JSON
import SQLiteDatabase

/// Where the user stands with a session's video, for the marks of a listing.
public enum WatchMark: Hashable, Sendable {
    case watched
    /// Started: the share watched, 0 to 1, nil when the position is unknown.
    case inProgress(Double?)

    /// The mark of a row that selected ``columns`` (nil: never played).
    static func read(_ row: CleanRow) -> WatchMark? {
        guard row.optionalInt("progress_watched") != nil else { return nil }
        if row.bool("progress_watched") { return .watched }
        guard let position = row.optionalDouble("progress_position"), let duration = row.optionalDouble("progress_duration"),
              duration > 0 else { return .inProgress(nil) }
        return .inProgress(min(max(position / duration, 0), 1))
    }

    /// The columns ``read(_:)`` reads, from `watch_progress` joined as `p`.
    static let columns: SQL = "p.watched AS progress_watched, p.position AS progress_position, p.duration AS progress_duration"
    /// The join that gives them.
    static let join: SQL = "LEFT JOIN watch_progress p ON p.session_id = s.id"

    /// The share watched, 0 to 1 (1 when watched); nil when unknown.
    public var progress: Double? {
        switch self {
        case .watched: 1
        case .inProgress(let share): share
        }
    }
}

/// Which sessions a listing keeps by where the user stands with their videos.
public enum WatchFilter: String, Hashable, Sendable, CaseIterable {
    /// Marked watched (or played to the end).
    case watched
    /// Not watched: never played, or started.
    case unwatched
    /// Started and not finished.
    case inProgress = "in-progress"

    /// The condition on `watch_progress` joined as `p`.
    var condition: SQL {
        switch self {
        case .watched: "p.watched = 1"
        case .unwatched: "coalesce(p.watched, 0) = 0"
        case .inProgress: "p.watched = 0"
        }
    }
}

extension WatchMark {
    /// `watched` and `progress`: where you stand with a session's video (the mark at `path`, nil
    /// when never played), as every listing of sessions shows it.
    static func fields<Model>(_ path: KeyPath<Model, WatchMark?> & Sendable) -> [DocumentField<Model>] {
        [DocumentField("watched", .boolean, "whether you watched its video") { model, _ in .bool(model[keyPath: path] == .watched) },
         DocumentField("progress", .number, nullable: true, "how far you got, 0 to 1 (1 when watched); null when never played or unknown") {
             model, _ in JSONValue(model[keyPath: path]?.progress)
         }]
    }
}
