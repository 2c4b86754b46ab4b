import SQLiteDatabase

extension ConferenceStore {
    /// A number that changes whenever another connection (another process, or another store open
    /// on the same file here) committed a change since this one last looked: SQLite's
    /// `PRAGMA data_version`. Cheap (no table is read), so a screen may ask it often to learn
    /// that what it shows is out of date.
    public func dataVersion() throws -> Int {
        try read { try $0.fetchInt("PRAGMA data_version") ?? 0 }
    }
}
