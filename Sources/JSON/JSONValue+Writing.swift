extension JSONValue {
    /// The value as compact JSON text on one line (keys sorted, no line break, even in strings).
    public var serialized: String { JSONWriter.text(self, layout: .compact) }

    /// The value as `JSONEncoder` pretty-prints it with sorted keys, in ``JSONWriter``'s one escaping.
    public var pretty: String { JSONWriter.text(self, layout: .pretty) }
}
