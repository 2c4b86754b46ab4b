import JSON

/// A tool's arguments, checked against its input schema, read by name.
public struct ToolArguments: Sendable {
    public let values: [String: JSONValue]

    public init(_ values: [String: JSONValue]) {
        self.values = values
    }

    /// Why the arguments do not fit `schema` (a name it does not have, a value of another type or
    /// outside its range or its choices, a required one missing), or nil when they do.
    public func problem(against schema: JSONValue) -> String? {
        let properties = schema["properties"]?.objectValue ?? [:]
        for name in values.keys.sorted() where properties[name] == nil {
            let known = properties.keys.sorted()
            return "unknown argument '\(name)'" + (known.isEmpty ? ": this tool takes none" : "; it takes: " + known.joined(separator: ", "))
        }
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where values[name] == nil {
            return "missing argument '\(name)'"
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let property = properties[name] else { continue }
            if let problem = Self.problem(value, property, name: name) { return problem }
        }
        return nil
    }

    private static func problem(_ value: JSONValue, _ property: JSONValue, name: String) -> String? {
        guard let type = property["type"]?.stringValue else { return nil }
        let fits = switch type {
        case "integer": value.intValue != nil
        case "number": value.numberValue != nil
        default: value.typeName == type
        }
        guard fits else { return "'\(name)' must be \(article(type)) \(type), not \(article(value.typeName)) \(value.typeName)" }
        if let number = value.numberValue {
            let minimum = property["minimum"]?.numberValue, maximum = property["maximum"]?.numberValue
            if minimum.map({ number < $0 }) ?? false || maximum.map({ number > $0 }) ?? false {
                let range = [minimum.map { "at least \(JSONValue.double($0).serialized)" }, maximum.map { "at most \(JSONValue.double($0).serialized)" }]
                return "'\(name)' must be " + range.compactMap { $0 }.joined(separator: " and ")
            }
        }
        if let text = value.stringValue {
            if let choices = property["enum"]?.arrayValue?.compactMap(\.stringValue), !choices.contains(text) {
                return "'\(name)' must be one of: " + choices.joined(separator: ", ")
            }
            if let minimum = property["minLength"]?.intValue, text.count < minimum {
                return "'\(name)' must not be empty"
            }
        }
        if let items = value.arrayValue, let itemSchema = property["items"] {
            for item in items {
                if let problem = problem(item, itemSchema, name: name + "[]") { return problem }
            }
        }
        return nil
    }

    private static func article(_ type: String) -> String {
        type.first.map { "aeiou".contains($0) } ?? false ? "an" : "a"
    }

    public func string(_ name: String) -> String? { values[name]?.stringValue }
    public func int(_ name: String) -> Int? { values[name]?.intValue }
    public func number(_ name: String) -> Double? { values[name]?.numberValue }
    public func bool(_ name: String) -> Bool? {
        if case let .bool(value) = values[name] { return value }
        return nil
    }
    /// A list of strings (a single string counts as a list of one).
    public func strings(_ name: String) -> [String] {
        if let text = values[name]?.stringValue { return [text] }
        return values[name]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
