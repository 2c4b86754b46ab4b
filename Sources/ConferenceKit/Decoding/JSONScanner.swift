/// A strict (RFC 8259, UTF-8) reader of JSON bytes that builds no tree: the feed readers walk a
/// document with it, reading the values they know and skipping the rest.
///
/// It throws ``Malformed`` only for a document that is not JSON; what a value *means* (its type,
/// whether it is usable) is the caller's business (see `JSONScanner+Values`).
struct JSONScanner {
    /// The document is not JSON at `offset`; ``JSONSyntaxLocator`` says precisely why.
    struct Malformed: Error {
        var offset: Int
    }

    /// What the next value is, from its first byte.
    enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    /// Nesting of the value being read; deeper documents are refused rather than overflow the stack.
    private var depth = 0
    private var scratch: [UInt8] = []
    /// How many lone surrogates (`"\\ud800"`) the strings read so far held, each read as U+FFFD.
    private(set) var loneSurrogates = 0

    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// A scanner positioned after the byte-order mark, if any.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONScanner {
        JSONScanner(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    }

    var malformed: Malformed { Malformed(offset: index) }

    // MARK: Structure

    /// The kind of the next value (after whitespace); nil at the end of the data or before a byte
    /// that cannot start a value.
    mutating func peekKind() -> Kind? {
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
    mutating func readObject(_ field: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try readList(opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}")) { scanner in
            try scanner.readKey { scanner, key in
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"))
                scanner.skipWhitespace()
                try field(&scanner, key)
            }
        }
    }

    /// Calls `element` with the scanner positioned on each element, which it must read or skip.
    mutating func readArray(_ element: (inout JSONScanner) throws -> Void) throws {
        try readList(opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), element)
    }

    /// Reads an object or array: calls `item` on each of its comma-separated items, which it must read.
    @inline(__always)
    private mutating func readList(opening: UInt8, closing: UInt8, _ item: (inout JSONScanner) throws -> Void) throws {
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        try expect(opening)
        skipWhitespace()
        if peek() == closing { index += 1; return }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            let separator = try next()
            if separator == closing { return }
            guard separator == UInt8(ascii: ",") else { index -= 1; throw malformed }
        }
    }

    /// Skips any value, checking its syntax (strings must be valid UTF-8).
    mutating func skipValue() throws {
        switch peekKind() {
        case .object?: try readObject { scanner, _ in try scanner.skipValue() }
        case .array?: try readArray { scanner in try scanner.skipValue() }
        case .string?: try skipString()
        case .bool?: if peek() == UInt8(ascii: "t") { try expectLiteral("true") } else { try expectLiteral("false") }
        case .null?: try expectLiteral("null")
        case .number?: _ = try readNumberBytes()
        case nil: throw malformed
        }
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "t") { try expectLiteral("true"); return true }
        try expectLiteral("false")
        return false
    }

    /// Checks that nothing but whitespace follows.
    mutating func expectEnd() throws {
        skipWhitespace()
        guard index == bytes.count else { throw malformed }
    }

    private mutating func enter() throws {
        guard depth < JSONScanner.maximumDepth else { throw malformed }
        depth += 1
    }

    // MARK: Strings

    /// A string value.
    mutating func readString() throws -> String {
        let (start, isASCII) = try scanToQuoteOrEscape()
        if bytes[index] == UInt8(ascii: "\"") {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if isASCII { return String(decoding: text, as: UTF8.self) }
            guard let string = String(validating: text, as: UTF8.self) else { index = start; throw malformed }
            return string
        }
        // The scratch buffer is taken out of `self` while it fills, and put back for its capacity.
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)
        defer { swap(&buffer, &scratch) }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        try readEscapes(into: &buffer)
        guard let string = String(validating: buffer, as: UTF8.self) else { index = start; throw malformed }
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
            else { index = start; throw malformed }
        }
        index += 1
    }

    /// Enters a string and stops on its closing quote or its first backslash, whichever comes first;
    /// returns where its text starts and whether the text up to there is ASCII.
    @inline(__always)
    private mutating func scanToQuoteOrEscape() throws -> (start: Int, isASCII: Bool) {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return (start, isASCII) }
            guard byte >= 0x20 else { throw malformed }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw malformed
    }

    /// Reads a key and calls `body` with its bytes (decoded when it has escapes).
    private mutating func readKey(_ body: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try expect(UInt8(ascii: "\""))
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if !isASCII, String(validating: key, as: UTF8.self) == nil { index = start; throw malformed }
                index += 1
                try body(&self, key)
                return
            }
            if byte == UInt8(ascii: "\\") {
                // Keys with escapes are rare: decoded into their own buffer, alive for the call.
                var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                try readEscapes(into: &decoded)
                guard String(validating: decoded, as: UTF8.self) != nil else { index = start; throw malformed }
                try decoded.withUnsafeBufferPointer { try body(&self, $0) }
                return
            }
            guard byte >= 0x20 else { throw malformed }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw malformed
    }

    /// The rest of a string from its first backslash, appended to `buffer`, up to and past its quote.
    private mutating func readEscapes(into buffer: inout [UInt8]) throws {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                let escape = try next()
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar), let low = peekLowSurrogateEscape() {
                        index += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    // Half of a UTF-16 pair is no character: JSON's grammar allows it, Unicode text
                    // cannot hold it. It stands as U+FFFD, counted so that a value holding one is
                    // found unusable (see `readText`).
                    guard let unicode = Unicode.Scalar(scalar) else {
                        loneSurrogates += 1
                        buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        continue
                    }
                    buffer.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    index -= 1
                    throw malformed
                }
            default:
                guard byte >= 0x20 else { index -= 1; throw malformed }
                buffer.append(byte)
            }
        }
        throw malformed
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
            guard let digit = Self.hexDigit(try next()) else { index -= 1; throw malformed }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Numbers

    /// A number token as it is written (checked against RFC 8259's grammar).
    mutating func readNumberBytes() throws -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard JSONNumberSyntax.isValid(text) else { index = start; throw malformed }
                return text
            }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard JSONNumberSyntax.isValid(text) else { index = start; throw malformed }
        return text
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
        guard index < bytes.count else { throw malformed }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else { throw malformed }
        index += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                  UnsafeBufferPointer(start: literal.utf8Start, count: count)) else { throw malformed }
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
