import SQLiteDatabase

/// A column of the store and how its value is read from a `Model`: the one place the column is named.
///
/// Writers make both the SQL's column list and its parameters from the name (the parameter of
/// `title` is `:title`), and bind by that name, so adding a column is adding one entry to a list.
public struct StoredColumn<Model>: Sendable {
    public let name: String
    /// Binds the model's value to the parameter at the given index (found from `parameter`).
    let bind: @Sendable (Model, Statement, Int32) throws -> Void

    public init(name: String, bind: @escaping @Sendable (Model, Statement, Int32) throws -> Void) {
        self.name = name
        self.bind = bind
    }

    /// The column `name` holding the value `value` gives (a key path literal, `\.sessionID`).
    ///
    /// A function rather than a `KeyPath`: a key path literal passed as one is called directly,
    /// where projecting a stored `KeyPath` costs several times more for every row a merge writes.
    public init<Value: DatabaseValueConvertible>(_ name: String, _ value: @escaping @Sendable (Model) -> Value) {
        self.init(name: name) { model, statement, index in try value(model).bind(to: statement, at: index) }
    }

    /// The statement parameter the column's value is bound to.
    public var parameter: String { ":" + name }

    /// Binds the model's value to the parameter at `index`.
    public func bind(_ model: Model, to statement: Statement, at index: Int32) throws {
        try bind(model, statement, index)
    }

    /// The column as one of an enclosing model's, holding NULL when the model is absent
    /// (`signup_url` from a session's optional sign-up).
    func within<Outer>(_ path: KeyPath<Outer, Model?> & Sendable, prefix: String) -> StoredColumn<Outer> {
        let bind = self.bind
        return StoredColumn<Outer>(name: prefix + name) { outer, statement, index in
            if let model = outer[keyPath: path] { try bind(model, statement, index) } else { try statement.bindNull(at: index) }
        }
    }
}

extension StoredColumn where Model: DatabaseValueConvertible {
    /// A column holding the model itself (a keyword in `session_keywords`).
    public static func value(_ name: String) -> StoredColumn {
        StoredColumn(name: name) { model, statement, index in try model.bind(to: statement, at: index) }
    }
}

/// The parameters of some columns in one prepared statement, looked up by name once: binding a row
/// then costs what binding by index does.
public struct ColumnBindings<Model> {
    private let parameters: [(index: Int32, bind: @Sendable (Model, Statement, Int32) throws -> Void)]

    /// Finds each column's parameter, its name followed by `suffix` (`:title_2` for the second row of
    /// a multi-row INSERT); fails when the SQL lacks one.
    public init(_ columns: [StoredColumn<Model>], in statement: Statement, suffix: String = "") throws {
        parameters = try columns.map { (try statement.parameterIndex(named: $0.parameter + suffix), $0.bind) }
    }

    /// Binds the values of `model`.
    public func bind(_ model: Model, to statement: Statement) throws {
        for parameter in parameters {
            try parameter.bind(model, statement, parameter.index)
        }
    }
}
