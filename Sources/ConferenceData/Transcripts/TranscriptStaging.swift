import Dispatch
import Foundation
import Operations
import SQLiteDatabase

/// The search index and the rows of a sync that replaces every stored transcript (the first sync,
/// a change of language), built while the transcripts are still being fetched: in tables of their
/// own, which no search reads, a few thousand lines per short transaction, so that other commands
/// still write meanwhile. The save step swaps them in for the live ones in its one transaction: a
/// sync that fails or is interrupted before leaves the transcripts and their search as they were,
/// and drops the tables (a sync that could not, killed, leaves them to the next sync, which drops
/// them first).
///
/// One write at a time, of every transcript waiting: a write that falls behind the fetches takes
/// more at once instead of queueing up. Once what is still to come fits in one transaction, each
/// write takes whatever has arrived, so that little is left to write after the last fetch.
//
// @unchecked Sendable: mutable state is in a Locked; the store's work runs on one serial queue.
public final class TranscriptStaging: @unchecked Sendable {
    /// The table the index is built in, named so no search finds it.
    static let table = "transcript_search_staging"
    /// The table the transcripts' rows are written in.
    static let rowsTable = "transcripts_staging"
    /// Lines written per transaction: about a megabyte of text, a fraction of a second of the write lock.
    static let linesPerTransaction = 16_384

    /// A transcript taken, its blob already made.
    private struct Arrival {
        var fetched: TranscriptBatch.Fetched
        var archive: [UInt8]
    }

    private struct State {
        var pending: [Arrival] = []
        var pendingLines = 0
        var nextLine: Int
        /// The transcripts expected, and those taken so far with their lines.
        var expected: Int
        var arrived = 0
        var arrivedLines = 0
        /// Whether a write is queued or running.
        var writing = false
        var staged: [String: Int] = [:]
        var failure: (any Error)?
        /// No more transcripts taken; and, discarded, none written.
        var ended = false
        var discarded = false

        /// Whether what is still to come, at the mean size so far, fits in one transaction.
        var nearTheEnd: Bool {
            arrived > 0 && (expected - arrived) * arrivedLines <= TranscriptStaging.linesPerTransaction * arrived
        }

        /// The transcripts to write now, if no write is under way and enough are waiting; the
        /// caller then writes them.
        mutating func takeDue() -> [Arrival]? {
            guard !writing, !ended, !pending.isEmpty, pendingLines >= TranscriptStaging.linesPerTransaction || nearTheEnd else { return nil }
            writing = true
            defer {
                pending = []
                pendingLines = 0
            }
            return pending
        }
    }

    private let store: ConferenceStore
    private let queue = DispatchQueue(label: "wwdc.transcript-staging")
    private let state: Locked<State>

    /// Makes the tables, empty (dropping those a sync that was killed left behind), for `expected`
    /// transcripts; their lines are numbered from above every range the stored transcripts use.
    public init(store: ConferenceStore, expected: Int) throws {
        self.store = store
        let first = try store.write { db in
            try Self.drop(db)
            try db.execute(sql: "CREATE VIRTUAL TABLE \(Self.table) USING fts5(\(StoreSchema.transcriptSearchColumns))")
            try db.execute(sql: "CREATE TABLE \(Self.rowsTable) (\(StoreSchema.transcriptColumns)) WITHOUT ROWID")
            return try db.fetchInt("SELECT coalesce(max(first_line + max(line_count, 1)), 1) FROM transcripts") ?? 1
        }
        state = Locked(State(nextLine: first, expected: expected))
    }

    private static func drop(_ db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
        try db.execute(sql: "DROP TABLE IF EXISTS \(rowsTable)")
    }

    /// Drops the tables a sync that was killed left behind, if there are any.
    public static func removeLeftover(in store: ConferenceStore) throws {
        let exists = try store.read {
            try $0.fetchInt("SELECT count(*) FROM sqlite_master WHERE name IN (?, ?)", [table, rowsTable]) ?? 0
        } > 0
        if exists { try store.write { try drop($0) } }
    }

    /// Takes a transcript fetched: its blob is compressed on the caller's thread (the fetches'
    /// threads share that work), it is written soon on the tables' queue. A second transcript of
    /// the same item is left out (the save keeps the first).
    public func add(_ fetched: TranscriptBatch.Fetched) {
        let arrival = Arrival(fetched: fetched, archive: TranscriptArchive.encode(fetched.transcript.lines))
        let due = state.withLock { state -> [Arrival]? in
            guard !state.ended else { return nil }
            state.pending.append(arrival)
            state.pendingLines += fetched.transcript.lines.count
            state.arrived += 1
            state.arrivedLines += fetched.transcript.lines.count
            return state.takeDue()
        }
        if let due { queue.async { self.writeWhileDue(due) } }
    }

    /// Writes what is still pending and waits for the queue: the rows for the save step.
    ///
    /// - Throws: the first error a write met; the tables are then dropped.
    public func finish() throws -> StagedTranscripts {
        // On the queue, after any write already queued: nothing else takes the pending rows then.
        let (staged, failure) = queue.sync {
            let rest = state.withLock { state -> [Arrival] in
                state.ended = true
                defer { state.pending = [] }
                return state.pending
            }
            write(rest)
            return state.withLock { ($0.staged, $0.failure) }
        }
        if let failure {
            discard()
            throw failure
        }
        return StagedTranscripts(table: Self.table, rowsTable: Self.rowsTable, lineCounts: staged)
    }

    /// Waits for the writes queued so far: the tables then hold every transcript they wrote.
    func waitForWrites() {
        queue.sync {}
    }

    /// Stops taking transcripts and drops the tables (best effort: the next sync drops them otherwise).
    public func discard() {
        state.withLock {
            $0.ended = true
            $0.discarded = true
        }
        queue.sync { _ = try? store.write { try Self.drop($0) } }
    }

    /// On the queue: writes `arrivals`, then whatever became due meanwhile.
    private func writeWhileDue(_ arrivals: [Arrival]) {
        var next: [Arrival]? = arrivals
        while let arrivals = next {
            write(arrivals)
            next = state.withLock { state in
                state.writing = false
                return state.takeDue()
            }
        }
    }

    /// On the queue: writes the transcripts' rows and indexes their lines, in one transaction.
    private func write(_ arrivals: [Arrival]) {
        guard !arrivals.isEmpty, state.withLock({ $0.failure == nil && !$0.discarded }) else { return }
        var rows: [(first: Int, arrival: Arrival)] = []
        state.withLock { state in
            var taken: Set<String> = []
            for arrival in arrivals {
                let transcript = arrival.fetched.transcript
                guard state.staged[transcript.sessionID] == nil, taken.insert(transcript.sessionID).inserted else { continue }
                rows.append((state.nextLine, arrival))
                state.nextLine += max(transcript.lines.count, 1)
            }
        }
        do {
            try store.write { db in
                let index = try db.cachedStatement("INSERT INTO \(Self.table)(rowid, text) VALUES (?, ?)")
                let insert = try db.cachedStatement("""
                    INSERT INTO \(Self.rowsTable) (session_id, language, etag, duration, line_count, bytes, first_line, lines)
                    VALUES (:id, :language, :etag, :duration, :count, :bytes, :first, :lines)
                    """)
                for (first, arrival) in rows {
                    let transcript = arrival.fetched.transcript
                    try insert.execute(named: [":id": transcript.sessionID, ":language": transcript.language, ":etag": arrival.fetched.etag,
                                               ":duration": transcript.duration, ":count": transcript.lines.count,
                                               ":bytes": arrival.fetched.bytes, ":first": first, ":lines": DatabaseValue.blob(arrival.archive)])
                    for (position, line) in transcript.lines.enumerated() {
                        try index.bind(first + position, at: 1)
                        try index.bind(line.text, at: 2)
                        _ = try index.step()
                        index.reset()
                    }
                }
            }
            state.withLock { state in
                for (_, arrival) in rows { state.staged[arrival.fetched.transcript.sessionID] = arrival.fetched.transcript.lines.count }
            }
        } catch {
            state.withLock { if $0.failure == nil { $0.failure = error } }
        }
    }
}

/// What a sync staged: the tables its index and its transcripts' rows were written in, and the
/// items written there with their number of lines.
public struct StagedTranscripts: Sendable {
    var table: String
    var rowsTable: String
    var lineCounts: [String: Int]
}
