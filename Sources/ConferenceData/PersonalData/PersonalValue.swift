import ConferenceModel
import Foundation
import JSON

/// The value of a change of one kind of personal data: the JSON object every machine writes and
/// reads (a progress's position, duration and watched mark, a note's text, …).
///
/// Written compact, keys sorted, by JSON's one writer, and read on its scanner, members of other
/// names passed over (a later wwdc's). Every wwdc reads what this writes: the escaping differs from
/// an earlier wwdc's only where JSON lets it.
protocol PersonalValue: Encodable {
    /// The value an object's members hold; nil when one it needs is missing or of another type.
    init?(members object: [String: JSONValue])
}

extension PersonalValue {
    /// The value's JSON text.
    var json: String {
        // Finite numbers and strings only: encoding cannot fail.
        (try? JSONValueEncoder().encode(self)).map { JSONWriter.text($0, layout: .compact) } ?? "{}"
    }

    /// The value in `text`; nil when it holds none. Every codec reads its values here.
    static func decode(_ text: String) -> Self? {
        members(text).flatMap(Self.init(members:))
    }

    /// The members of the object `text` holds; nil when it holds none.
    ///
    /// Of a repeated member the first counts, as it did for every earlier wwdc (Foundation's
    /// `JSONDecoder` read such a value): machines must agree on what one change sets.
    private static func members(_ text: String) -> [String: JSONValue]? {
        var text = text
        return text.withUTF8 { bytes -> [String: JSONValue]? in
            // A value's members are flat but for a later wwdc's; its size a journal line's limit bounds.
            var scanner = JSONScanner.document(bytes, maximumDepth: 16)
            guard scanner.peekKind() == .object else { return nil }
            var members: [String: JSONValue] = [:]
            do {
                try scanner.readObject { scanner, key in
                    let value = try scanner.readValue()
                    let name = String(decoding: key, as: UTF8.self)
                    if members[name] == nil { members[name] = value }
                }
                try scanner.expectEnd()
            } catch {
                return nil
            }
            return scanner.loneSurrogates == 0 ? members : nil
        }
    }
}

extension [String: JSONValue] {
    /// `.some(nil)` for a member that is missing or null, `.some(number)` for a number; nil for another type.
    func optionalNumber(_ key: String) -> Double?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case let value?: return value.numberValue.map(Optional.some)
        }
    }

    /// `.some(nil)` for a member that is missing or null, `.some(integer)` for a whole number; nil for anything else.
    func optionalInteger(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: return .some(nil)
        case let value?: return value.intValue.map(Optional.some)
        }
    }
}
