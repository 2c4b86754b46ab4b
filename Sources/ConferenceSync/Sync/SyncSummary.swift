import ConferenceData
import ConferenceModel
import PersonalSync
import PlainText
import Foundation
import Operations

/// How a sync ended: what a program says at the end, and what it prints for a script (its
/// document, `SyncSummary+Document`).
public struct SyncSummary: Sendable {
    public enum Status: String, Sendable {
        case succeeded = "ok"
        case failed
        case interrupted
    }

    public struct Step: Sendable {
        public var step: SyncStep
        public var status: SyncStepOutcome.Status
        public var detail: String?
        public var seconds: Double
    }

    public var status: Status
    public var source: String
    /// The language of the feeds synced (`en`, `jpn`); nil when the config was not read.
    public var language: String?
    public var database: String
    public var seconds: Double
    public var steps: [Step]
    /// Rows inserted, updated and deleted, by kind (the record of checks, `syncMetadata`, included).
    public var changes: [String: [String: Int]]
    /// Conference and user rows changed: the record of when each feed was checked does not count.
    public var rowsChanged: Int
    /// Feeds downloaded (changed) and answered "not modified".
    public var downloaded: [String]
    public var unchanged: [String]
    /// Items the feeds held that could not be used, each `{feed, item, field, reason}`.
    public var skipped: [FeedIssue]
    /// Values of kept items that could not be used and were left out.
    public var ignored: [FeedIssue]
    /// Content ids whose transcript could not be fetched; the next sync tries them again.
    public var transcriptsFailed: [String] = []
    /// Changes made here (favorites, feedback) that are not uploaded yet, after the sync.
    public var pendingChanges = 0
    /// Why those changes were not sent, when the person can do something about it: nil when none
    /// are pending, and without an account service (they stay on this machine).
    public var pendingCause: PendingCause?
    /// What the sync brought that was not there before (empty when it failed, and on a first sync).
    public var whatsNew = WhatsNew()
    /// What the exchange with the sync folder did; nil when there is none, or it did not run.
    public var syncFolder: SyncFolderCounts?
    /// The one line that says what went wrong.
    public var error: String?
    /// How to fix it.
    public var hint: String?


    /// The sync folder's figures in `--json` (every field, `null` when unknown).
    public struct SyncFolderCounts: Sendable, Equatable {
        public var path: String
        public var sent: Int
        public var received: Int
        public var machines: Int
        public var conflictCopies: Int
        /// Files read up to their damage, with why (names cleaned for printing).
        public var damaged: [String]
        /// Unusable changes skipped (an id or a value), with where and how many.
        public var skipped: [String]
        /// Changes made here the folder does not hold yet.
        public var waiting: Int
        public var git: Bool
        /// Why git was not run in the folder's work tree (exchanged as a plain folder).
        public var gitRefused: String?
        /// Whether the whole state was sent, the folder being new to this store.
        public var newFolder: Bool
        /// The folder the state went to before, when it was another.
        public var previousFolder: String?
        /// Files left for the next sync (over the bytes one sync reads).
        public var unread: [String]
        /// Where the exchange stopped at its time limit (`merge`, `compaction`, `git`); nil when it went to its end.
        public var stopped: String?

        public init(path: String, waiting: Int, report: SyncFolderReport?) {
            self.path = path
            self.waiting = waiting
            sent = report?.sent ?? 0
            received = report?.received ?? 0
            machines = report?.machines ?? 0
            conflictCopies = report?.conflictCopies ?? 0
            damaged = report?.damage ?? []
            skipped = report?.skipped ?? []
            git = report?.git ?? false
            gitRefused = report?.gitRefused
            newFolder = report?.newFolder ?? false
            previousFolder = report?.previousFolder
            unread = report?.unread ?? []
            stopped = report?.stopped?.rawValue
        }

    }


    /// Why changes made here are still pending after a sync.
    public enum PendingCause: Sendable, Equatable {
        /// Not logged in: a login, then a sync, sends them.
        case notLoggedIn
        /// Logged in, but the uploads step did not send them (its detail says why); the next sync
        /// tries again.
        case notSent
    }
}
