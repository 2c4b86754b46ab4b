import JSON
import SQLiteDatabase

/// How the items of one kind (a content item, an event, a chapter) are read from a feed: one entry
/// per JSON key, each saying how the value is read, where it goes in the model and, for a stored
/// value, which columns of the store hold it. The one definition of a field: the decoder and the
/// store's writers are both driven by it.
public struct FieldTable<Model>: Sendable {
    let fields: [FeedField<Model>]
    /// Fills in defaults once the item is read (an event's name from its id, say).
    let finish: @Sendable (inout Model) -> Void
    /// Reads a key the table does not list (an unknown media kind); nil skips it.
    let other: (@Sendable (String, inout JSONScanner, inout Model) throws -> Void)?
    /// Columns the store makes from several fields, or from part of one (an event's UTC offset).
    let derived: [StoredColumn<Model>]
    /// Field indices by key length, then key bytes: a lookup without making a `String` per key.
    private let byLength: [[(key: [UInt8], field: Int)]]

    init(_ fields: [FeedField<Model>], derived: [StoredColumn<Model>] = [],
         other: (@Sendable (String, inout JSONScanner, inout Model) throws -> Void)? = nil,
         finish: @escaping @Sendable (inout Model) -> Void = { _ in }) {
        self.fields = fields
        self.derived = derived
        self.finish = finish
        self.other = other
        var byLength: [[(key: [UInt8], field: Int)]] = Array(repeating: [], count: (fields.map(\.key.utf8.count).max() ?? 0) + 1)
        for (index, field) in fields.enumerated() {
            byLength[field.key.utf8.count].append((Array(field.key.utf8), index))
        }
        self.byLength = byLength
    }

    func field(for key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.count < byLength.count else { return nil }
        for candidate in byLength[key.count] where candidate.key.elementsEqual(key) { return candidate.field }
        return nil
    }

    /// The store's columns: those the fields name, in table order, then the derived ones.
    public var columns: [StoredColumn<Model>] { fields.flatMap(\.columns) + derived }

    /// Reads one object into `model`, reporting unusable values to `problems` (prefixed by `path`).
    ///
    /// Returns the reason the item cannot be used (a required field missing or unusable), or nil.
    func read(_ scanner: inout JSONScanner, into model: inout Model, problems: inout FieldProblems) throws -> FieldProblems.Problem? {
        var present = Array(repeating: false, count: fields.count)
        let firstProblem = problems.list.count
        try scanner.readObject { scanner, key in
            guard let index = field(for: key) else {
                if let other {
                    try other(String(decoding: key, as: UTF8.self), &scanner, &model)
                } else {
                    try scanner.skipValue()
                }
                return
            }
            present[index] = try fields[index].read(&scanner, &model, &problems)
        }
        for (index, field) in fields.enumerated() where field.isRequired && !present[index] {
            if field.alternatives.contains(where: { alternative in fields.indices.contains { fields[$0].key == alternative && present[$0] } }) {
                continue
            }
            let path = problems.path(field.key)
            let recorded = problems.list[firstProblem...].last { $0.field == path }
            problems.list.removeSubrange(firstProblem...)
            return recorded ?? FieldProblems.Problem(field: path, reason: "required field \"\(field.key)\" is missing")
        }
        finish(&model)
        return nil
    }

    /// Reads an item that should be an object. The model holds what could be read (its id, say,
    /// for the report) even when the item cannot be used; `failure` then says why.
    func readItem(_ scanner: inout JSONScanner, empty: Model, problems: inout FieldProblems) throws -> (model: Model, failure: FieldProblems.Problem?) {
        guard scanner.peekKind() == .object else {
            let found: LenientValue<Never> = try scanner.mismatch()
            let what: String
            if case .mismatch(let found) = found { what = found } else { what = "another value" }
            let field = problems.prefix.hasSuffix(".") ? String(problems.prefix.dropLast()) : problems.prefix
            return (empty, FieldProblems.Problem(field: field, reason: "expected an object, found \(what)"))
        }
        var model = empty
        let failure = try read(&scanner, into: &model, problems: &problems)
        return (model, failure)
    }
}

/// What was wrong with the values of one item, by field path (`media.duration`, `keywords[2]`).
struct FieldProblems {
    struct Problem: Hashable, Sendable {
        var field: String
        var reason: String
    }

    var list: [Problem] = []
    /// The path of the object being read (`media.`), prepended to the fields it reports.
    private(set) var prefix = ""

    func path(_ key: String) -> String { prefix + key }

    mutating func record(_ key: String, _ reason: String) {
        list.append(Problem(field: prefix + key, reason: reason))
    }

    /// Reads within a nested object or list element.
    mutating func within<T>(_ key: String, _ body: (inout FieldProblems) throws -> T) rethrows -> T {
        let saved = prefix
        prefix += key
        defer { prefix = saved }
        return try body(&self)
    }
}

/// One key of a feed item: how its value is read and where it goes.
struct FeedField<Model>: Sendable {
    let key: String
    let isRequired: Bool
    /// Other keys that satisfy a required field (a topic's `name` for its `title`).
    var alternatives: [String] = []
    /// The store's columns holding the value: none, one, or those of a nested object.
    let columns: [StoredColumn<Model>]
    /// Reads the value into the model; true when a usable value was set.
    let read: @Sendable (inout JSONScanner, inout Model, inout FieldProblems) throws -> Bool

    init(key: String, isRequired: Bool = false, alternatives: [String] = [], columns: [StoredColumn<Model>] = [],
         read: @escaping @Sendable (inout JSONScanner, inout Model, inout FieldProblems) throws -> Bool) {
        self.key = key
        self.isRequired = isRequired
        self.alternatives = alternatives
        self.columns = columns
        self.read = read
    }

    /// The column `name` holding the value at `path` as it is; none without a name.
    private static func column<Value: DatabaseValueConvertible>(_ name: String?, _ path: KeyPath<Model, Value> & Sendable) -> [StoredColumn<Model>] {
        name.map { name in [StoredColumn(name) { $0[keyPath: path] }] } ?? []
    }

    /// Applies a lenient reading: sets the value, ignores unknown, records a mismatch.
    private static func apply<Value>(_ key: String, _ expected: String, _ outcome: LenientValue<Value>,
                                     _ problems: inout FieldProblems, _ set: (Value) -> Void) -> Bool {
        switch outcome {
        case .value(let value):
            set(value)
            return true
        case .unknown:
            return false
        case .mismatch(let found):
            problems.record(key, "expected \(expected), found \(found)")
            return false
        }
    }
}

// MARK: Scalars

extension FeedField {
    /// Text that must be there.
    static func requiredText(_ key: String, _ path: WritableKeyPath<Model, String> & Sendable, alternatives: [String] = [],
                             column: String? = nil) -> FeedField {
        text(key, path, required: true, alternatives: alternatives, column: column)
    }

    /// An id people type as an argument (a session's, an event's, a news item's): text that must be
    /// there, and an ``ItemID``.
    static func identifier(_ key: String, _ path: WritableKeyPath<Model, String> & Sendable, column: String? = nil) -> FeedField {
        FeedField(key: key, isRequired: true, columns: Self.column(column, path)) { scanner, model, problems in
            var outcome = try scanner.readText()
            if case .value(let text) = outcome, let problem = ItemID.problem(text) {
                outcome = .mismatch(found: problem)
            }
            return apply(key, "an id", outcome, &problems) { model[keyPath: path] = $0 }
        }
    }

    static func text(_ key: String, _ path: WritableKeyPath<Model, String?> & Sendable, column: String? = nil) -> FeedField {
        FeedField(key: key, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "text", try scanner.readText(), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// Text with a default (`""` for a description).
    static func text(_ key: String, _ path: WritableKeyPath<Model, String> & Sendable, required: Bool = false,
                     alternatives: [String] = [], column: String? = nil) -> FeedField {
        FeedField(key: key, isRequired: required, alternatives: alternatives, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "text", try scanner.readText(), &problems) { model[keyPath: path] = $0 }
        }
    }

    static func requiredInteger(_ key: String, _ path: WritableKeyPath<Model, Int> & Sendable) -> FeedField {
        FeedField(key: key, isRequired: true) { scanner, model, problems in
            apply(key, "a whole number", try scanner.readInteger(), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// A whole number that must be there, in `range` (out of it, a value of the wrong kind).
    static func requiredInteger(_ key: String, _ path: WritableKeyPath<Model, Int> & Sendable, in range: ClosedRange<Int>,
                                column: String? = nil) -> FeedField {
        FeedField(key: key, isRequired: true, columns: Self.column(column, path)) { scanner, model, problems in
            var outcome = try scanner.readInteger()
            if case .value(let number) = outcome, !range.contains(number) {
                outcome = .mismatch(found: JSONScanner.outOfRange(Double(number), Double(range.lowerBound)...Double(range.upperBound)))
            }
            return apply(key, "a whole number", outcome, &problems) { model[keyPath: path] = $0 }
        }
    }

    static func integer(_ key: String, _ path: WritableKeyPath<Model, Int?> & Sendable, column: String? = nil) -> FeedField {
        FeedField(key: key, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "a whole number", try scanner.readInteger(), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// A number in `range` (out of it, a value of the wrong kind).
    static func number(_ key: String, _ path: WritableKeyPath<Model, Double?> & Sendable, in range: ClosedRange<Double> = FeedRange.number,
                       column: String? = nil) -> FeedField {
        FeedField(key: key, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "a number", try scanner.readNumber(in: range), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// A number in `range` with a default (a chapter's start).
    static func number(_ key: String, _ path: WritableKeyPath<Model, Double> & Sendable, in range: ClosedRange<Double> = FeedRange.number,
                       required: Bool = false, column: String? = nil) -> FeedField {
        FeedField(key: key, isRequired: required, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "a number", try scanner.readNumber(in: range), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// A date, stored as seconds since 1970.
    static func date(_ key: String, _ path: WritableKeyPath<Model, FeedDate?> & Sendable, column: String? = nil) -> FeedField {
        let columns = column.map { name in
            [StoredColumn<Model>(name: name) { model, statement, index in try statement.bind(model[keyPath: path]?.secondsSince1970, at: index) }]
        } ?? []
        return FeedField(key: key, columns: columns) { scanner, model, problems in
            apply(key, "a date", try scanner.readDate(), &problems) { model[keyPath: path] = $0 }
        }
    }

    /// True or false, stored as 1 or 0.
    static func flag(_ key: String, _ path: WritableKeyPath<Model, Bool> & Sendable, column: String? = nil) -> FeedField {
        FeedField(key: key, columns: Self.column(column, path)) { scanner, model, problems in
            apply(key, "true or false", try scanner.readFlag(), &problems) { model[keyPath: path] = $0 }
        }
    }
}

// MARK: Lists and objects

extension FeedField {
    /// A list of text; elements that are not text are dropped (and reported).
    static func textList(_ key: String, _ path: WritableKeyPath<Model, [String]> & Sendable) -> FeedField {
        list(key, path, expected: "text") { try $0.readText() }
    }

    /// A list of whole numbers; elements that are not are dropped (and reported).
    static func integerList(_ key: String, _ path: WritableKeyPath<Model, [Int]> & Sendable) -> FeedField {
        list(key, path, expected: "a whole number") { try $0.readInteger() }
    }

    private static func list<Element>(_ key: String, _ path: WritableKeyPath<Model, [Element]> & Sendable, expected: String,
                                      element: @escaping @Sendable (inout JSONScanner) throws -> LenientValue<Element>) -> FeedField {
        FeedField(key: key) { scanner, model, problems in
            guard try expect(listShape(&scanner), key, "a list", &problems) else { return false }
            var values: [Element] = []
            var position = 0
            try scanner.readArray { scanner in
                switch try element(&scanner) {
                case .value(let value): values.append(value)
                case .unknown: break
                case .mismatch(let found): problems.record("\(key)[\(position)]", "expected \(expected), found \(found)")
                }
                position += 1
            }
            model[keyPath: path] = values
            return true
        }
    }

    /// A nested object read with its own table; `{}` and the unknown shapes leave it nil.
    ///
    /// With `columnPrefix`, the item's own table holds the object's columns, their names prefixed
    /// (`signup_url`), NULL when the object is absent.
    static func object<Child: Equatable & Sendable>(_ key: String, _ path: WritableKeyPath<Model, Child?> & Sendable,
                                                    _ table: FieldTable<Child>, empty: Child, columnPrefix: String? = nil) -> FeedField {
        let columns = columnPrefix.map { prefix in table.columns.map { $0.within(path, prefix: prefix) } } ?? []
        return FeedField(key: key, columns: columns) { scanner, model, problems in
            guard try expect(objectShape(&scanner), key, "an object", &problems) else { return false }
            var child = empty
            let failure = try problems.within(key + ".") { try table.read(&scanner, into: &child, problems: &$0) }
            if let failure {
                problems.list.append(FieldProblems.Problem(field: failure.field, reason: failure.reason + " (ignored)"))
                return false
            }
            guard child != empty else { return false }
            model[keyPath: path] = child
            return true
        }
    }

    /// A nested object whose fields belong to the item itself (`related.activities`).
    static func nested(_ key: String, _ table: FieldTable<Model>) -> FeedField {
        FeedField(key: key) { scanner, model, problems in
            guard try expect(objectShape(&scanner), key, "an object", &problems) else { return false }
            _ = try problems.within(key + ".") { try table.read(&scanner, into: &model, problems: &$0) }
            return true
        }
    }

    /// A list of objects read with their own table; an element that cannot be used is dropped (and reported).
    static func objectList<Child: Sendable>(_ key: String, _ path: WritableKeyPath<Model, [Child]> & Sendable,
                                            _ table: FieldTable<Child>, empty: Child) -> FeedField {
        FeedField(key: key) { scanner, model, problems in
            guard try expect(listShape(&scanner), key, "a list", &problems) else { return false }
            var children: [Child] = []
            var position = 0
            try scanner.readArray { scanner in
                let result = try problems.within("\(key)[\(position)].") { try table.readItem(&scanner, empty: empty, problems: &$0) }
                if let failure = result.failure {
                    problems.list.append(FieldProblems.Problem(field: failure.field, reason: failure.reason + " (dropped)"))
                } else {
                    children.append(result.model)
                }
                position += 1
            }
            model[keyPath: path] = children
            return true
        }
    }

    /// An object whose values are text, kept by key (`images.shelf`); other values are dropped.
    static func textDictionary(_ key: String, _ path: WritableKeyPath<Model, [String: String]> & Sendable) -> FeedField {
        dictionary(key, path, expected: "text") { try $0.readText() }
    }

    static func dictionary<Value>(_ key: String, _ path: WritableKeyPath<Model, [String: Value]> & Sendable, expected: String,
                                  value: @escaping @Sendable (inout JSONScanner) throws -> LenientValue<Value>) -> FeedField {
        FeedField(key: key) { scanner, model, problems in
            guard try expect(objectShape(&scanner), key, "an object", &problems) else { return false }
            var values: [String: Value] = [:]
            try scanner.readObject { scanner, name in
                let name = String(decoding: name, as: UTF8.self)
                switch try value(&scanner) {
                case .value(let value): values[name] = value
                case .unknown: break
                case .mismatch(let found): problems.record("\(key).\(name)", "expected \(expected), found \(found)")
                }
            }
            model[keyPath: path] = values
            return true
        }
    }

    /// True when the value has the shape; false when it is unknown or a mismatch (then recorded and skipped).
    private static func expect(_ shape: LenientValue<Void>, _ key: String, _ expected: String, _ problems: inout FieldProblems) -> Bool {
        switch shape {
        case .value: return true
        case .unknown: return false
        case .mismatch(let found):
            problems.record(key, "expected \(expected), found \(found)")
            return false
        }
    }

    /// Whether the next value is a list; `null` and `""` are unknown, other shapes a mismatch (skipped).
    static func listShape(_ scanner: inout JSONScanner) throws -> LenientValue<Void> {
        switch scanner.peekKind() {
        case .array?: return .value(())
        case .null?: try scanner.skipValue(); return .unknown
        case .string?: return try scanner.readString().isEmpty ? .unknown : .mismatch(found: "text")
        default: return try scanner.mismatch()
        }
    }

    /// Whether the next value is an object; `null`, `""` and `[]` are unknown, other shapes a mismatch.
    static func objectShape(_ scanner: inout JSONScanner) throws -> LenientValue<Void> {
        switch scanner.peekKind() {
        case .object?: return .value(())
        case .null?: try scanner.skipValue(); return .unknown
        case .string?: return try scanner.readString().isEmpty ? .unknown : .mismatch(found: "text")
        case .array?:
            var empty = true
            try scanner.readArray { scanner in empty = false; try scanner.skipValue() }
            return empty ? .unknown : .mismatch(found: "a list")
        default: return try scanner.mismatch()
        }
    }
}
