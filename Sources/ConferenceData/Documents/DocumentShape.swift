import JSON

/// A read model's document, defined once: its fields (name, type, whether it may be null, a line
/// of doc, how it is read), from which a command's `--json`, an assistant's structured result and
/// its output schema, and the manual's field lists all follow.
///
/// Every field a view shows is always there, null when unknown: a script may rely on each name.
public struct DocumentShape<Model>: Sendable {
    public let fields: [DocumentField<Model>]

    /// The fields of `parts`, in their order.
    public init(_ parts: [DocumentField<Model>]...) {
        fields = parts.flatMap { $0 }
    }

    /// The document of `model` as `context`'s view shows it.
    public func json(_ model: Model, _ context: DocumentContext) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for field in fields where field.description.views.contains(context.view) {
            members[field.description.name] = field.read(model, context)
        }
        return .object(members)
    }

    /// The documents of `models`, as a list.
    public func json(_ models: [Model], _ context: DocumentContext) -> JSONValue {
        .array(models.map { json($0, context) })
    }

    /// What its readers are told: an object of its fields.
    public var type: FieldType {
        .object(fields.map(\.description))
    }

    /// The shape with `more` fields after its own.
    public func adding(_ more: [DocumentField<Model>]) -> DocumentShape {
        DocumentShape(fields, more)
    }

    /// The shape without the fields `names` names.
    public func removing(_ names: Set<String>) -> DocumentShape {
        DocumentShape(fields.filter { !names.contains($0.description.name) })
    }
}
