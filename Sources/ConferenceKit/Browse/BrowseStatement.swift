import Foundation

/// A query built from a browsing request: SQL with its arguments, in order.
public struct BrowseStatement: Sendable {
    public var sql: String
    public var arguments: [DatabaseValue]

    /// The SQL with every argument written in as a literal, for the `sqlite3` shell (benchmarks):
    /// the program itself always binds them.
    public var literalSQL: String {
        var result = ""
        var remaining = arguments[...]
        for character in sql {
            if character == "?", let value = remaining.popFirst() {
                result += Self.literal(value)
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text: "'" + (value.string ?? "").replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): "X'" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + "'"
        }
    }
}
