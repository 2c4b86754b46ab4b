import Foundation

extension JSONValue {
    /// How much a document may hold for ``JSONValue/parse(_:limits:)``: a larger or deeper one is refused.
    public struct Limits: Sendable {
        /// The most bytes a document may have.
        public var maximumBytes: Int
        /// The deepest nesting of arrays and objects.
        public var maximumDepth: Int

        public init(maximumBytes: Int = 16 << 20, maximumDepth: Int = JSONScanner.defaultMaximumDepth) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }
    }

    /// The JSON document `bytes` hold; throws ``JSONScanner/Malformed`` where they stop being one,
    /// are more than `limits` allow, or hold half of a UTF-16 pair alone (no character).
    ///
    /// An integer that fits 64 bits is an ``int(_:)``, any other number a ``double(_:)``; of a repeated
    /// key, the last member counts.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits()) throws -> JSONValue {
        guard bytes.count <= limits.maximumBytes else {
            throw JSONScanner.Malformed(offset: limits.maximumBytes, problem: .tooLarge)
        }
        var scanner = JSONScanner.document(bytes, maximumDepth: limits.maximumDepth)
        let value = try scanner.readValue()
        try scanner.expectEnd()
        return value
    }

    /// The JSON document `data` holds (see ``parse(_:limits:)-(UnsafeBufferPointer<UInt8>,_)``).
    public static func parse(_ data: Data, limits: Limits = Limits()) throws -> JSONValue {
        try data.withUnsafeBytes { try parse($0.bindMemory(to: UInt8.self), limits: limits) }
    }

    /// The JSON document `text` holds (see ``parse(_:limits:)-(UnsafeBufferPointer<UInt8>,_)``).
    public static func parse(_ text: String, limits: Limits = Limits()) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse($0, limits: limits) }
    }
}

extension JSONScanner {
    /// The next value, whole; a string holding half of a UTF-16 pair alone is refused.
    public mutating func readValue() throws -> JSONValue {
        switch peekKind() {
        case .object?:
            var members: [String: JSONValue] = [:]
            // A key is read before its member is handed over: one with a lone surrogate is found by
            // the count having grown since the last member (a value with one throws at once).
            let halves = loneSurrogates
            try readObject { scanner, key in
                if scanner.loneSurrogates != halves { throw Malformed(offset: scanner.offset, problem: .loneSurrogate) }
                members[String(decoding: key, as: UTF8.self)] = try scanner.readValue()
            }
            return .object(members)
        case .array?:
            var items: [JSONValue] = []
            try readArray { scanner in items.append(try scanner.readValue()) }
            return .array(items)
        case .string?:
            let start = offset
            let halves = loneSurrogates
            let text = try readString()
            if loneSurrogates != halves { throw Malformed(offset: start, problem: .loneSurrogate) }
            return .string(text)
        case .number?:
            let token = try readNumberBytes()
            if !token.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
               let integer = JSONScanner.integer(token) {
                return .int(Int64(integer))
            }
            return .double(JSONScanner.double(token))
        case .bool?:
            return .bool(try readBool())
        case .null?:
            try skipValue()
            return .null
        case nil:
            throw malformed(.value)
        }
    }
}
