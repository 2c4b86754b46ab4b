import Foundation

/// A strict (RFC 8259, UTF-8) reader of JSON bytes that builds no tree: the feed readers and the
/// journal walk a document with it, reading the values they know and skipping the rest, and
/// ``JSONValue/parse(_:limits:)`` builds a value with it.
///
/// It throws ``Malformed`` only for a document that is not JSON, at the first byte where it stops
/// being JSON, saying why; what a value *means* (its type, whether it is usable) is the caller's
/// business.
public struct JSONScanner {
    /// The document is not JSON at `offset` (a byte offset), for the reason `problem`.
    public struct Malformed: Error {
        public var offset: Int
        public var problem: Problem

        public init(offset: Int, problem: Problem) {
            self.offset = offset
            self.problem = problem
        }
    }

    /// Why a document is not JSON where it stops being JSON: what was expected there, or what is wrong.
    public enum Problem: Sendable {
        case value, key, colon, endOfDocument, depth
        /// After an item, a comma or this closing bracket.
        case separator(closing: UInt8)
        case literal(StaticString)
        case number, fractionDigit, exponentDigit
        case unterminatedString, escape, unicodeEscape, controlCharacter, utf8
        /// Half of a UTF-16 pair escaped alone (`"\\ud800"`), which ``JSONValue`` refuses: no character.
        case loneSurrogate
        /// More bytes than the reader was allowed to take.
        case tooLarge
    }

    /// What the next value is, from its first byte.
    public enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index: Int
    /// Nesting of the value being read; deeper documents are refused rather than overflow the stack.
    @usableFromInline var depth = 0
    /// The deepest nesting read (``defaultMaximumDepth`` unless the reader says otherwise).
    @usableFromInline let maximumDepth: Int
    private var scratch: [UInt8] = []
    /// How many lone surrogates (`"\\ud800"`) the strings read so far held, each read as U+FFFD.
    public private(set) var loneSurrogates = 0

    /// The nesting a scanner reads unless told otherwise: deeper documents are refused.
    public static let defaultMaximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0, maximumDepth: Int = JSONScanner.defaultMaximumDepth) {
        self.bytes = bytes
        self.index = index
        self.maximumDepth = maximumDepth
    }

    /// A scanner positioned after the byte-order mark, if any, refusing values nested deeper than `maximumDepth`.
    public static func document(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONScanner.defaultMaximumDepth) -> JSONScanner {
        JSONScanner(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, maximumDepth: maximumDepth)
    }

    /// The offset of the next byte to read.
    public var offset: Int { index }

    /// The document is not JSON here, for `problem`.
    public func malformed(_ problem: Problem) -> Malformed { Malformed(offset: index, problem: problem) }

    // MARK: Structure

    /// The kind of the next value (after whitespace); nil at the end of the data or before a byte
    /// that cannot start a value.
    @inlinable
    public mutating func peekKind() -> Kind? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: return nil
        }
    }

    /// Calls `field` with each key (its decoded UTF-8 bytes, valid during the call) and the scanner
    /// positioned on the key's value, which `field` must read or skip.
    @inlinable
    public mutating func readObject(_ field: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try readList(opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}")) { scanner in
            try scanner.readKey { scanner, key in
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), or: .colon)
                scanner.skipWhitespace()
                try field(&scanner, key)
            }
        }
    }

    /// Calls `element` with the scanner positioned on each element, which it must read or skip.
    @inlinable
    public mutating func readArray(_ element: (inout JSONScanner) throws -> Void) throws {
        try readList(opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), element)
    }

    /// Reads an object or array: calls `item` on each of its comma-separated items, which it must read.
    @inlinable @inline(__always)
    mutating func readList(opening: UInt8, closing: UInt8, _ item: (inout JSONScanner) throws -> Void) throws {
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        try expect(opening, or: .value)
        skipWhitespace()
        if peek() == closing { index += 1; return }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            guard index < bytes.count else { throw malformed(.separator(closing: closing)) }
            let separator = bytes[index]
            index += 1
            if separator == closing { return }
            guard separator == UInt8(ascii: ",") else { index -= 1; throw malformed(.separator(closing: closing)) }
        }
    }

    /// Skips any value, checking its syntax (strings must be valid UTF-8).
    public mutating func skipValue() throws {
        switch peekKind() {
        case .object?: try readObject { scanner, _ in try scanner.skipValue() }
        case .array?: try readArray { scanner in try scanner.skipValue() }
        case .string?: try skipString()
        case .bool?: if peek() == UInt8(ascii: "t") { try expectLiteral("true") } else { try expectLiteral("false") }
        case .null?: try expectLiteral("null")
        case .number?: _ = try readNumberBytes()
        case nil: throw malformed(.value)
        }
    }

    /// `true` or `false`.
    public mutating func readBool() throws -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "t") { try expectLiteral("true"); return true }
        try expectLiteral("false")
        return false
    }

    /// Checks that nothing but whitespace follows.
    public mutating func expectEnd() throws {
        skipWhitespace()
        guard index == bytes.count else { throw malformed(.endOfDocument) }
    }

    @inlinable
    mutating func enter() throws {
        guard depth < maximumDepth else { throw malformed(.depth) }
        depth += 1
    }

    // MARK: Strings

    /// A string value.
    public mutating func readString() throws -> String {
        let (start, isASCII) = try scanToQuoteOrEscape()
        if bytes[index] == UInt8(ascii: "\"") {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if isASCII { return String(decoding: text, as: UTF8.self) }
            guard let string = String(validating: text, as: UTF8.self) else { throw stringFailure(from: start) }
            return string
        }
        // The scratch buffer is taken out of `self` while it fills, and put back for its capacity.
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)
        defer { swap(&buffer, &scratch) }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        let allASCII: Bool
        do {
            allASCII = try readEscapes(into: &buffer) && isASCII
        } catch {
            throw stringFailure(from: start)
        }
        if allASCII { return String(decoding: buffer, as: UTF8.self) }
        guard let string = String(validating: buffer, as: UTF8.self) else { throw stringFailure(from: start) }
        return string
    }

    /// Skips a string, checking it as `readString` would, without making a `String` of it.
    private mutating func skipString() throws {
        let (start, isASCII) = try scanToQuoteOrEscape()
        if bytes[index] == UInt8(ascii: "\\") {
            index = start - 1
            _ = try readString()
            return
        }
        if !isASCII {
            guard String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) != nil
            else { throw stringFailure(from: start) }
        }
        index += 1
    }

    /// Enters a string and stops on its closing quote or its first backslash, whichever comes first;
    /// returns where its text starts and whether the text up to there is ASCII.
    @inline(__always)
    private mutating func scanToQuoteOrEscape() throws -> (start: Int, isASCII: Bool) {
        skipWhitespace()
        try expect(UInt8(ascii: "\""), or: .value)
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return (start, isASCII) }
            guard byte >= 0x20 else { throw stringFailure(from: start) }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw stringFailure(from: start)
    }

    /// Reads a key and calls `body` with its bytes (decoded when it has escapes).
    @inlinable
    mutating func readKey(_ body: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try expect(UInt8(ascii: "\""), or: .key)
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if !isASCII, String(validating: key, as: UTF8.self) == nil { throw stringFailure(from: start) }
                index += 1
                try body(&self, key)
                return
            }
            if byte == UInt8(ascii: "\\") {
                // Keys with escapes are rare: decoded into their own buffer, alive for the call.
                var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                do {
                    _ = try readEscapes(into: &decoded)
                } catch {
                    throw stringFailure(from: start)
                }
                guard String(validating: decoded, as: UTF8.self) != nil else { throw stringFailure(from: start) }
                try decoded.withUnsafeBufferPointer { try body(&self, $0) }
                return
            }
            guard byte >= 0x20 else { throw stringFailure(from: start) }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw stringFailure(from: start)
    }

    /// The rest of a string from its first backslash, appended to `buffer`, up to and past its
    /// quote; returns whether all it appended is ASCII (then valid UTF-8 without a check).
    @usableFromInline
    mutating func readEscapes(into buffer: inout [UInt8]) throws -> Bool {
        var isASCII = true
        while index < bytes.count {
            // The bytes up to the next quote, backslash or control character, appended at once.
            let run = index
            while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                if bytes[index] >= 0x80 { isASCII = false }
                index += 1
            }
            if index > run { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index])) }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return isASCII
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw malformed(.unterminatedString) }
                let escape = bytes[index]
                index += 1
                if let byte = Self.unescaped(escape) {
                    buffer.append(byte)
                    continue
                }
                switch escape {
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar), let low = peekLowSurrogateEscape() {
                        index += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    // Half of a UTF-16 pair is no character: JSON's grammar allows it, Unicode text
                    // cannot hold it. It stands as U+FFFD, counted so that a value holding one is
                    // found unusable (see `readText`).
                    if scalar >= 0x80 { isASCII = false }
                    guard let unicode = Unicode.Scalar(scalar) else {
                        loneSurrogates += 1
                        buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        continue
                    }
                    buffer.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    index -= 1
                    throw malformed(.escape)
                }
            default:
                // Only a control character stops the run but a quote or a backslash.
                index -= 1
                throw malformed(.controlCharacter)
            }
        }
        throw malformed(.unterminatedString)
    }

    /// The byte a one-letter escape (`\n`, `\"`, ...) stands for; nil for `\u` and for what is no escape.
    private static func unescaped(_ escape: UInt8) -> UInt8? {
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// Where a string that cannot be read stops being JSON, and why: its first bad byte, escape or
    /// UTF-8 sequence, or its missing end. The fast paths above find that a string is bad (a
    /// control character, invalid UTF-8 once it has all been read), not where; this walks it byte by
    /// byte, from `start`, just after its opening quote.
    @usableFromInline
    func stringFailure(from start: Int) -> Malformed {
        var position = start
        func failure(_ problem: Problem) -> Malformed { Malformed(offset: position, problem: problem) }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                // Read whole without a fault: never the case for a string the fast paths refused.
                return Malformed(offset: start, problem: .utf8)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { return failure(.unterminatedString) }
                if Self.unescaped(bytes[position]) != nil {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "u") {
                    position += 1
                    for _ in 0..<4 {
                        guard position < bytes.count, Self.hexDigit(bytes[position]) != nil else { return failure(.unicodeEscape) }
                        position += 1
                    }
                } else {
                    return failure(.escape)
                }
            case 0x00..<0x20:
                return failure(.controlCharacter)
            case 0x80...:
                guard let length = validUTF8Length(at: position) else { return failure(.utf8) }
                position += length
            default:
                position += 1
            }
        }
        return failure(.unterminatedString)
    }

    /// The length of the valid UTF-8 sequence starting at `start`, or nil.
    private func validUTF8Length(at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard start + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }

    /// The low surrogate a `\\uDC00`…`\\uDFFF` escape at the current position stands for, not consumed.
    private func peekLowSurrogateEscape() -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else { throw malformed(.unicodeEscape) }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// A number token as it is written (RFC 8259's grammar; what follows it is the caller's to read).
    public mutating func readNumberBytes() throws -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        let start = index
        switch JSONNumberSyntax.scan(bytes, from: start) {
        case let .success(end):
            index = end
            return UnsafeBufferPointer(rebasing: bytes[start..<end])
        case let .failure(malformed):
            throw malformed
        }
    }

    // MARK: Bytes

    /// Moves past spaces, tabs and line breaks.
    @inlinable
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte, not consumed; nil at the end.
    @inlinable
    public func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte`, else fails for `problem`.
    @inlinable
    mutating func expect(_ byte: UInt8, or problem: Problem) throws {
        guard index < bytes.count, bytes[index] == byte else { throw malformed(problem) }
        index += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard index + count <= bytes.count, UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(expected) else {
            // Where it stops being the literal.
            var offset = index
            while offset < bytes.count, offset - index < count, bytes[offset] == expected[offset - index] { offset += 1 }
            throw Malformed(offset: offset, problem: .literal(literal))
        }
        index += count
    }
}

extension JSONScanner {
    /// Where `bytes` first stops being JSON, and why; nil when it is a JSON document.
    public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Malformed? {
        var scanner = JSONScanner.document(bytes)
        do {
            try scanner.skipValue()
            try scanner.expectEnd()
            return nil
        } catch {
            return error as? Malformed
        }
    }
}

extension JSONScanner.Malformed {
    /// Why the document is not JSON here, in a few words: "unexpected character ',', expected a
    /// quoted key".
    public func reason(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let found: String
        if offset >= bytes.count {
            found = "end of data"
        } else if bytes[offset] >= 0x21 && bytes[offset] < 0x7F {
            found = "character '\(Character(UnicodeScalar(bytes[offset])))'"
        } else {
            found = String(format: "byte 0x%02X", bytes[offset])
        }
        switch problem {
        case .value: return "unexpected \(found), expected a value"
        case .key: return "unexpected \(found), expected a quoted key"
        case .colon: return "unexpected \(found), expected ':'"
        case .separator(let closing): return "unexpected \(found), expected ',' or '\(Character(UnicodeScalar(closing)))'"
        case .endOfDocument: return "unexpected \(found) after the end of the document"
        case .depth: return "nesting too deep"
        case .literal(let literal): return "unexpected \(found) in literal '\(literal)'"
        case .number: return "invalid number"
        case .fractionDigit: return "invalid number: digit expected after '.'"
        case .exponentDigit: return "invalid number: digit expected in exponent"
        case .unterminatedString: return "unexpected end of data in a string"
        case .escape: return "invalid escape '\\\(found)' in a string"
        case .unicodeEscape: return "invalid \\u escape in a string"
        case .controlCharacter: return "unescaped control character (\(found)) in a string"
        case .utf8: return "invalid UTF-8 sequence in a string"
        case .loneSurrogate: return "half of a UTF-16 surrogate pair alone in a string"
        case .tooLarge: return "more than the \(offset) bytes allowed"
        }
    }

    /// Where it is, as an editor shows it: 1-based line, and column in characters (not bytes).
    public func lineAndColumn(in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // A character starts at every byte but UTF-8's continuation bytes.
        let column = 1 + bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count
        return (line, column)
    }
}
