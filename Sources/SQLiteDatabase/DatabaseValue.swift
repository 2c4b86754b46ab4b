import Foundation

/// One SQLite value, as stored: the five storage classes.
public enum DatabaseValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    /// Text as raw bytes: SQLite does not require them to be valid UTF-8, and neither does this case.
    case text([UInt8])
    case blob([UInt8])

    /// Text from a Swift string.
    public static func text(_ string: String) -> DatabaseValue { .text(Array(string.utf8)) }

    /// The value as a Swift string when it is text (invalid UTF-8 repaired), else nil.
    public var string: String? {
        if case .text(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }
}

/// A Swift value that can be bound to a statement parameter.
///
/// Its type is a `SendableMetatype` so that the `@Sendable` binding closures of `StoredColumn` can bind it.
public protocol DatabaseValueConvertible: SendableMetatype {
    /// Binds the value to the parameter at `index` (1-based).
    func bind(to statement: Statement, at index: Int32) throws
    /// The value as SQLite stores it (what `SQL` keeps of an argument).
    var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }

    public func bind(to statement: Statement, at index: Int32) throws {
        switch self {
        case .null: try statement.bindNull(at: index)
        case .integer(let value): try statement.bind(value, at: index)
        case .real(let value): try statement.bind(value, at: index)
        case .text(let bytes): try statement.bindText(bytes: bytes, at: index)
        case .blob(let bytes): try statement.bindBlob(bytes, at: index)
        }
    }
}

extension Int: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(Int64(self), at: index) }
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    public var databaseValue: DatabaseValue { .integer(self) }
}

extension Int32: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(Int64(self), at: index) }
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Double: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    public var databaseValue: DatabaseValue { .real(self) }
}

extension Bool: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self ? 1 as Int64 : 0, at: index) }
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension String: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
    public var databaseValue: DatabaseValue { .text(self) }
}

extension Data: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws { try statement.bindBlob([UInt8](self), at: index) }
    public var databaseValue: DatabaseValue { .blob([UInt8](self)) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public func bind(to statement: Statement, at index: Int32) throws {
        switch self {
        case .none: try statement.bindNull(at: index)
        case .some(let value): try value.bind(to: statement, at: index)
        }
    }

    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
