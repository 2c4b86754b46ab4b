import ConferenceData
import ConferenceModel
import Foundation

/// When an app that opens on the store (the browser) runs the startup graph itself, as the WWDC app
/// does at launch.
public enum StartupSync: String, CaseIterable, Sendable {
    /// When the last sync is older than the source's config asks (`fetchIntervals.master`), else
    /// an hour; at once when there is no store yet.
    case auto
    /// At every opening.
    case always
    /// Never: the store as it is (the sync left to `wwdc sync`).
    case never

    /// How long a sync stays fresh when the config says nothing.
    public static let defaultInterval: TimeInterval = 3_600

    /// Whether to sync now, given the store (nil: there is none yet).
    public func isDue(_ store: ConferenceStore?, now: Date) throws -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard let store, let last = try store.read({ try $0.syncMetadata(feed: "config")?.lastSync }) else { return true }
            let interval = try store.savedConfig().flatMap { try? FeedDecoder.config(from: $0.body).fetchIntervals["master"] }
            return now.timeIntervalSince(last) >= (interval.flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultInterval)
        }
    }
}
