import Dispatch
import Foundation
import Operations
import SQLiteDatabase

/// The search index of a sync that replaces every stored transcript (the first sync, a change of
/// language), built while the transcripts are still being fetched: in a table of its own, which no
/// search reads, a few thousand lines per short transaction, so that other commands still write
/// meanwhile. The save step swaps it in for the live index in its one transaction, with the
/// transcripts' rows, whose blobs are compressed here too: a sync that fails or is interrupted
/// before leaves the transcripts and their search as they were, and drops the table (a sync that
/// could not, killed, leaves it to the next sync, which drops it first).
//
// @unchecked Sendable: mutable state is in a Locked; the store's work runs on one serial queue.
final class TranscriptStaging: @unchecked Sendable {
    /// The table the index is built in, named so no search finds it.
    static let table = "transcript_search_staging"
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
        var staged: [String: StagedTranscripts.Row] = [:]
        var failure: (any Error)?
        var ended = false
    }

    private let store: ConferenceStore
    private let queue = DispatchQueue(label: "wwdc.transcript-staging")
    private let state: Locked<State>

    /// Makes the table, empty (dropping one a sync that was killed left behind); its rows are
    /// numbered from `firstLine`, above every range the stored transcripts use.
    init(store: ConferenceStore) throws {
        self.store = store
        let first = try store.write { db in
            try db.execute(sql: "DROP TABLE IF EXISTS \(Self.table)")
            try db.execute(sql: "CREATE VIRTUAL TABLE \(Self.table) USING fts5(\(StoreSchema.transcriptSearchColumns))")
            return try db.fetchInt("SELECT coalesce(max(first_line + max(line_count, 1)), 1) FROM transcripts") ?? 1
        }
        state = Locked(State(nextLine: first))
    }

    /// Drops the table a sync that was killed left behind, if there is one.
    static func removeLeftover(in store: ConferenceStore) throws {
        let exists = try store.read { try $0.fetchInt("SELECT count(*) FROM sqlite_master WHERE name = ?", [table]) ?? 0 } > 0
        if exists { try store.write { try $0.execute(sql: "DROP TABLE IF EXISTS \(table)") } }
    }

    /// Takes a transcript fetched: its blob is compressed on the caller's thread (the fetches'
    /// threads share that work), its lines indexed soon on the table's. A second transcript of the
    /// same item is left out (the save keeps the first).
    func add(_ fetched: TranscriptBatch.Fetched) {
        let arrival = Arrival(fetched: fetched, archive: TranscriptArchive.encode(fetched.transcript.lines))
        let ready = state.withLock { state -> [Arrival]? in
            guard !state.ended else { return nil }
            state.pending.append(arrival)
            state.pendingLines += fetched.transcript.lines.count
            guard state.pendingLines >= Self.linesPerTransaction else { return nil }
            defer {
                state.pending = []
                state.pendingLines = 0
            }
            return state.pending
        }
        if let ready { queue.async { self.write(ready) } }
    }

    /// Writes what is still pending and waits for the queue: the rows for the save step.
    ///
    /// - Throws: the first error a write met; the table is then dropped.
    func finish() throws -> StagedTranscripts {
        let rest = state.withLock { state -> [Arrival] in
            defer { state.pending = [] }
            return state.pending
        }
        queue.sync { write(rest) }
        let (staged, failure) = state.withLock { state in
            state.ended = true
            return (state.staged, state.failure)
        }
        if let failure {
            discard()
            throw failure
        }
        return StagedTranscripts(table: Self.table, rows: staged)
    }

    /// Stops taking transcripts and drops the table (best effort: the next sync drops it otherwise).
    func discard() {
        state.withLock { $0.ended = true }
        queue.sync { _ = try? store.write { try $0.execute(sql: "DROP TABLE IF EXISTS \(Self.table)") } }
    }

    /// On the queue: indexes the transcripts' lines, in one transaction.
    private func write(_ arrivals: [Arrival]) {
        guard !arrivals.isEmpty, state.withLock({ $0.failure == nil && !$0.ended }) else { return }
        var rows: [(String, StagedTranscripts.Row, [Transcript.Line])] = []
        state.withLock { state in
            var taken: Set<String> = []
            for arrival in arrivals {
                let transcript = arrival.fetched.transcript
                guard state.staged[transcript.sessionID] == nil, taken.insert(transcript.sessionID).inserted else { continue }
                rows.append((transcript.sessionID, StagedTranscripts.Row(firstLine: state.nextLine, archive: arrival.archive), transcript.lines))
                state.nextLine += max(transcript.lines.count, 1)
            }
        }
        do {
            try store.write { db in
                let insert = try db.cachedStatement("INSERT INTO \(Self.table)(rowid, text) VALUES (?, ?)")
                for (_, row, lines) in rows {
                    for (position, line) in lines.enumerated() {
                        try insert.bind(row.firstLine + position, at: 1)
                        try insert.bind(line.text, at: 2)
                        _ = try insert.step()
                        insert.reset()
                    }
                }
            }
            state.withLock { state in
                for (id, row, _) in rows { state.staged[id] = row }
            }
        } catch {
            state.withLock { if $0.failure == nil { $0.failure = error } }
        }
    }
}

/// The rows a sync staged: the table its index was built in, and for each item staged the first
/// line of its range and its compressed lines.
struct StagedTranscripts: Sendable {
    struct Row: Sendable {
        var firstLine: Int
        /// The blob `TranscriptArchive.encode` made of its lines.
        var archive: [UInt8]
    }

    var table: String
    var rows: [String: Row]
}
