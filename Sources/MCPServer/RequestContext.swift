import Operations

/// What a tool or a resource read knows of the request it answers: whether the client has
/// cancelled it (work that takes long looks between steps, and stops).
public struct RequestContext: Sendable {
    private let operation: AdvancedOperation?

    init(operation: AdvancedOperation?) {
        self.operation = operation
    }

    /// A context of no request, never cancelled (for tests and direct calls).
    public static let detached = RequestContext(operation: nil)

    /// Whether the client has cancelled the request.
    public var isCancelled: Bool { operation?.isCancelled ?? false }

    /// Throws `CancellationError` once the client has cancelled the request: its answer is then never sent.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }
}
