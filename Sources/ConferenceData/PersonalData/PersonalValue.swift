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
    /// The names of the members the value is read from: only they are read, others passed over.
    static var memberNames: [String] { get }
    /// The value the members hold; nil when one it needs is missing or of another type.
    init?(members object: PersonalMembers)
}

extension PersonalValue {
    /// The value's JSON text.
    var json: String {
        // Finite numbers and strings only: encoding cannot fail.
        (try? JSONValueEncoder().encode(self)).map { JSONWriter.text($0, layout: .compact) } ?? "{}"
    }

    /// The value in `text`; nil when it holds none. Every codec reads its values here.
    ///
    /// A merge reads one for each line of every journal: the members it needs are read straight off
    /// the scanner, no tree of the whole object built. Of a repeated member the first counts, as it
    /// did for every earlier wwdc (Foundation's `JSONDecoder` read such a value): machines must
    /// agree on what one change sets.
    static func decode(_ text: String) -> Self? {
        var text = text
        let members = text.withUTF8 { bytes -> PersonalMembers? in
            // A value's members are flat but for a later wwdc's; its size a journal line's limit bounds.
            var scanner = JSONScanner.document(bytes, maximumDepth: 16)
            guard scanner.peekKind() == .object else { return nil }
            let names = memberNames
            var values = [JSONValue?](repeating: nil, count: names.count)
            do {
                try scanner.readObject { scanner, key in
                    if let index = names.firstIndex(where: { Self.name($0, is: key) }), values[index] == nil {
                        values[index] = try scanner.readValue()
                    } else {
                        try scanner.skipValue()
                    }
                }
                try scanner.expectEnd()
            } catch {
                return nil
            }
            return scanner.loneSurrogates == 0 ? PersonalMembers(names: names, values: values) : nil
        }
        return members.flatMap(Self.init(members:))
    }

    /// Whether `name` is spelled by `key`'s bytes (compared as bytes: once per member of every value a merge reads).
    private static func name(_ name: String, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        name.utf8.count == key.count && name.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(key) } ?? name.utf8.elementsEqual(key)
    }
}

/// The members of a value's object that its kind reads, by name.
struct PersonalMembers {
    let names: [String]
    let values: [JSONValue?]

    /// The member `key`; nil when it is missing (or not one the kind reads).
    subscript(key: String) -> JSONValue? {
        names.firstIndex(of: key).flatMap { values[$0] }
    }

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
