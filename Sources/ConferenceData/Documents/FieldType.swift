/// What a member of a document holds, as its readers are told: the manual's field lists and the
/// assistant's tools' output schemas are written from it.
public indirect enum FieldType: Sendable {
    case string
    case integer
    case number
    case boolean
    /// A list of values of one type.
    case array(FieldType)
    /// An object with these members.
    case object([FieldDescription])
    /// An object whose members are named by the data (a kind of row, a step), each of one type.
    case map(FieldType)
}

extension FieldType {
    /// The type as `view` shows it: an object's members only those the view shows, nested ones too.
    public func shown(in view: DocumentView) -> FieldType {
        switch self {
        case .string, .integer, .number, .boolean: self
        case let .array(items): .array(items.shown(in: view))
        case let .map(values): .map(values.shown(in: view))
        case let .object(members): .object(members.filter { $0.views.contains(view) }.map { $0.shown(in: view) })
        }
    }
}

extension FieldDescription {
    /// The member as `view` shows it (its nested members too).
    public func shown(in view: DocumentView) -> FieldDescription {
        FieldDescription(name: name, type: type.shown(in: view), nullable: nullable, doc: doc, views: views)
    }
}
