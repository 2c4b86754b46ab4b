import CSQLite
import CZlib
import Foundation
import SQLiteDatabase

/// A transcript's lines as the store keeps them: one blob per transcript, compressed. It is the
/// text's only copy (the search index keeps none), and compressed it takes about a third of the
/// room that rows of text would.
///
/// The blob is a format byte (0: as is, 1: zlib), the layout's length (a varint), then the layout,
/// compressed or not; the layout is, line after line, the paragraph (a varint), the start (the
/// double's 8 bytes, little-endian), the text's UTF-8 length (a varint) and its bytes.
enum TranscriptArchive {
    private static let plain: UInt8 = 0, zlib: UInt8 = 1

    /// The blob for `lines`: compressed, or as is where zlib cannot be loaded.
    static func encode(_ lines: [Transcript.Line]) -> [UInt8] {
        var layout: [UInt8] = []
        layout.reserveCapacity(lines.reduce(0) { $0 + $1.text.utf8.count + 12 })
        for line in lines {
            appendVarint(UInt64(bitPattern: Int64(line.paragraph)), to: &layout)
            withUnsafeBytes(of: line.start.bitPattern.littleEndian) { layout.append(contentsOf: $0) }
            let text = line.text.utf8
            appendVarint(UInt64(text.count), to: &layout)
            layout.append(contentsOf: text)
        }
        var blob: [UInt8] = [zlib]
        appendVarint(UInt64(layout.count), to: &blob)
        let header = blob.count
        var size = wwdc_zlib_compress_bound(layout.count)
        guard size > 0 else { return [plain] + blob.dropFirst() + layout }
        blob += [UInt8](repeating: 0, count: size)
        // Level 1: the text is compressed once per sync, on the sync's time; higher levels gain little on it.
        let code = blob.withUnsafeMutableBufferPointer { out in
            wwdc_zlib_compress(layout, layout.count, out.baseAddress! + header, &size, 1)
        }
        guard Int(code) == WWDC_Z_OK else { return [plain] + blob[1..<header] + layout }
        blob.removeLast(blob.count - header - size)
        return blob
    }

    /// The lines in `blob`, as they were stored.
    ///
    /// - Throws: ``DatabaseError`` (damaged) when the blob is not one `encode` wrote.
    static func decode(_ blob: [UInt8]) throws -> [Transcript.Line] {
        try lines(in: layout(of: blob), only: nil).map(\.line)
    }

    /// The line at `position` in `blob` (the others are skipped, not read); nil past the last.
    ///
    /// - Throws: ``DatabaseError`` (damaged) when the blob is not one `encode` wrote.
    static func line(_ position: Int, in blob: [UInt8]) throws -> Transcript.Line? {
        try lines(at: [position], in: blob)[position]
    }

    /// The lines at `positions` in `blob`, by position (the others are skipped, not read; a
    /// position past the last has none).
    ///
    /// - Throws: ``DatabaseError`` (damaged) when the blob is not one `encode` wrote.
    static func lines(at positions: Set<Int>, in blob: [UInt8]) throws -> [Int: Transcript.Line] {
        guard let last = positions.max() else { return [:] }
        let layout = blob.first == zlib ? try layout(of: blob, throughLine: last) : try layout(of: blob)
        return Dictionary(uniqueKeysWithValues: try lines(in: layout, only: positions).map { ($0.position, $0.line) })
    }

    /// The start of a compressed blob's layout, inflated only as far as it takes to hold line `last`
    /// (the whole layout when it has no such line): a search shows a line or two of a transcript.
    private static func layout(of blob: [UInt8], throughLine last: Int) throws -> [UInt8] {
        var cursor = 1
        guard let count = readVarint(blob, &cursor), count < 1 << 32, let inflater = wwdc_inflater_new(15) else { return try layout(of: blob) }
        defer { wwdc_inflater_free(inflater) }
        var out = [UInt8](repeating: 0, count: Int(count))
        var consumed = cursor, produced = 0
        var lineEnd = 0, position = 0
        while produced < out.count {
            var used = 0, made = 0
            let step = min(out.count - produced, 16_384)
            let code = blob.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer {
                    wwdc_inflater_run(inflater, input.baseAddress! + consumed, input.count - consumed, &used, $0.baseAddress! + produced, step, &made)
                }
            }
            consumed += used
            produced += made
            guard Int(code) == WWDC_Z_OK || Int(code) == WWDC_Z_STREAM_END, made > 0 || used > 0 else {
                throw damaged(Int(code) == WWDC_Z_OK || Int(code) == WWDC_Z_STREAM_END ? "its length is wrong" : "zlib error \(code)")
            }
            if Int(code) == WWDC_Z_STREAM_END, produced < out.count { throw damaged("its length is wrong") }
            // The lines inflated whole so far: once the last one wanted is, the rest can wait.
            while let end = end(ofLineAt: lineEnd, in: out, before: produced) {
                lineEnd = end
                position += 1
                if position > last { return Array(out[..<lineEnd]) }
            }
        }
        return out
    }

    /// Where the line starting at `start` of `layout` ends, when it ends before `limit`.
    private static func end(ofLineAt start: Int, in layout: [UInt8], before limit: Int) -> Int? {
        var at = start
        guard readVarint(layout, &at, before: limit) != nil else { return nil }
        at += 8
        guard at <= limit, let length = readVarint(layout, &at, before: limit), length <= UInt64(limit - at) else { return nil }
        return at + Int(length)
    }

    private static func layout(of blob: [UInt8]) throws -> [UInt8] {
        var cursor = 1
        guard let format = blob.first, let count = readVarint(blob, &cursor), count < 1 << 32 else { throw damaged("no header") }
        let layout: [UInt8]
        switch format {
        case plain:
            layout = Array(blob[cursor...])
        case zlib:
            var out = [UInt8](repeating: 0, count: Int(count))
            var size = out.count
            let code = blob.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { wwdc_zlib_uncompress(input.baseAddress! + cursor, input.count - cursor, $0.baseAddress, &size) }
            }
            guard Int(code) == WWDC_Z_OK, size == out.count else {
                throw damaged(wwdc_zlib_load() == 0 ? "zlib error \(code)" : String(cString: wwdc_zlib_load_error()))
            }
            layout = out
        default:
            throw damaged("unknown format \(format)")
        }
        guard layout.count == count else { throw damaged("its length is wrong") }
        return layout
    }

    /// The lines of `layout` with their positions, or only those at `only`.
    private static func lines(in layout: [UInt8], only: Set<Int>?) throws -> [(position: Int, line: Transcript.Line)] {
        var lines: [(position: Int, line: Transcript.Line)] = []
        var at = 0, position = 0
        while at < layout.count {
            guard let paragraph = readVarint(layout, &at), at + 8 <= layout.count else { throw damaged("a line is cut short") }
            let start = at
            at += 8
            guard let length = readVarint(layout, &at), length <= layout.count - at else { throw damaged("a line is cut short") }
            defer {
                at += Int(length)
                position += 1
            }
            guard only?.contains(position) ?? true else { continue }
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(layout[start + index]) << (8 * UInt64(index)) }
            let text = String(decoding: layout[at..<at + Int(length)], as: UTF8.self)
            lines.append((position, Transcript.Line(start: Double(bitPattern: bits), text: text, paragraph: Int(Int64(bitPattern: paragraph)))))
            if let only, lines.count == only.count { break }
        }
        return lines
    }

    private static func damaged(_ reason: String) -> DatabaseError {
        DatabaseError(extendedCode: SQLITE_CORRUPT, message: "a stored transcript is damaged: \(reason)")
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The varint at `at` in `bytes`, read no further than `limit` (the end when nil).
    private static func readVarint(_ bytes: [UInt8], _ at: inout Int, before limit: Int? = nil) -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        let limit = min(limit ?? bytes.count, bytes.count)
        while at < limit, shift < 64 {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
