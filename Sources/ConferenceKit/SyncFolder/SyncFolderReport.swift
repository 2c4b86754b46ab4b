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
    /// Changes dated more than a day ahead of this machine's clock, left for later.
    public var postponed = 0
    /// Whether this machine's journal was compacted into its snapshot.
    public var compacted = false
    /// Whether the folder is a git work tree that was pulled and pushed.
    public var git = false

    public init() {}
}
