import JSON
import MCPServer

/// The first items of a list that fit in a number of bytes (as JSON), and how many were left out.
///
/// A string longer than an item may hold (a title of a hostile feed) is cut, ending in "…", so one
/// item never fills the room alone; at least one item is kept.
struct BoundedList {
    /// The most characters of a string in an item.
    static let stringCharacters = 1_000

    let items: [JSONValue]
    /// How many items did not fit.
    let leftOut: Int

    init(_ all: [JSONValue], bytes: Int) {
        var items: [JSONValue] = [], used = 2
        for item in all {
            let item = Self.cut(item)
            let size = item.serialized.utf8.count + 1
            if !items.isEmpty && used + size > bytes { break }
            items.append(item)
            used += size
        }
        self.items = items
        self.leftOut = all.count - items.count
    }

    /// `value` with every string cut to ``stringCharacters``.
    static func cut(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .string(text) where text.count > stringCharacters: .string(text.prefix(stringCharacters - 1) + "…")
        case let .array(items): .array(items.map(cut))
        case let .object(members): .object(members.mapValues(cut))
        default: value
        }
    }
}
