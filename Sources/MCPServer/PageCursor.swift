import Foundation

/// An opaque cursor for paged lists: a position in a named list, as text the client hands back.
///
/// The client may not make one up: a cursor that is not one this server wrote, or that belongs
/// to another list, is refused (``RPCError/invalidParams(_:)``).
public struct PageCursor: Equatable, Sendable {
    /// Which list it pages (`tools`, `resources`, ...).
    public var list: String
    /// Where the next page starts, as that list counts (an offset, a last key).
    public var position: String

    public init(list: String, position: String) {
        self.list = list
        self.position = position
    }

    /// The text to hand out.
    public var text: String {
        Data((list + "\n" + position).utf8).base64EncodedString()
    }

    /// The cursor `text` stands for, of `list`; nil text is the first page.
    public static func read(_ text: String?, list: String) throws -> PageCursor? {
        guard let text else { return nil }
        guard let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8),
              let newline = decoded.firstIndex(of: "\n"), decoded[..<newline] == list else {
            throw RPCError.invalidParams("Invalid cursor: pass back the nextCursor of the previous page")
        }
        return PageCursor(list: list, position: String(decoded[decoded.index(after: newline)...]))
    }

    /// An offset cursor's offset: 0 for the first page.
    public static func offset(_ text: String?, list: String) throws -> Int {
        guard let cursor = try read(text, list: list) else { return 0 }
        guard let offset = Int(cursor.position), offset >= 0 else {
            throw RPCError.invalidParams("Invalid cursor: pass back the nextCursor of the previous page")
        }
        return offset
    }
}
