import Foundation

/// A JSON object whose values are all strings, numbers or null, read straight from its bytes: the
/// shape of every line wwdc writes to a sync folder, read without Foundation's JSON (a merge reads
/// hundreds of thousands of them). Anything else (another value, bad JSON, text that is not UTF-8)
/// is not read here: the caller falls back to `JSONSerialization`, which decides.
struct FlatJSONObject {
    enum Value: Equatable {
        case string(String)
        case number(Double)
        case null
    }

    /// The members in order (a line has a handful: a list is quicker to look through than a dictionary).
    private(set) var members: [(key: String, value: Value)] = []

    /// The value of `key` (the last one, when a key is repeated).
    subscript(key: String) -> Value? { members.last { $0.key == key }?.value }

    /// The object in `bytes` (a whole line, without its newline); nil when it is not such an object.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var reader = Reader(bytes: bytes)
        guard reader.object(into: &members), reader.atEnd else { return nil }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0d || bytes[index] == 0x0a { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func object(into members: inout [(key: String, value: Value)]) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return false }
                members.append((key, value))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        mutating func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "n"):
                guard bytes.count - index >= 4, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                      bytes[index + 3] == UInt8(ascii: "l") else { return nil }
                index += 4
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map(Value.number)
            default: return nil
            }
        }

        /// A JSON number: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
        mutating func number() -> Double? {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(leadingZeroAlone: true) else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(leadingZeroAlone: false) else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(leadingZeroAlone: false) else { return nil }
            }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        private mutating func digits(leadingZeroAlone: Bool) -> Bool {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
            return !leadingZeroAlone || bytes[start] != UInt8(ascii: "0") || index - start == 1
        }

        /// A JSON string at `index` (its opening quote), unescaped; nil for a control character, a
        /// bad escape, an unpaired surrogate or bytes that are not UTF-8.
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            // Most strings have no escape: taken whole.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
                case 0..<0x20: return nil
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0c)
                    case UInt8(ascii: "n"): text.append(0x0a)
                    case UInt8(ascii: "r"): text.append(0x0d)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xd800..<0xdc00).contains(scalar) {
                            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                            index += 2
                            guard let low = hex4(), (0xdc00..<0xe000).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        text.append(contentsOf: String(Character(unicode)).utf8)
                    default: return nil
                    }
                default: text.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
