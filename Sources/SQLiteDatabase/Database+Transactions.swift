import CSQLite

extension Database {
    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock at BEGIN, waiting through the busy timeout: the right kind for writes,
        /// since a deferred transaction that later writes can fail with `SQLITE_BUSY` without waiting.
        case immediate = "IMMEDIATE"
        /// Takes locks on first use: for read-only work that wants one consistent snapshot.
        case deferred = "DEFERRED"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// The first error is the one rethrown; the rollback happens only if SQLite has not already ended
    /// the transaction itself. Nested work inside `body` uses `inSavepoint`; opening a transaction while
    /// one is open is a misuse error.
    public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        guard !isInsideTransaction else {
            throw DatabaseError.misuse("a transaction is already open; use inSavepoint for nested work")
        }
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        do {
            let result = try body()
            try execute(sql: "COMMIT TRANSACTION")
            return result
        } catch {
            rollbackIfStillOpen()
            throw error
        }
    }

    /// Runs `body` in a savepoint inside the current transaction (or in a new immediate transaction
    /// when none is open): its changes are kept when it returns, undone when it throws.
    public func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        guard isInsideTransaction else {
            return try inTransaction(.immediate, body)
        }
        savepointDepth += 1
        let name = "savepoint_\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try execute(sql: "SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute(sql: "RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) make SQLite roll the whole transaction back:
            // then the savepoint is gone and the outer transaction must not try again.
            if isInsideTransaction {
                try? execute(sql: "ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
                try? execute(sql: "RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }

    private func rollbackIfStillOpen() {
        guard isInsideTransaction else { return }
        // A failure here cannot be reported better than the error that caused the rollback.
        try? execute(sql: "ROLLBACK TRANSACTION")
    }
}
