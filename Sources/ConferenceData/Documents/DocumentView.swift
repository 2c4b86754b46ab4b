/// Who reads a document: each view shows the fields every view shares (the documented `--json`
/// names, the contract) and the fields of its own.
public enum DocumentView: Sendable, Hashable, CaseIterable {
    /// A command's JSON, for scripts.
    case commandLine
    /// An assistant's tool result (its structured content and output schema).
    case assistant

    /// Every view: a field they all show.
    public static let all = Set(allCases)
}
