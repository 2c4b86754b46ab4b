import SQLiteDatabase

extension Database {
    /// The identifiers of sessions with a complete download, for listings.
    public func downloadedSessionIDs() throws -> Set<String> {
        Set(try fetchAll(Database.completeDownloads.text, []) { $0.string("session_id") ?? "" })
    }

    /// The sessions with a complete downloaded file, as a query of their ids.
    public static let completeDownloads: SQL = "SELECT DISTINCT session_id FROM downloads WHERE state = 'done'"
}
