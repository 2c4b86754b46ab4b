import JSON

/// JSON for `--json`: pretty-printed as `JSONEncoder` lays it out, keys sorted, dates in ISO 8601,
/// strings in the one escaping every JSON wwdc writes shares (``JSONWriter``), so the output is stable.
public enum JSONOutput {
    /// `value` (a ``JSONValue`` as it is, any other value as ``JSONValueEncoder`` builds it) as `--json` prints it.
    public static func encode(_ value: some Encodable) throws -> String {
        try JSONValue(encoding: value).pretty
    }
}
