/// The reader of a sync folder's lines and of personal values in the wwdc of commit d0f5679 and
/// before, kept here as it was: what a machine still running that wwdc reads this one's lines and
/// values with (the tests check it reads every member as written).
///
/// It read a JSON object whose values are all strings, numbers, booleans or null, straight from
/// its bytes; anything else it left to Foundation's JSON.
public struct FlatJSONObject {
    public enum Value: Equatable {
        case string(String)
        /// A number, and whether it was written as an integer (no fraction, no exponent) that a
        /// `Double` holds exactly.
        case number(Double, isInteger: Bool)
        case bool(Bool)
        case null
    }

    /// The members in order (a line has a handful: a list is quicker to look through than a dictionary).
    private(set) var members: [(key: String, value: Value)] = []

    /// The value of `key` (the last one, when a key is repeated).
    public subscript(key: String) -> Value? { members.last { $0.key == key }?.value }

    /// Whether a key appears more than once (decoders differ on which one counts).
    public var hasRepeatedKey: Bool {
        members.indices.contains { index in members[..<index].contains { $0.key == members[index].key } }
    }

    /// The object in `bytes` (a whole line, without its newline); nil when it is not such an object.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var members: [(key: String, value: Value)] = []
        guard Self.scan(bytes, { members.append(($0, $1)) }) else { return nil }
        self.members = members
    }

    /// The object in `text`; nil when it is not such an object.
    public init?(_ text: String) {
        var text = text
        guard let object = text.withUTF8({ (bytes: UnsafeBufferPointer<UInt8>) in Self(bytes) }) else { return nil }
        self = object
    }

    /// Reads the object in `bytes`, handing each member to `member` in order, without keeping them;
    /// false when the bytes are not such an object (some members may have been handed on already).
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ member: (String, Value) -> Void) -> Bool {
        var reader = Reader(bytes: bytes)
        return reader.object(member) && reader.atEnd
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

        mutating func object(_ member: (String, Value) -> Void) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return false }
                member(key, value)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        mutating func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "n"): return word("null") ? .null : nil
            case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return nil
            }
        }

        private mutating func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// A JSON number: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
        mutating func number() -> Value? {
            let start = index
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let integerStart = index
            guard digits(leadingZeroAlone: true) else { return nil }
            let integerDigits = index - integerStart
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                isInteger = false
                guard digits(leadingZeroAlone: false) else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                isInteger = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(leadingZeroAlone: false) else { return nil }
            }
            // Up to 15 digits make an integer a Double holds exactly: added up here, as parsing it would give.
            if isInteger, integerDigits <= 15 {
                var value: Int64 = 0
                for offset in integerStart..<index { value = value * 10 + Int64(bytes[offset] - UInt8(ascii: "0")) }
                return .number(negative ? -Double(value) : Double(value), isInteger: true)
            }
            // One too large for a Double is left to Foundation, which refuses it.
            guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
                  value.isFinite else { return nil }
            return .number(value, isInteger: isInteger && abs(value) < 9_007_199_254_740_992)
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
            var high: UInt8 = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                high |= bytes[index]
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
                // ASCII (nearly every string wwdc writes) is UTF-8 already: decoding it takes its
                // specialised path, where validating goes through a generic one at every string.
                return high < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return high < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
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
                        if scalar >= 0x80 { high = 0x80 }
                        text.append(contentsOf: String(Character(unicode)).utf8)
                    default: return nil
                    }
                default:
                    high |= byte
                    text.append(byte)
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
