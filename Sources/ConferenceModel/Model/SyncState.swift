/// Where a user-data row stands with the account service.
public enum SyncState: String, Hashable, Sendable, CaseIterable {
    /// Made on this machine with no account to upload it to.
    case local
    /// Waiting for upload.
    case pending
    /// The service holds this version.
    case synced
}
