/// An optional that `--json` always writes: `null` when absent, never a missing key, so scripts can
/// rely on every field name (Codable would otherwise leave nil fields out).
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension Nullable: Sendable where Value: Sendable {}
