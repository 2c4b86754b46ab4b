import ConferenceData
import ConferenceModel
import PersonalSync
import PlainText
import Foundation
import Operations

/// How a sync ended: what a program says at the end, and what it prints for a script (every field
/// but ``pendingCause``, `null` when unknown).
public struct SyncSummary: Sendable, Encodable {
    public enum Status: String, Sendable, Encodable {
        case succeeded = "ok"
        case failed
        case interrupted
    }

    public struct Step: Sendable, Encodable {
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

    private enum CodingKeys: String, CodingKey {
        case status, source, language, database, seconds, steps, changes, rowsChanged, downloaded, unchanged, skipped, ignored
        case transcriptsFailed, pendingChanges, whatsNew, syncFolder, error, hint
    }

    /// The sync folder's figures in `--json` (every field, `null` when unknown).
    public struct SyncFolderCounts: Sendable, Encodable, Equatable {
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

        private enum CodingKeys: String, CodingKey {
            case path, sent, received, machines, conflictCopies, damaged, skipped, waiting, git, gitRefused, newFolder, previousFolder, unread, stopped
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(sent, forKey: .sent)
            try container.encode(received, forKey: .received)
            try container.encode(machines, forKey: .machines)
            try container.encode(conflictCopies, forKey: .conflictCopies)
            try container.encode(damaged, forKey: .damaged)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(waiting, forKey: .waiting)
            try container.encode(git, forKey: .git)
            try container.encode(gitRefused, forKey: .gitRefused)
            try container.encode(newFolder, forKey: .newFolder)
            try container.encode(previousFolder, forKey: .previousFolder)
            try container.encode(unread, forKey: .unread)
            try container.encode(stopped, forKey: .stopped)
        }
    }

    /// Every field, `null` when unknown: a script never has to test whether a key exists.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(source, forKey: .source)
        try container.encode(language, forKey: .language)
        try container.encode(database, forKey: .database)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(steps, forKey: .steps)
        try container.encode(changes, forKey: .changes)
        try container.encode(rowsChanged, forKey: .rowsChanged)
        try container.encode(downloaded, forKey: .downloaded)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(ignored, forKey: .ignored)
        try container.encode(transcriptsFailed, forKey: .transcriptsFailed)
        try container.encode(pendingChanges, forKey: .pendingChanges)
        try container.encode(whatsNew, forKey: .whatsNew)
        try container.encode(syncFolder, forKey: .syncFolder)
        try container.encode(error, forKey: .error)
        try container.encode(hint, forKey: .hint)
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
