import Foundation

/// Finds where a document stops being valid JSON (RFC 8259, UTF-8).
///
/// Only used after `JSONDecoder` has rejected a document, because its error says nothing about where
/// the problem is.
enum JSONSyntaxLocator {
    struct Problem: Equatable {
        var offset: Int
        var line: Int
        var column: Int
        var reason: String
    }

    /// The first syntax error in `data`, or nil when the document is valid JSON.
    static func firstProblem(in data: Data) -> Problem? {
        data.withUnsafeBytes { raw in
            firstProblem(in: raw.bindMemory(to: UInt8.self))
        }
    }

    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        guard let (offset, reason) = scanner.scanDocument() else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        let column = 1 + bytes[lineStart..<min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count
        return Problem(offset: offset, line: line, column: column, reason: reason)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        typealias Failure = (offset: Int, reason: String)

        mutating func scanDocument() -> Failure? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            skipWhitespace()
            if let failure = scanValue(depth: 0) { return failure }
            skipWhitespace()
            if index < bytes.count { return (index, "unexpected \(describe(index)) after the end of the document") }
            return nil
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        private func describe(_ position: Int) -> String {
            guard position < bytes.count else { return "end of data" }
            let byte = bytes[position]
            if byte >= 0x21 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
            return String(format: "byte 0x%02X", byte)
        }

        private mutating func scanValue(depth: Int) -> Failure? {
            guard depth < 512 else { return (index, "nesting too deep") }
            guard index < bytes.count else { return (index, "unexpected end of data, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return scanObject(depth: depth)
            case UInt8(ascii: "["): return scanArray(depth: depth)
            case UInt8(ascii: "\""): return scanString()
            case UInt8(ascii: "t"): return scanLiteral("true")
            case UInt8(ascii: "f"): return scanLiteral("false")
            case UInt8(ascii: "n"): return scanLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
            default: return (index, "unexpected \(describe(index)), expected a value")
            }
        }

        private mutating func scanObject(depth: Int) -> Failure? {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return nil }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    return (index, "unexpected \(describe(index)), expected a quoted key")
                }
                if let failure = scanString() { return failure }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    return (index, "unexpected \(describe(index)), expected ':'")
                }
                index += 1
                skipWhitespace()
                if let failure = scanValue(depth: depth + 1) { return failure }
                skipWhitespace()
                guard index < bytes.count else { return (index, "unexpected end of data, expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return nil }
                return (index, "unexpected \(describe(index)), expected ',' or '}'")
            }
        }

        private mutating func scanArray(depth: Int) -> Failure? {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return nil }
            while true {
                skipWhitespace()
                if let failure = scanValue(depth: depth + 1) { return failure }
                skipWhitespace()
                guard index < bytes.count else { return (index, "unexpected end of data, expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return nil }
                return (index, "unexpected \(describe(index)), expected ',' or ']'")
            }
        }

        private mutating func scanLiteral(_ literal: String) -> Failure? {
            for expected in literal.utf8 {
                guard index < bytes.count, bytes[index] == expected else {
                    return (index, "unexpected \(describe(index)) in literal '\(literal)'")
                }
                index += 1
            }
            return nil
        }

        private mutating func scanNumber() -> Failure? {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return (index, "invalid number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { return (index, "invalid number: digit expected after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { return (index, "invalid number: digit expected in exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            return nil
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private mutating func scanString() -> Failure? {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { return (index, "unexpected end of data in a string") }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        index += 1
                        for _ in 0..<4 {
                            guard index < bytes.count, bytes[index].isHexDigit else {
                                return (index, "invalid \\u escape in a string")
                            }
                            index += 1
                        }
                    default:
                        return (index, "invalid escape '\\\(describe(index))' in a string")
                    }
                case 0x00..<0x20:
                    return (index, "unescaped control character (\(describe(index))) in a string")
                case 0x80...:
                    guard let length = validUTF8Length(at: index) else { return (index, "invalid UTF-8 sequence in a string") }
                    index += length
                default:
                    index += 1
                }
            }
            return (index, "unexpected end of data in a string")
        }

        /// The length of the valid UTF-8 sequence starting at `start`, or nil.
        private func validUTF8Length(at start: Int) -> Int? {
            let lead = bytes[start]
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
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
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
