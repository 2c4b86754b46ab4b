import SQLiteDatabase

/// Which transcript each line of the search index belongs to: a transcript's lines are the rowids
/// from its `first_line` on, so a line is in the last transcript to start at or before it.
struct TranscriptRanges {
    /// The transcripts' first lines, ascending.
    let firstLines: [Int64]
    /// Their sessions' ids, as stored.
    let sessionIDs: [String]
    /// Each one's place among the session ids in SQLite's order for text (byte by byte).
    let idOrder: [Int]

    /// Every transcript's range, read from the index of first lines alone.
    init(_ db: Database) throws {
        let rows = try db.fetchAll("SELECT first_line, session_id FROM transcripts ORDER BY first_line") {
            (first: $0.int64(at: 0), id: $0.string(at: 1) ?? "")
        }
        firstLines = rows.map(\.first)
        sessionIDs = rows.map(\.id)
        var order = [Int](repeating: 0, count: rows.count)
        for (place, index) in rows.indices.sorted(by: { rows[$0].id.utf8.lexicographicallyPrecedes(rows[$1].id.utf8) }).enumerated() {
            order[index] = place
        }
        idOrder = order
    }

    /// The transcript `line` is in: the last to start at or before it; nil when none does.
    func index(containing line: Int64) -> Int? {
        var low = 0, high = firstLines.count
        while low < high {
            let middle = (low + high) / 2
            if firstLines[middle] <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
