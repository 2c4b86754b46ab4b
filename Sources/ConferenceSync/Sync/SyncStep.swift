import Foundation
import Operations

/// The boxes of the startup graph, in the order they are shown.
public enum SyncStep: String, CaseIterable, Sendable, Codable {
    case config
    case versionCheck = "version-check"
    case schedule
    case news
    case articles
    case uploads
    case syncFolder = "sync-folder"
    case videos
    case favorites
    case feedback
    case transcripts
    case save

    /// How the progress display names the step.
    public var title: String {
        switch self {
        case .config: "Configuration"
        case .versionCheck: "Version check"
        case .schedule: "Schedule"
        case .news: "News"
        case .articles: "Articles"
        case .uploads: "Uploads"
        case .syncFolder: "Sync folder"
        case .videos: "Videos"
        case .favorites: "Favorites"
        case .feedback: "Feedback"
        case .transcripts: "Transcripts"
        case .save: "Save"
        }
    }
}

/// How a step ended.
public struct SyncStepOutcome: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        case succeeded = "ok"
        case skipped
        case failed
        case cancelled
    }

    public var status: Status
    /// What it did ("234 sessions, 412 KB") or why it was skipped or failed.
    public var detail: String?
    public var seconds: Double

    public init(status: Status, detail: String?, seconds: Double) {
        self.status = status
        self.detail = detail
        self.seconds = seconds
    }
}

/// Hears about the steps of a sync as they run (the progress display). Called from any thread.
public protocol SyncProgressReporting: Sendable {
    func stepStarted(_ step: SyncStep)
    /// How far a step made of many requests is (`done` of `total`); not every step says.
    func stepProgressed(_ step: SyncStep, done: Int, total: Int)
    func stepFinished(_ step: SyncStep, outcome: SyncStepOutcome)
}

extension SyncProgressReporting {
    public func stepProgressed(_ step: SyncStep, done: Int, total: Int) {}
}

/// An operation that is one box of the graph.
protocol SyncStepOperation: AdvancedOperation {
    var step: SyncStep { get }
    /// A few words on what it did, once it succeeded.
    var resultDetail: String? { get }
}
