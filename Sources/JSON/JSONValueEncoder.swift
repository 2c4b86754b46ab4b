import Foundation

/// Builds a ``JSONValue`` from an `Encodable` value, as `JSONEncoder` (with the `.iso8601` date
/// strategy) would write it, so that ``JSONWriter`` writes what it would have: a `Date` as ISO 8601
/// text in UTC (`2026-06-08T17:00:00Z`), a `URL` as its absolute text, `Data` in Base64, a key whose
/// optional value is nil left out (as synthesized conformances leave it), a number that is not
/// finite refused.
///
/// A whole `Double` below 2⁵³ becomes an integer (it is written the same, and read back as one); a
/// `Float` is taken as it prints (`0.1`, not `0.100000001`); an unsigned integer above `Int64.max`
/// becomes a `Double`.
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// `value` as a JSON value.
    public func encode(_ value: some Encodable) throws -> JSONValue {
        let slot = Slot()
        try Slot.box(value, into: slot, codingPath: [])
        guard let json = slot.json else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "\(type(of: value)) encoded no value"))
        }
        return json
    }
}

/// Where one value goes while its encoding builds it: nested containers keep their slot and fill it later.
private final class Slot {
    enum Content {
        case empty
        case value(JSONValue)
        case object(ObjectNode)
        case array(ArrayNode)
    }

    final class ObjectNode {
        var members: [String: Slot] = [:]
    }

    final class ArrayNode {
        var items: [Slot] = []
    }

    var content: Content = .empty

    init() {}

    init(_ value: JSONValue) {
        content = .value(value)
    }

    /// The value built; nil when nothing was encoded (an empty container is an empty object or array).
    var json: JSONValue? {
        switch content {
        case .empty: nil
        case .value(let value): value
        case .object(let node): .object(node.members.mapValues { $0.json ?? [:] })
        case .array(let node): .array(node.items.map { $0.json ?? [:] })
        }
    }

    /// The object this slot holds, made one if it is not (asking twice gives the same object).
    var object: ObjectNode {
        if case .object(let node) = content { return node }
        let node = ObjectNode()
        content = .object(node)
        return node
    }

    var array: ArrayNode {
        if case .array(let node) = content { return node }
        let node = ArrayNode()
        content = .array(node)
        return node
    }

    /// Encodes `value` into `slot`: the types `JSONEncoder` writes in a way of its own first, else
    /// through the value's own `encode(to:)`.
    static func box(_ value: some Encodable, into slot: Slot, codingPath: [any CodingKey]) throws {
        switch value {
        case let value as JSONValue: slot.content = .value(value)
        case let date as Date: slot.content = .value(.string(date.formatted(.iso8601)))
        case let url as URL: slot.content = .value(.string(url.absoluteString))
        case let data as Data: slot.content = .value(.string(data.base64EncodedString()))
        case let decimal as Decimal: slot.content = .value(try number(NSDecimalNumber(decimal: decimal).doubleValue, codingPath: codingPath))
        default: try value.encode(to: ValueEncoder(slot: slot, codingPath: codingPath))
        }
    }

    /// A `Double` as a value: a whole one below 2⁵³ (but `-0`) an integer; one that is not finite refused.
    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992, value != 0 || value.sign == .plus {
            return .int(Int64(value))
        }
        return .double(value)
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct ValueEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(node: slot.object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(node: slot.array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Slot.ObjectNode
    let codingPath: [any CodingKey]

    private func slot(for key: any CodingKey) -> Slot {
        let slot = Slot()
        node.members[key.stringValue] = slot
        return slot
    }

    mutating func encodeNil(forKey key: Key) {
        node.members[key.stringValue] = Slot(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try Slot.box(value, into: slot(for: key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(node: slot(for: key).object, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedContainer(node: slot(for: key).array, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(slot: slot(for: SuperKey()), codingPath: codingPath + [SuperKey()])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(slot: slot(for: key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Slot.ArrayNode
    let codingPath: [any CodingKey]
    var count: Int { node.items.count }

    private func next() -> (slot: Slot, path: [any CodingKey]) {
        let slot = Slot()
        let path = codingPath + [IndexKey(intValue: node.items.count)]
        node.items.append(slot)
        return (slot, path)
    }

    mutating func encodeNil() {
        node.items.append(Slot(.null))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (slot, path) = next()
        try Slot.box(value, into: slot, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (slot, path) = next()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: slot.object, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (slot, path) = next()
        return UnkeyedContainer(node: slot.array, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let (slot, path) = next()
        return ValueEncoder(slot: slot, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue) {
        slot.content = .value(value)
    }

    mutating func encodeNil() { set(.null) }
    mutating func encode(_ value: Bool) { set(.bool(value)) }
    mutating func encode(_ value: String) { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try Slot.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws {
        // As it prints: a Float widened to a Double would show digits it never had.
        set(try Slot.number(Double(value.description) ?? Double(value), codingPath: codingPath))
    }
    mutating func encode(_ value: Int) { set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) { set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) { set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) { set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) { set(.int(value)) }
    mutating func encode(_ value: UInt) { set(Int64(exactly: value).map(JSONValue.int) ?? .double(Double(value))) }
    mutating func encode(_ value: UInt8) { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) { set(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) { set(Int64(exactly: value).map(JSONValue.int) ?? .double(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try Slot.box(value, into: slot, codingPath: codingPath)
    }
}
