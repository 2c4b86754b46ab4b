import Foundation
import JSON
import Testing

/// An `Encodable` value as a JSON value, as `JSONEncoder` would write it.
@Suite("JSON: values of Encodable types")
struct JSONValueEncoderTests {
    /// Encodes nil as null (where a synthesized conformance leaves the key out).
    @propertyWrapper
    struct Nullable<Value: Encodable>: Encodable {
        var wrappedValue: Value?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
        }
    }

    struct Row: Encodable {
        var id = "wwdc2026-101"
        var missing: Int?
        @Nullable var shown: String?
        var seconds = 90.0
        var position = 12.5
    }

    /// Containers by hand: nested, unkeyed, and a superclass's encoder.
    class Base: Encodable {
        enum Keys: String, CodingKey { case base, list, inner }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .base)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("a")
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .inner)
            var deeper = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try deeper.encode([1.5], forKey: .list)
        }
    }

    final class Derived: Base {
        enum Own: String, CodingKey { case own }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Own.self)
            try container.encode("mine", forKey: .own)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("a nil optional's key left out, a wrapper's null kept, whole numbers as integers")
    func rows() throws {
        let value = try JSONValueEncoder().encode(Row())
        #expect(value == ["id": "wwdc2026-101", "shown": nil, "seconds": 90, "position": 12.5])
        #expect(value["seconds"] == .int(90), "a whole Double is written, and read back, as an integer")
        #expect(try JSONValueEncoder().encode(-0.0) == .double(-0.0))
        #expect(try JSONValueEncoder().encode(Row()).pretty == JSONWriterTests.foundation(Row()))
    }

    @Test("containers by hand: nested, unkeyed, a superclass's; as JSONEncoder writes them")
    func containers() throws {
        let value = try JSONValueEncoder().encode(Derived())
        #expect(value == ["own": "mine", "super": ["base": 1, "list": ["a", nil, ["inner": true]], "inner": ["list": [1.5]]]])
        #expect(value.pretty == (try JSONWriterTests.foundation(Derived())))
    }

    @Test("a JSON value is taken as it is")
    func jsonValue() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, ["b": false]], "c": .double(3)]
        #expect(try JSONValueEncoder().encode(value) == value)
        #expect(try JSONValue(encoding: ["list": value]) == ["list": value])
    }

    @Test("a number JSON cannot hold is refused, as JSONEncoder refuses it; so is a value that encodes nothing")
    func refused() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Float.infinity]) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Nothing()) }
        #expect(throws: (any Error).self) { try JSONWriterTests.foundation(["x": Double.nan]) }
    }
}
