import SQLiteDatabase

/// Each line of a transcript's length in tokens, as the search index counts them for ranking, in
/// one blob per transcript (`transcript_search_lengths`): a byte giving the width of every length
/// (1, 2 or 4 bytes), then the lengths, little-endian, line after line, so a line's is read in place.
enum TranscriptLineLengths {
    /// The blob for `lengths`, in the narrowest width that holds them all.
    static func encode(_ lengths: [Int]) -> [UInt8] {
        let largest = lengths.max() ?? 0
        let width = largest <= 0xFF ? 1 : largest <= 0xFFFF ? 2 : 4
        var blob: [UInt8] = [UInt8(width)]
        blob.reserveCapacity(1 + width * lengths.count)
        for length in lengths {
            let value = UInt32(clamping: length)
            for byte in 0..<width { blob.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte)))) }
        }
        return blob
    }

    /// The length of the line at `position` in `blob`; nil past the last line, or for a blob
    /// `encode` did not write.
    static func length(at position: Int, in blob: UnsafeRawBufferPointer) -> Int? {
        guard let width = blob.first.map(Int.init), width == 1 || width == 2 || width == 4, position >= 0,
              (blob.count - 1) % width == 0, position < (blob.count - 1) / width else { return nil }
        var value = 0
        for byte in 0..<width { value |= Int(blob[1 + position * width + byte]) << (8 * byte) }
        return value
    }
}

extension Database {
    /// Records the line lengths of every transcript that has none recorded, from the search index
    /// (its lines must be indexed), and forgets those of transcripts gone: after an import, and
    /// once for the stores made before lengths were kept.
    func recordTranscriptLineLengths() throws {
        // Lengths of transcripts that are gone: a save that swapped the whole table in fired no trigger.
        try execute("DELETE FROM transcript_search_lengths WHERE first_line NOT IN (SELECT first_line FROM transcripts)")
        let missing = try fetchAll("""
            SELECT t.first_line, t.line_count FROM transcripts t
            WHERE NOT EXISTS (SELECT 1 FROM transcript_search_lengths l WHERE l.first_line = t.first_line)
            ORDER BY t.first_line
            """) { (first: $0.int64("first_line"), count: $0.int("line_count")) }
        guard !missing.isEmpty else { return }
        let insert = try cachedStatement("INSERT OR REPLACE INTO transcript_search_lengths (first_line, lengths) VALUES (?, ?)")
        for transcript in missing {
            let indexed = try fts5RowLengths(table: "transcript_search", rows: transcript.first..<transcript.first + Int64(transcript.count))
            // A line the index lacks (a damaged store) gets no lengths: its searches rank with bm25().
            guard indexed.count == transcript.count else { continue }
            try insert.bind(transcript.first, at: 1)
            try insert.bindBlob(TranscriptLineLengths.encode(indexed.map(\.length)), at: 2)
            _ = try insert.step()
            insert.reset()
        }
    }
}
