import Foundation

/// A JSON value: what a protocol message, a journal line or a command's `--json` is made of.
///
/// Integers and other numbers are kept apart, so a request's id goes back with the type it came
/// with. Objects are written with their keys sorted.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// `value`, or null.
    public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    public init(_ value: Double?) { self = value.map(JSONValue.double) ?? .null }
    public init(_ value: Bool) { self = .bool(value) }

    /// The member `key` of an object; nil for another value or a missing member.
    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case let .object(members) = self { return members }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case let .array(items) = self { return items }
        return nil
    }

    /// A number, integer or not.
    public var numberValue: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        default: nil
        }
    }

    /// A whole number, written as one (`3`, `3.0`), within `Int`.
    public var intValue: Int? {
        switch self {
        case let .int(value): Int(exactly: value)
        case let .double(value) where value.rounded() == value && abs(value) < 9e15: Int(value)
        default: nil
        }
    }

    /// What the value is, as a JSON Schema type names it (`integer` for a whole number).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: intValue != nil ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
