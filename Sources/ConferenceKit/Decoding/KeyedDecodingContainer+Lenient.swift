/// A key for objects whose keys are data (`feeds` by language, `live_sessions` by number).
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// An integer that a feed may also write as a string of digits.
struct LenientInt: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Int.self)
        } catch DecodingError.typeMismatch(let type, let context) {
            guard let text = try? container.decode(String.self), let number = Int(text) else {
                throw DecodingError.typeMismatch(type, context)
            }
            value = number
        }
    }
}

extension KeyedDecodingContainer {
    /// A required integer written as a number or a string of digits: absent or null is a missing key.
    func decodeLenientInt(forKey key: Key) throws -> Int {
        guard let value = try decodeLenientIntIfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return value
    }

    /// An integer written as a number or a string of digits; nil when absent or null.
    func decodeLenientIntIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch DecodingError.typeMismatch(let type, let context) {
            guard let text = try? decode(String.self, forKey: key), let number = Int(text) else {
                throw DecodingError.typeMismatch(type, context)
            }
            return number
        }
    }

    /// A list of integers written as numbers or strings of digits; empty when absent or null.
    func decodeLenientIntList(forKey key: Key) throws -> [Int] {
        try decodeIfPresent([LenientInt].self, forKey: key)?.map(\.value) ?? []
    }
}
