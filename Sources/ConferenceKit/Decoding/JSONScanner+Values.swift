/// A feed value read leniently: the value, or unknown, or of a type that cannot stand for it.
enum LenientValue<Value> {
    case value(Value)
    /// Absent, `null`, `""`, or (for a date) text that is not a date.
    case unknown
    /// What was found instead (`"an object"`), the value skipped.
    case mismatch(found: String)
}

// The value shapes of docs/feed-format.md: each reader accepts what the feeds write for its kind,
// and throws only when the document is not JSON.
extension JSONScanner {
    /// Text; a number is taken as written.
    mutating func readText() throws -> LenientValue<String> {
        switch peekKind() {
        case .string?:
            let text = try readString()
            return text.isEmpty ? .unknown : .value(text)
        case .number?:
            return .value(String(decoding: try readNumberBytes(), as: UTF8.self))
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// A whole number, written as a number (`820`, `820.0`) or as a string of digits (`"820"`).
    mutating func readInteger() throws -> LenientValue<Int> {
        switch peekKind() {
        case .number?:
            let bytes = try readNumberBytes()
            if let value = Self.integer(bytes) { return .value(value) }
            return .mismatch(found: "a number with a fraction")
        case .string?:
            let text = try readString()
            if text.isEmpty { return .unknown }
            var trimmed = text.utf8[...]
            while trimmed.first == UInt8(ascii: " ") { trimmed = trimmed.dropFirst() }
            while trimmed.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
            if let value = Array(trimmed).withUnsafeBufferPointer({ Self.integer($0) }) { return .value(value) }
            return .mismatch(found: "text")
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// A number, or a string holding one.
    mutating func readNumber() throws -> LenientValue<Double> {
        switch peekKind() {
        case .number?:
            return .value(Self.double(try readNumberBytes()))
        case .string?:
            let text = try readString()
            if text.isEmpty { return .unknown }
            guard let value = Double(text.trimmingSpaces), value.isFinite else { return .mismatch(found: "text") }
            return .value(value)
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// An ISO 8601 date, or seconds since 1970; text that is not a date is unknown, never an error.
    mutating func readDate() throws -> LenientValue<FeedDate> {
        switch peekKind() {
        case .string?:
            let text = try readString()
            return ISO8601DateParser.parse(text.trimmingSpaces).map { .value($0) } ?? .unknown
        case .number?:
            let seconds = Self.double(try readNumberBytes())
            return seconds.isFinite ? .value(FeedDate(secondsSince1970: seconds)) : .unknown
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// `true`/`false`, `0`/`1`, `"true"`/`"false"`.
    mutating func readFlag() throws -> LenientValue<Bool> {
        switch peekKind() {
        case .bool?:
            return .value(try readBool())
        case .number?:
            switch Self.integer(try readNumberBytes()) {
            case 0?: return .value(false)
            case 1?: return .value(true)
            default: return .mismatch(found: "a number")
            }
        case .string?:
            switch try readString().lowercased() {
            case "": return .unknown
            case "true": return .value(true)
            case "false": return .value(false)
            default: return .mismatch(found: "text")
            }
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// Skips a value of the wrong type and says what it was.
    mutating func mismatch<Value>() throws -> LenientValue<Value> {
        let found: String
        switch peekKind() {
        case .object?: found = "an object"
        case .array?: found = "a list"
        case .string?: found = "text"
        case .number?: found = "a number"
        case .bool?: found = "true or false"
        case .null?: found = "null"
        case nil: throw malformed
        }
        try skipValue()
        return .mismatch(found: found)
    }

    /// A plain integer token (no fraction or exponent, or a `.0` fraction), when it fits an `Int`.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+")
        if negative { index = 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            guard !overflowed else { return nil }
            let (sum, overflow) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow else { return nil }
            value = sum
            index += 1
        }
        guard index > start else { return nil }
        if index < bytes.count {
            // `820.0` and `820.00` are whole numbers too.
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count,
                  bytes[(index + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        }
        return bytes.first == UInt8(ascii: "-") ? -value : value
    }

    /// A number token as a `Double`: integers exactly, others correctly rounded.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        if bytes.count <= 16, let value = integer(bytes), abs(value) < 1 << 53 { return Double(value) }
        return Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
    }
}

extension String {
    /// Without leading and trailing spaces (ASCII); cheap for the common case of none.
    var trimmingSpaces: String {
        guard first == " " || last == " " else { return self }
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
