import JSON

/// A tool the server offers: its name, what it does, the JSON Schema of its input, and the work.
public struct Tool: Sendable {
    public typealias Handler = @Sendable (ToolArguments, RequestContext) throws -> ToolResult

    public var name: String
    public var title: String
    /// What the tool does, written for the assistant that chooses it.
    public var description: String
    /// A JSON Schema object: `properties` (each with a `type`), `required`; the arguments are
    /// checked against it before the handler runs (see ``ToolArguments/check(against:)``).
    public var inputSchema: JSONValue
    /// A JSON Schema of the `structuredContent` of its successful results, or nil when it has none.
    /// A tool that declares one gives structured content that validates against it in every
    /// result not marked `isError` (clients check it).
    public var outputSchema: JSONValue?
    /// Whether it only reads (the `readOnlyHint` annotation).
    public var readOnly: Bool
    public var handler: Handler

    public init(name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue? = nil,
                readOnly: Bool = true, handler: @escaping Handler) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.readOnly = readOnly
        self.handler = handler
    }

    /// An input schema of `properties`, `required` of them needed, no others allowed.
    public static func schema(_ properties: [String: JSONValue] = [:], required: [String] = []) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object(schema)
    }

    var listing: JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": inputSchema,
            "annotations": ["readOnlyHint": .bool(readOnly), "destructiveHint": false, "openWorldHint": false],
        ]
        if let outputSchema { members["outputSchema"] = outputSchema }
        return .object(members)
    }
}

/// What a tool answers: text for the assistant, the same as a JSON object when there is one, and
/// whether the tool failed (in words the assistant can act on).
public struct ToolResult: Sendable {
    public var text: String
    public var structured: JSONValue?
    public var isError: Bool

    public init(text: String, structured: JSONValue? = nil, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    /// A result whose text is `value` as JSON.
    public static func json(_ value: JSONValue) -> ToolResult {
        ToolResult(text: value.serialized, structured: value.objectValue == nil ? nil : value)
    }

    /// A failure, in words.
    public static func error(_ message: String) -> ToolResult {
        ToolResult(text: message, isError: true)
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["content": [["type": "text", "text": .string(text)]], "isError": .bool(isError)]
        if let structured { members["structuredContent"] = structured }
        return .object(members)
    }
}
