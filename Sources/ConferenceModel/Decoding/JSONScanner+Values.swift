import JSON

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
            let halves = loneSurrogates
            let text = try readString()
            if loneSurrogates != halves { return .mismatch(found: Self.loneSurrogateText) }
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

    /// A whole number in ``FeedRange/integer``, written as a number (`820`, `820.0`, `8.2e2`) or as a
    /// string of digits (`"820"`).
    mutating func readInteger() throws -> LenientValue<Int> {
        switch peekKind() {
        case .number?:
            return Self.wholeNumber(try readNumberBytes())
        case .string?:
            let text = try readString()
            if text.isEmpty { return .unknown }
            var trimmed = text.utf8[...]
            while trimmed.first == UInt8(ascii: " ") { trimmed = trimmed.dropFirst() }
            while trimmed.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
            // Digits as ever (`"0820"`, `"+5"`), else a number as JSON writes one (`"8.2e2"`).
            return Array(trimmed).withUnsafeBufferPointer { bytes in
                Self.integer(bytes) != nil || JSONNumberSyntax.isValid(bytes) ? Self.wholeNumber(bytes) : .mismatch(found: "text")
            }
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
    }

    /// A number in `range`, or a string holding one; `-0` is read as 0.
    mutating func readNumber(in range: ClosedRange<Double> = FeedRange.number) throws -> LenientValue<Double> {
        let value: Double
        switch peekKind() {
        case .number?:
            value = Self.double(try readNumberBytes())
        case .string?:
            let text = try readString()
            if text.isEmpty { return .unknown }
            guard let number = Double(text.trimmingSpaces), !number.isNaN else { return .mismatch(found: "text") }
            value = number
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
        guard range.contains(value) else { return .mismatch(found: Self.outOfRange(value, range)) }
        return .value(value == 0 ? 0 : value)
    }

    /// A number token read as a whole number in ``FeedRange/integer``.
    static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> LenientValue<Int> {
        if let value = integer(bytes) {
            return FeedRange.integer.contains(value) ? .value(value) : .mismatch(found: outOfRange(Double(value), nil))
        }
        let value = double(bytes)
        guard value.isFinite, abs(value) <= Double(FeedRange.integer.upperBound) else { return .mismatch(found: outOfRange(value, nil)) }
        guard value == value.rounded(.towardZero) else { return .mismatch(found: "a number with a fraction") }
        return .value(Int(value))
    }

    /// What a number out of its range is called in a report: `1e+19, out of range (0 to 10000000)`.
    static func outOfRange(_ value: Double, _ range: ClosedRange<Double>?) -> String {
        let bounds = range.map { " (\(Self.shortText($0.lowerBound)) to \(Self.shortText($0.upperBound)))" }
            ?? " (±\(FeedRange.integer.upperBound))"
        return "\(Self.shortText(value)), out of range" + bounds
    }

    static func shortText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e16 ? String(Int64(value)) : "\(value)"
    }

    /// An ISO 8601 date, or seconds since 1970, in ``FeedRange/dateSeconds``; text that is not a
    /// date is unknown, never an error.
    mutating func readDate() throws -> LenientValue<FeedDate> {
        let date: FeedDate
        let isText = peekKind() == .string
        switch peekKind() {
        case .string?:
            let text = try readString()
            guard let parsed = ISO8601DateParser.parse(text.trimmingSpaces) else { return .unknown }
            date = parsed
        case .number?:
            let seconds = Self.double(try readNumberBytes())
            date = FeedDate(secondsSince1970: seconds == 0 ? 0 : seconds)
        case .null?:
            try skipValue()
            return .unknown
        default:
            return try mismatch()
        }
        guard FeedRange.dateSeconds.contains(date.secondsSince1970) else {
            return .mismatch(found: (isText ? "a date" : "\(Self.shortText(date.secondsSince1970)) seconds since 1970") + ", outside the years 1 to 9999")
        }
        return .value(date)
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

    /// What a string holding half of a UTF-16 pair is called in a report.
    public static let loneSurrogateText = "text with a lone surrogate (half of a UTF-16 pair, no character)"

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
        case nil: throw malformed(.value)
        }
        try skipValue()
        return .mismatch(found: found)
    }
}

extension String {
    /// Without leading and trailing spaces (ASCII); cheap for the common case of none.
    public var trimmingSpaces: String {
        guard first == " " || last == " " else { return self }
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
