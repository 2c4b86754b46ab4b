import Foundation

/// A hand-written reader for the items of `contents.json`, about four times cheaper than
/// `JSONDecoder` on large feeds. It produces exactly the `Session` values of `Session.init(from:)`
/// for well-formed items and gives up (`Unsupported`) on anything else — malformed JSON, a wrong
/// type, a missing required field, a repeated key, a number it would have to round — leaving the
/// caller to decode the document with `FeedDecoder`, which reports the problem precisely.
struct SessionFastParser {
    struct Unsupported: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    // MARK: Items

    /// Reads one item of `contents`, starting at its `{`.
    mutating func parseSession() throws -> Session {
        var id: String?
        var eventID: String?
        var title: String?
        var session = Session(id: "", eventID: "", title: "")
        var seen: UInt32 = 0
        try readObject { parser, key in
            guard let field = SessionField(key: key) else { return try parser.skipValue() }
            let bit: UInt32 = 1 << field.rawValue
            guard seen & bit == 0 else { throw Unsupported() }
            seen |= bit
            switch field {
            case .id: id = try parser.readString()
            case .eventId: eventID = try parser.readString()
            case .title: title = try parser.readString()
            case .eventContentId: session.eventContentID = try parser.readLenientIntOrNull()
            case .staticContentId: session.staticContentID = try parser.readLenientIntOrNull()
            case .description: session.description = try parser.readStringOrNull() ?? ""
            case .type: session.type = try parser.readStringOrNull()
            case .trackId: session.trackID = try parser.readLenientIntOrNull()
            case .roomId: session.roomID = try parser.readLenientIntOrNull()
            case .startTime: session.startTime = try parser.readDateOrNull()
            case .endTime: session.endTime = try parser.readDateOrNull()
            case .webPermalink: session.webPermalink = try parser.readStringOrNull()
            case .platforms: session.platforms = try parser.readStringListOrNull()
            case .keywords: session.keywords = try parser.readStringListOrNull()
            case .topicIds: session.topicIDs = try parser.readLenientIntListOrNull()
            case .media: session.media = try parser.readMediaOrNull()
            case .related: try parser.readRelatedOrNull(into: &session)
            case .actionLinkPrompt: session.actionLinkPrompt = try parser.readStringOrNull()
            case .actionLinkURL: session.actionLinkURL = try parser.readStringOrNull()
            case .originalPublishingDate: session.originalPublishingDate = try parser.readDateOrNull()
            }
        }
        guard let id, let eventID, let title else { throw Unsupported() }
        session.id = id
        session.eventID = eventID
        session.title = title
        return session
    }

    private enum SessionField: UInt32 {
        case id, eventId, eventContentId, staticContentId, title, description, type, trackId, roomId
        case startTime, endTime, webPermalink, platforms, keywords, topicIds, media, related
        case actionLinkPrompt, actionLinkURL, originalPublishingDate

        init?(key: UnsafeBufferPointer<UInt8>) {
            // Compare the raw key bytes: cheaper than making a String of every key.
            switch key.count {
            case 2 where key.elementsEqual("id".utf8): self = .id
            case 4 where key.elementsEqual("type".utf8): self = .type
            case 5 where key.elementsEqual("title".utf8): self = .title
            case 5 where key.elementsEqual("media".utf8): self = .media
            case 7 where key.elementsEqual("eventId".utf8): self = .eventId
            case 7 where key.elementsEqual("trackId".utf8): self = .trackId
            case 7 where key.elementsEqual("endTime".utf8): self = .endTime
            case 7 where key.elementsEqual("related".utf8): self = .related
            case 8 where key.elementsEqual("keywords".utf8): self = .keywords
            case 8 where key.elementsEqual("topicIds".utf8): self = .topicIds
            case 6 where key.elementsEqual("roomId".utf8): self = .roomId
            case 9 where key.elementsEqual("startTime".utf8): self = .startTime
            case 9 where key.elementsEqual("platforms".utf8): self = .platforms
            case 11 where key.elementsEqual("description".utf8): self = .description
            case 12 where key.elementsEqual("webPermalink".utf8): self = .webPermalink
            case 13 where key.elementsEqual("actionLinkURL".utf8): self = .actionLinkURL
            case 14 where key.elementsEqual("eventContentId".utf8): self = .eventContentId
            case 15 where key.elementsEqual("staticContentId".utf8): self = .staticContentId
            case 16 where key.elementsEqual("actionLinkPrompt".utf8): self = .actionLinkPrompt
            case 22 where key.elementsEqual("originalPublishingDate".utf8): self = .originalPublishingDate
            default: return nil
            }
        }
    }

    private mutating func readMediaOrNull() throws -> Media? {
        if try readNull() { return nil }
        var media = Media()
        var seen: UInt32 = 0
        try readObject { parser, key in
            let field: UInt32
            switch key.count {
            case 3 where key.elementsEqual("hls".utf8): field = 0
            case 7 where key.elementsEqual("tvOShls".utf8): field = 1
            case 10 where key.elementsEqual("downloadHD".utf8): field = 2
            case 10 where key.elementsEqual("downloadSD".utf8): field = 3
            case 6 where key.elementsEqual("slides".utf8): field = 4
            case 9 where key.elementsEqual("subtitles".utf8): field = 5
            case 8 where key.elementsEqual("duration".utf8): field = 6
            default: return try parser.skipValue()
            }
            guard seen & (1 << field) == 0 else { throw Unsupported() }
            seen |= 1 << field
            switch field {
            case 0: media.hls = try parser.readStringOrNull()
            case 1: media.tvOSHLS = try parser.readStringOrNull()
            case 2: media.downloadHD = try parser.readStringOrNull()
            case 3: media.downloadSD = try parser.readStringOrNull()
            case 4: media.slides = try parser.readStringOrNull()
            case 5: media.subtitles = try parser.readStringOrNull()
            default: media.duration = try parser.readDoubleOrNull()
            }
        }
        return media
    }

    private mutating func readRelatedOrNull(into session: inout Session) throws {
        if try readNull() { return }
        var seen: UInt32 = 0
        var activities: [String] = []
        var resources: [Int] = []
        try readObject { parser, key in
            if key.elementsEqual("activities".utf8) {
                guard seen & 1 == 0 else { throw Unsupported() }
                seen |= 1
                activities = try parser.readStringListOrNull()
            } else if key.elementsEqual("resources".utf8) {
                guard seen & 2 == 0 else { throw Unsupported() }
                seen |= 2
                resources = try parser.readLenientIntListOrNull()
            } else {
                try parser.skipValue()
            }
        }
        session.relatedSessionIDs = activities
        session.relatedResourceIDs = resources
    }

    // MARK: Values

    /// Calls `field` with each key (raw bytes, no escapes) and the parser positioned on its value.
    mutating func readObject(_ field: (inout SessionFastParser, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            try expect(UInt8(ascii: "\""))
            let keyStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                // Keys with escapes or beyond ASCII are left to the full decoder.
                guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20, bytes[index] < 0x80 else { throw Unsupported() }
                index += 1
            }
            guard index < bytes.count else { throw Unsupported() }
            let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<index])
            index += 1
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try field(&self, key)
            skipWhitespace()
            let separator = try next()
            if separator == UInt8(ascii: "}") { return }
            guard separator == UInt8(ascii: ",") else { throw Unsupported() }
        }
    }

    /// True (and consumed) when the next value is `null`.
    mutating func readNull() throws -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "n") else { return false }
        guard index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
              bytes[index + 3] == UInt8(ascii: "l") else { throw Unsupported() }
        index += 4
        return true
    }

    mutating func readStringOrNull() throws -> String? {
        try readNull() ? nil : try readString()
    }

    mutating func readString() throws -> String {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let string = String(validating: text, as: UTF8.self) else { throw Unsupported() }
                return string
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw Unsupported() }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw Unsupported()
    }

    /// The rest of a string that has escapes, from its first character at `start`.
    private mutating func readEscapedString(from start: Int) throws -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: scratch, as: UTF8.self) else { throw Unsupported() }
                return string
            case UInt8(ascii: "\\"):
                let escape = try next()
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else { throw Unsupported() }
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Unsupported() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw Unsupported()
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Unsupported() }
                    scratch.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    throw Unsupported()
                }
            default:
                guard byte >= 0x20 else { throw Unsupported() }
                scratch.append(byte)
            }
        }
        throw Unsupported()
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try next()
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsupported()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A list of strings; null or `[]` give an empty list.
    mutating func readStringListOrNull() throws -> [String] {
        if try readNull() { return [] }
        var list: [String] = []
        try readArray { parser in list.append(try parser.readString()) }
        return list
    }

    /// A list of integers written as numbers or strings of digits.
    mutating func readLenientIntListOrNull() throws -> [Int] {
        if try readNull() { return [] }
        var list: [Int] = []
        try readArray { parser in
            guard let value = try parser.readLenientIntOrNull() else { throw Unsupported() }
            list.append(value)
        }
        return list
    }

    mutating func readArray(_ element: (inout SessionFastParser) throws -> Void) throws {
        skipWhitespace()
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return }
        while true {
            try element(&self)
            skipWhitespace()
            let separator = try next()
            if separator == UInt8(ascii: "]") { return }
            guard separator == UInt8(ascii: ",") else { throw Unsupported() }
        }
    }

    /// An integer written as a plain number (`820`) or a string of digits (`"820"`), or null.
    mutating func readLenientIntOrNull() throws -> Int? {
        if try readNull() { return nil }
        if peek() == UInt8(ascii: "\"") {
            guard let value = Int(try readString()) else { throw Unsupported() }
            return value
        }
        return try readPlainInteger()
    }

    /// A number that has no fraction or exponent, as JSONDecoder reads it into an `Int`.
    private mutating func readPlainInteger() throws -> Int {
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // More than 18 digits could overflow: leave it to JSONDecoder.
            guard index - start < 18 else { throw Unsupported() }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard index > start, !(bytes[start] == UInt8(ascii: "0") && index - start > 1) else { throw Unsupported() }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw Unsupported()
        }
        return negative ? -value : value
    }

    mutating func readDoubleOrNull() throws -> Double? {
        if try readNull() { return nil }
        return try readDouble()
    }

    /// A JSON number as a `Double`: integers exactly, others through `Double(String)` (correctly rounded).
    private mutating func readDouble() throws -> Double {
        let start = index
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                if !(byte == UInt8(ascii: "-") && index == start) { isInteger = false }
                index += 1
            } else {
                break
            }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard JSONNumberSyntax.isValid(text) else { throw Unsupported() }
        let negative = text[0] == UInt8(ascii: "-")
        if isInteger, text.count - (negative ? 1 : 0) <= 15 {
            var value = 0
            for byte in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            return Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { throw Unsupported() }
        return value
    }

    /// An ISO 8601 string or seconds since 1970, or null.
    mutating func readDateOrNull() throws -> FeedDate? {
        if try readNull() { return nil }
        if peek() == UInt8(ascii: "\"") {
            guard let date = ISO8601DateParser.parse(try readString()) else { throw Unsupported() }
            return date
        }
        return FeedDate(secondsSince1970: try readDouble())
    }

    /// Skips any value, checking only its structure; strings must be valid.
    mutating func skipValue() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            try readObject { parser, _ in try parser.skipValue() }
        case UInt8(ascii: "["):
            try readArray { parser in try parser.skipValue() }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            _ = try readNull()
        default:
            _ = try readDouble()
        }
    }

    // MARK: Bytes

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func next() throws -> UInt8 {
        guard index < bytes.count else { throw Unsupported() }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else { throw Unsupported() }
        index += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                  UnsafeBufferPointer(start: literal.utf8Start, count: count)) else { throw Unsupported() }
        index += count
    }
}

/// RFC 8259 number syntax: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum JSONNumberSyntax {
    static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < text.count else { return false }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }
}
