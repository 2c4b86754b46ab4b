import Foundation

/// Where the sync folder is and how long it may take to answer.
public struct SyncFolderSettings: Sendable, Equatable {
    public var path: String
    /// This machine's id (kept in the config folder).
    public var machine: String
    /// The longest an exchange may take; past it, the step gives up and the sync goes on.
    public var timeLimit: TimeInterval

    public init(path: String, machine: String, timeLimit: TimeInterval = 30) {
        self.path = path
        self.machine = machine
        self.timeLimit = timeLimit
    }

    public var folder: SyncFolder { SyncFolder(path: path, machine: machine) }
}
