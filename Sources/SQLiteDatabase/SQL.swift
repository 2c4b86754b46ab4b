/// SQL text and the values it binds, kept together: a fragment is written as a string literal
/// whose interpolated values become parameters (`"s.event_id = \(id)"` is `s.event_id = ?` binding
/// `id`), and fragments join into a statement with their arguments in the order of their `?`s. So
/// no argument list is built apart from its text, and every value stays bound.
///
/// Only values are interpolated as parameters; text is interpolated only as another fragment (a
/// `String` interpolated is a value, bound, never SQL).
public struct SQL: Sendable, ExpressibleByStringInterpolation {
    /// The text, a `?` for each argument.
    public private(set) var text: String
    /// The values of the text's parameters, in order.
    public private(set) var arguments: [DatabaseValue]

    /// SQL without arguments.
    public init(stringLiteral text: String) {
        self.text = text
        arguments = []
    }

    public init(stringInterpolation: Interpolation) {
        self = stringInterpolation.sql
    }

    /// Builds a fragment from literal text and interpolated values and fragments.
    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var sql = SQL(stringLiteral: "")

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.text.reserveCapacity(literalCapacity + interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql.text += literal
        }

        /// A value, bound as a parameter: `?`.
        public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            sql.text += "?"
            sql.arguments.append(value.databaseValue)
        }

        /// Values, each bound as a parameter, separated by commas (`?, ?, ?`): the inside of `IN (…)`.
        public mutating func appendInterpolation<Values: Sequence>(list values: Values) where Values.Element: DatabaseValueConvertible {
            var first = true
            for value in values {
                sql.text += first ? "?" : ", ?"
                sql.arguments.append(value.databaseValue)
                first = false
            }
        }

        /// Another fragment: its text, and its arguments in their place.
        public mutating func appendInterpolation(_ fragment: SQL) {
            sql += fragment
        }
    }

    /// The text with every argument written in as an SQL literal, for the `sqlite3` shell
    /// (benchmarks): the program itself always binds them.
    public var literalText: String {
        var result = ""
        var remaining = arguments[...]
        for character in text {
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

    /// The two fragments one after the other.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result += rhs
        return result
    }

    /// Appends a fragment, its arguments after the receiver's.
    public static func += (lhs: inout SQL, rhs: SQL) {
        lhs.text += rhs.text
        lhs.arguments += rhs.arguments
    }
}

extension Sequence<SQL> {
    /// The fragments one after the other, `separator` between each two.
    public func joined(separator: SQL) -> SQL {
        var result: SQL = ""
        for (offset, fragment) in enumerated() {
            if offset > 0 { result += separator }
            result += fragment
        }
        return result
    }
}

// The functions taking `SQL` say `literal:`, so that an interpolated string passed to the ones
// taking text (a table's name written in) never becomes an argument, nor an interpolated value text.
extension Database {
    /// Maps every row of a query run through the statement cache.
    public func fetchAll<T>(literal sql: SQL, _ row: (Statement) throws -> T) throws -> [T] {
        try fetchAll(sql.text, sql.arguments, row)
    }

    /// Maps the first row of a query run through the statement cache.
    public func fetchOne<T>(literal sql: SQL, _ row: (Statement) throws -> T) throws -> T? {
        try fetchOne(sql.text, sql.arguments, row)
    }
}
