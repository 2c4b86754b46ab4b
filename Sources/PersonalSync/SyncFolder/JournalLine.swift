import ConferenceModel
import Foundation
import JSON

/// One line of a journal or a snapshot: a ``PersonalChange`` with its clock, as a JSON object
/// (`{"at":…,"clock":"…","key":"…","kind":"…","value":"…"|null}`), ended by a newline.
///
/// A line that is not whole (no newline yet: a file copied half-way) or not such an object is
/// skipped and counted; a kind this program does not know is read like any other.
enum JournalLine {
    /// The first line of every file: what it is and whose.
    static func header(machine: String, role: SyncFolderFileName.Role) -> String {
        JSONValue.object(["format": 1, "machine": .string(machine), "wwdc": .string(role.rawValue)]).serialized + "\n"
    }

    /// The longest line read; a longer one is damage.
    static let maximumLength = 1 << 20
    /// The most bytes one character of a change's text becomes in a line: a control character is
    /// `\u0001` in the value (JSON), whose backslash the line escapes again (`\\u0001`).
    static let longestEscape = 7
    /// Room in a line for all but a note's text: the time, clock, kind and key, and the rest of the
    /// value (a bookmark's session id, at most ``ItemID/maximumLength``, its numbers and names),
    /// escaped; several times what they take.
    static let roomForFields = 4096

    /// The line of `change`: its keys sorted, in JSON's one writing (``JSONWriter``), written
    /// directly (a compaction writes every item's line). The value stays a string holding JSON, as
    /// every wwdc before this one reads it.
    static func encode(_ change: PersonalChange) -> String {
        var line = #"{"at":"#
        let at = change.changedAt.timeIntervalSince1970
        JSONWriter.appendNumber(at.isFinite ? at : 0, to: &line)
        line += #","clock":"#
        JSONWriter.appendString(change.clock, to: &line)
        line += #","key":"#
        JSONWriter.appendString(change.key, to: &line)
        line += #","kind":"#
        JSONWriter.appendString(change.kind.rawValue, to: &line)
        line += #","value":"#
        if let value = change.value { JSONWriter.appendString(value, to: &line) } else { line += "null" }
        return line + "}\n"
    }

    /// What reading one file gave.
    struct Reading {
        var changes: [PersonalChange] = []
        /// Lines that are not a change (a header is not counted).
        var damaged = 0
        /// Changes of a kind this program knows whose key is not an ``ItemID`` (skipped).
        var unusableIDs = 0
        /// Whether the last line was cut short.
        var torn = false
        /// Lines in the file, whole ones.
        var lines = 0
    }

    /// The changes in a file's bytes, up to its last whole line.
    static func read(_ data: Data) -> Reading {
        var reading = Reading()
        var splitter = Splitter()
        data.withUnsafeBytes { buffer in
            splitter.feed(buffer) { parsed in
                reading.lines += 1
                switch parsed {
                case .change(let change): reading.changes.append(change)
                case .header, .empty: break
                case .damaged: reading.damaged += 1
                case .unusableID: reading.unusableIDs += 1
                }
            }
        }
        reading.torn = splitter.isTorn
        return reading
    }

    /// A file's lines as its bytes come, in pieces of any size: each whole line parsed once its
    /// newline has come; a line over ``maximumLength`` is damage, and not kept while the rest of it comes.
    struct Splitter {
        /// The start of a line whose newline has not come yet.
        private var pending: [UInt8] = []
        /// Whether the line under way is too long already (its rest is passed over).
        private var overlong = false

        /// Whether the bytes so far end in the middle of a line (a torn last line, at the end).
        var isTorn: Bool { overlong || !pending.isEmpty }

        mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (Parsed) throws -> Void) rethrows {
            let bytes = bytes.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                guard let newline = bytes[start...].firstIndex(of: 0x0a) else {
                    keep(UnsafeBufferPointer(rebasing: bytes[start...]))
                    return
                }
                if overlong {
                    overlong = false
                    try body(.damaged)
                } else if pending.isEmpty {
                    try body(JournalLine.parseLine(UnsafeBufferPointer(rebasing: bytes[start..<newline])))
                } else {
                    keep(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    let line = pending
                    pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
                    if overlong {
                        overlong = false
                        try body(.damaged)
                    } else {
                        try line.withUnsafeBufferPointer { try body(JournalLine.parseLine($0)) }
                    }
                }
                start = newline + 1
            }
        }

        private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !overlong else { return }
            if pending.count + bytes.count > JournalLine.maximumLength {
                overlong = true
                pending.removeAll()
            } else {
                pending.append(contentsOf: bytes)
            }
        }
    }

    enum Parsed {
        case change(PersonalChange)
        case header
        /// An empty line (not counted as damage).
        case empty
        case damaged
        /// A change whose key cannot be an id: it could be printed in a command.
        case unusableID
    }

    /// A member of a line, as far as a line's reading needs it.
    private enum Member {
        case string(String)
        case number(Double)
        case null
        /// Another value (an object, a list, true or false), or text holding half of a UTF-16 pair.
        case other
    }

    /// One whole line, without its newline: an object holding the members wwdc writes, of the
    /// types it writes them with; other members are passed over, and of a repeated one the last counts.
    static func parseLine(_ line: UnsafeBufferPointer<UInt8>) -> Parsed {
        if line.isEmpty { return .empty }
        guard line.count <= maximumLength, line.first == UInt8(ascii: "{") else { return .damaged }
        var clock: Member?, kind: Member?, key: Member?, at: Member?, value: Member?, format: Member?
        do {
            var scanner = JSONScanner.document(line)
            try scanner.readObject { scanner, name in
                switch name {
                case "clock": clock = try member(&scanner)
                case "kind": kind = try member(&scanner)
                case "key": key = try member(&scanner)
                case "at": at = try member(&scanner)
                case "value": value = try member(&scanner)
                case "wwdc": format = try member(&scanner)
                default: try scanner.skipValue()
                }
            }
            try scanner.expectEnd()
            // A line holding half of a UTF-16 pair anywhere is no text wwdc wrote.
            guard scanner.loneSurrogates == 0 else { return .damaged }
        } catch {
            return .damaged
        }
        if case .string? = format, clock == nil { return .header }
        guard case .string(let clockText)? = clock, case .string(let kindText)? = kind, case .string(let keyText)? = key,
              case .number(let time)? = at else { return .damaged }
        let text: String?
        switch value {
        case .string(let string)?: text = string
        case .null?, nil: text = nil
        default: return .damaged
        }
        return change(clock: clockText, kind: kindText, key: keyText, at: time, value: text)
    }

    private static func member(_ scanner: inout JSONScanner) throws -> Member {
        switch scanner.peekKind() {
        case .string?: return .string(try scanner.readString())
        case .number?: return .number(JSONScanner.double(try scanner.readNumberBytes()))
        case .null?:
            try scanner.skipValue()
            return .null
        default:
            try scanner.skipValue()
            return .other
        }
    }

    /// The change a line's fields make, when they are usable: a clock, a kind and a key within
    /// bounds, a time within a date's range (``FeedRange/dateSeconds``), and for a kind this
    /// program knows, a key that is an ``ItemID`` (a session's or a bookmark's id). Whether its
    /// value can be read, its numbers within their ranges, is checked when it wins (``PersonalChange/isUsable``).
    private static func change(clock clockText: String, kind: String, key: String, at: Double, value: String?) -> Parsed {
        guard !kind.isEmpty, kind.utf8.count <= 64, !key.isEmpty, key.utf8.count <= 1024, FeedRange.dateSeconds.contains(at) else { return .damaged }
        // A clock as wwdc writes it is kept as it is; another that reads as one is rewritten so.
        let clock = HybridTimestamp.isCanonical(clockText) ? clockText : HybridTimestamp(clockText)?.description
        guard let clock else { return .damaged }
        let kind = PersonalKind(rawValue: kind)
        if PersonalKind.known.contains(kind), !ItemID.isUsable(key) { return .unusableID }
        return .change(PersonalChange(kind: kind, key: key, value: value, version: 0,
                                      changedAt: Date(timeIntervalSince1970: at), clock: clock))
    }
}
