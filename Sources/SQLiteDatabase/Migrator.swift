import CSQLite

/// One schema step, identified by the `PRAGMA user_version` it leads to.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    let body: @Sendable (Database) throws -> Void

    /// A migration running `body` (inside the migrator's transaction).
    public init(version: Int, name: String, body: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.body = body
    }

    /// A migration made of plain SQL statements.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { try $0.execute(sql: sql) }
    }
}

/// Applies an ordered list of migrations, each in its own transaction together with its
/// `PRAGMA user_version`, so a database is always at one version or the next, never in between.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    /// `migrations` must have strictly increasing versions, starting above 0.
    public init(_ migrations: [Migration]) {
        precondition(zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
                     "migration versions must increase")
        precondition(migrations.first.map { $0.version > 0 } ?? true, "migration versions start at 1")
        self.migrations = migrations
    }

    /// The version a fully migrated database has.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database to `latestVersion`; refuses a database made by a newer program.
    ///
    /// Safe against other processes migrating the same file at once: each step re-reads the version
    /// once it holds the write lock.
    public func migrate(_ db: Database) throws {
        let current = try Migrator.version(of: db)
        try refuseNewer(current, path: db.path)
        guard current < latestVersion else { return }
        for migration in migrations where migration.version > current {
            try db.inTransaction(.immediate) {
                let version = try Migrator.version(of: db)
                try refuseNewer(version, path: db.path)
                guard version < migration.version else { return }
                try migration.body(db)
                // PRAGMA takes no parameters; the version is the program's own constant.
                try db.execute(sql: "PRAGMA user_version = \(migration.version)")
            }
        }
    }

    /// The database's `PRAGMA user_version`.
    public static func version(of db: Database) throws -> Int {
        try db.fetchInt("PRAGMA user_version") ?? 0
    }

    private func refuseNewer(_ version: Int, path: String) throws {
        guard version > latestVersion else { return }
        throw DatabaseError(
            extendedCode: SQLITE_ERROR,
            message: "the database's schema version \(version) is newer than this program knows (up to \(latestVersion))",
            path: path, condition: .newerSchema(version: version, known: latestVersion))
    }
}
