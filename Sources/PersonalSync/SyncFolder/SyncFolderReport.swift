/// What one exchange with a sync folder did.
public struct SyncFolderReport: Sendable, Equatable {
    /// Changes made here written to the folder.
    public var sent = 0
    /// Changes from the folder applied here (newer than what was here).
    public var received = 0
    /// The machines those changes came from.
    public var machines = 0
    /// Files of the folder that are wwdc's, read (conflict copies among them).
    public var filesRead = 0
    /// Replicators' conflict copies read as files of their machines.
    public var conflictCopies = 0
    /// Files, or lines of them, that could not be read, with why (skipped; nothing else is lost).
    public var damage: [String] = []
    /// Changes that were read but are unusable (an id that is not one, a value out of range or of
    /// another shape), skipped, with where and how many: not damage, and nothing else is lost.
    public var skipped: [String] = []
    /// Changes dated more than a day ahead of this machine's clock, left for later.
    public var postponed = 0
    /// Whether this machine's journal was compacted into its snapshot.
    public var compacted = false
    /// Whether the folder is a git work tree that was pulled and pushed.
    public var git = false
    /// Why git was not run in the folder's work tree (it was exchanged as a plain folder); nil when it was, or there is none.
    public var gitRefused: String?
    /// Whether the folder was new to this store (first exchange, another folder before, or this
    /// machine's files gone from it): the whole personal state was sent.
    public var newFolder = false
    /// The folder this store sent its state to before, when it was another.
    public var previousFolder: String?
    /// Files left unread, over the bytes one sync reads (names cleaned for printing): the next sync reads them first.
    public var unread: [String] = []
    /// Where the exchange stopped at its time limit, after saving what the rest of the report says;
    /// nil when it went to its end.
    public var stopped: Stage?

    /// A part of the exchange that can be left undone at the time limit.
    public enum Stage: String, Sendable {
        /// Reading the folder and merging it (nothing received).
        case merge
        /// Compacting this machine's files.
        case compaction
        /// Committing and pushing with git.
        case git
    }

    /// This report, as of a stop at `stage`.
    func stopped(at stage: Stage) -> SyncFolderReport {
        var report = self
        report.stopped = stage
        return report
    }

    public init() {}
}
