import ConferenceModel
import Foundation

/// The value of a change of one kind of personal data: the JSON object every machine writes and
/// reads (a progress's position, duration and watched mark, a note's text, …).
///
/// Written compact, keys sorted, slashes unescaped, as every wwdc has written it, so the bytes in
/// a store and in a sync folder's journals are what other machines expect. Read directly when it
/// is a flat object holding the value's members, each once and of its type (as wwdc writes every
/// value), else by `JSONDecoder`, which decides.
protocol PersonalValue: Codable {
    /// The value read from a flat object; nil when the object is not one it reads exactly as
    /// `JSONDecoder` would (the caller then asks `JSONDecoder`).
    init?(flat object: FlatJSONObject)
}

extension PersonalValue {
    /// The value's JSON text.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Finite numbers and strings only: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The value in `text`; nil when it holds none. Every codec reads its values here.
    static func decode(_ text: String) -> Self? {
        if let object = FlatJSONObject(text), !object.hasRepeatedKey, let decoded = Self(flat: object) { return decoded }
        return try? JSONDecoder().decode(Self.self, from: Data(text.utf8))
    }
}

extension FlatJSONObject {
    /// `.some(nil)` for a member that is missing or null, `.some(number)` for a number; nil for another type.
    func optionalDouble(_ key: String) -> Double?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case .number(let number, _)?: return .some(number)
        default: return nil
        }
    }

    /// `.some(nil)` for a member that is missing or null, `.some(integer)` for an integer; nil for anything else.
    func optionalInteger(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case .number(let number, isInteger: true)?: return .some(Int(number))
        default: return nil
        }
    }
}
