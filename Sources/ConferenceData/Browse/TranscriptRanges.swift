import Foundation
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

    /// Up to this many lines are placed one lookup each; more read every transcript's first line.
    static let linesLookedUpAlone = 64

    /// The ranges of the transcripts `lines` fall in, read from the index of first lines alone:
    /// for a few lines one lookup each (a rare word's hits), else every transcript's range. Either
    /// way ``index(containing:)`` places each of `lines` alike, and ``idOrder`` orders the
    /// transcripts read as the whole list would.
    init(_ db: Database, lines: [Int64], lookedUpAlone: Int = linesLookedUpAlone) throws {
        var rows: [(first: Int64, id: String)]
        if lines.count <= lookedUpAlone {
            var byFirst: [Int64: String] = [:]
            for line in lines {
                let found = try db.fetchOne("SELECT first_line, session_id FROM transcripts WHERE first_line <= ? ORDER BY first_line DESC LIMIT 1",
                                            [line]) { (first: $0.int64("first_line"), id: $0.string("session_id") ?? "") }
                if let found { byFirst[found.first] = found.id }
            }
            rows = byFirst.map { (first: $0.key, id: $0.value) }.sorted { $0.first < $1.first }
        } else {
            // Every transcript's row: the columns' indexes resolved by name once, not per row.
            let all = try db.cachedStatement("SELECT first_line, session_id FROM transcripts ORDER BY first_line")
            let first = all.columnIndex("first_line"), id = all.columnIndex("session_id")
            rows = try all.fetchAll { (first: $0.int64(at: first), id: $0.string(at: id) ?? "") }
        }
        firstLines = rows.map(\.first)
        sessionIDs = rows.map(\.id)
        var order = [Int](repeating: 0, count: rows.count)
        let bytes = rows.map { Array($0.id.utf8) }
        let byID = rows.indices.sorted { a, b in
            bytes[a].withUnsafeBytes { x in
                bytes[b].withUnsafeBytes { y in
                    let common = min(x.count, y.count)
                    let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                    return order != 0 ? order < 0 : x.count < y.count
                }
            }
        }
        for (place, index) in byID.enumerated() {
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
