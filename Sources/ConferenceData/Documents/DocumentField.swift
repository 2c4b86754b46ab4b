import Foundation
import JSON

/// A member of a read model's document: what its readers are told of it (``FieldDescription``)
/// and how it is read from the model.
public struct DocumentField<Model>: Sendable {
    public let description: FieldDescription
    /// The member's value for a model, as a context's view shows it.
    let read: @Sendable (Model, DocumentContext) -> JSONValue

    /// A member of `type`, null only when `nullable`, shown by `views` (every view by default),
    /// read by `read`.
    public init(_ name: String, _ type: FieldType, nullable: Bool = false, views: Set<DocumentView> = DocumentView.all, _ doc: String,
                read: @escaping @Sendable (Model, DocumentContext) -> JSONValue) {
        description = FieldDescription(name: name, type: type, nullable: nullable, doc: doc, views: views)
        self.read = read
    }

    /// The field shown by `view` only: a view's field of its own.
    public func only(_ view: DocumentView) -> DocumentField {
        DocumentField(description.name, description.type, nullable: description.nullable, views: [view], description.doc, read: read)
    }
}

// Fields read from one property of the model; a property that may be nil is a nullable field.
// Given as a key path (`\.title`), which becomes a function where it is written: no key path object
// is made at run time (making them was most of what `wwdc mcp` did before it answered).
extension DocumentField {
    public static func string(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> String) -> DocumentField {
        DocumentField(name, .string, doc) { model, _ in .string(path(model)) }
    }

    public static func string(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> String?) -> DocumentField {
        DocumentField(name, .string, nullable: true, doc) { model, _ in JSONValue(path(model)) }
    }

    public static func integer(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Int) -> DocumentField {
        DocumentField(name, .integer, doc) { model, _ in JSONValue(path(model)) }
    }

    public static func integer(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Int?) -> DocumentField {
        DocumentField(name, .integer, nullable: true, doc) { model, _ in JSONValue(path(model)) }
    }

    public static func number(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Double) -> DocumentField {
        DocumentField(name, .number, doc) { model, _ in .double(path(model)) }
    }

    public static func number(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Double?) -> DocumentField {
        DocumentField(name, .number, nullable: true, doc) { model, _ in JSONValue(path(model)) }
    }

    public static func boolean(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Bool) -> DocumentField {
        DocumentField(name, .boolean, doc) { model, _ in .bool(path(model)) }
    }

    public static func strings(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> [String]) -> DocumentField {
        DocumentField(name, .array(.string), doc) { model, _ in .array(path(model).map(JSONValue.string)) }
    }

    /// A moment of this machine's clock (when something was saved), as ISO 8601 in UTC.
    public static func date(_ name: String, _ doc: String, _ path: @escaping @Sendable (Model) -> Date) -> DocumentField {
        DocumentField(name, .string, doc) { model, _ in .string(path(model).formatted(.iso8601)) }
    }

    /// A time of the conference (seconds since 1970, the offset the feed wrote it in), as ISO 8601
    /// with the offset of the context's zone; null when there is none.
    public static func time(_ name: String, _ doc: String, _ time: @escaping @Sendable (Model) -> (seconds: Double?, offset: Int?))
        -> DocumentField {
        DocumentField(name, .string, nullable: true, doc) { model, context in
            let (seconds, offset) = time(model)
            return JSONValue(seconds.map { context.zone.localTime($0, recordedOffset: offset).iso8601 })
        }
    }

    /// The calendar date (`2026-06-08`) of a time of the conference in the context's zone; null
    /// when there is none.
    public static func day(_ name: String, _ doc: String, _ time: @escaping @Sendable (Model) -> (seconds: Double?, offset: Int?))
        -> DocumentField {
        DocumentField(name, .string, nullable: true, doc) { model, context in
            let (seconds, offset) = time(model)
            return JSONValue(seconds.map { context.zone.localTime($0, recordedOffset: offset).date.description })
        }
    }

    /// A nested object, null when the model has none.
    public static func object<Nested>(_ name: String, _ doc: String, _ shape: DocumentShape<Nested>,
                                      _ read: @escaping @Sendable (Model) -> Nested?) -> DocumentField {
        DocumentField(name, shape.type, nullable: true, doc) { model, context in
            read(model).map { shape.json($0, context) } ?? .null
        }
    }

    /// A list of nested objects.
    public static func list<Nested>(_ name: String, _ doc: String, _ shape: DocumentShape<Nested>,
                                    _ read: @escaping @Sendable (Model) -> [Nested]) -> DocumentField {
        DocumentField(name, .array(shape.type), doc) { model, context in
            .array(read(model).map { shape.json($0, context) })
        }
    }
}
