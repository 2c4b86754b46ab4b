import Foundation

/// One line of a journal or a snapshot: a ``PersonalChange`` with its clock, as a JSON object
/// (`{"at":…,"clock":"…","key":"…","kind":"…","value":"…"|null}`), ended by a newline.
///
/// A line that is not whole (no newline yet: a file copied half-way) or not such an object is
/// skipped and counted; a kind this program does not know is read like any other.
enum JournalLine {
    /// The first line of every file: what it is and whose.
    static func header(machine: String, role: SyncFolderFileName.Role) -> String {
        #"{"format":1,"machine":"\#(machine)","wwdc":"\#(role.rawValue)"}"# + "\n"
    }

    /// The longest line read; a longer one is damage.
    static let maximumLength = 1 << 20

    static func encode(_ change: PersonalChange) -> String {
        var object: [String: Any] = ["at": change.changedAt.timeIntervalSince1970, "clock": change.clock,
                                     "kind": change.kind.rawValue, "key": change.key]
        object["value"] = change.value ?? NSNull()
        // Strings and a finite number only: serialising cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What reading one file gave.
    struct Reading {
        var changes: [PersonalChange] = []
        /// Lines that are not a change (a header is not counted).
        var damaged = 0
        /// Whether the last line was cut short.
        var torn = false
        /// Lines in the file, whole ones.
        var lines = 0
    }

    /// The changes in a file's bytes, up to its last whole line.
    static func read(_ data: Data) -> Reading {
        var reading = Reading()
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0a {
                    reading.lines += 1
                    if index > start {
                        let line = Data(bytes[start..<index])
                        if let change = change(line) { reading.changes.append(change) } else if !isHeader(line) { reading.damaged += 1 }
                    }
                    start = index + 1
                }
                index += 1
            }
            reading.torn = start < bytes.count
        }
        return reading
    }

    private static func isHeader(_ line: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else { return false }
        return object["wwdc"] is String && object["clock"] == nil
    }

    private static func change(_ line: Data) -> PersonalChange? {
        guard line.count <= maximumLength, line.first == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let clockText = object["clock"] as? String, let clock = HybridTimestamp(clockText),
              let kind = object["kind"] as? String, !kind.isEmpty, kind.utf8.count <= 64,
              let key = object["key"] as? String, !key.isEmpty, key.utf8.count <= 1024,
              let at = (object["at"] as? NSNumber)?.doubleValue, at.isFinite else { return nil }
        let value: String?
        switch object["value"] {
        case let text as String: value = text
        case is NSNull, nil: value = nil
        default: return nil
        }
        let change = PersonalChange(kind: PersonalKind(rawValue: kind), key: key, value: value, version: 0,
                                    changedAt: Date(timeIntervalSince1970: at), clock: clock.description)
        return change.isUsable ? change : nil
    }
}
