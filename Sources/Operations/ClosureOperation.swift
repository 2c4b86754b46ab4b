import Foundation

/// An operation whose work is a closure.
///
/// The classic form hands the closure a continuation that must be called exactly once (later calls are
/// ignored), with the errors to finish with; the async form finishes when the closure returns or
/// throws. (Named to stay clear of Foundation's `BlockOperation`.)
//
// @unchecked Sendable: the closures are immutable; the rest is the superclass's.
public final class ClosureOperation: AdvancedOperation, @unchecked Sendable {
    /// Finishes the operation: call it once, from any thread.
    public typealias Continuation = @Sendable (_ errors: [any Error]) -> Void

    private enum Body {
        case classic(@Sendable (@escaping Continuation) -> Void)
        case async(@Sendable () async throws -> Void)
    }

    private let body: Body

    /// Runs `block`, which must call the continuation it is given when its work is done.
    public init(name: String? = nil, block: @escaping @Sendable (_ continuation: @escaping Continuation) -> Void) {
        body = .classic(block)
        super.init()
        self.name = name
    }

    /// Runs a synchronous closure; a thrown error fails the operation.
    public convenience init(name: String? = nil, run: @escaping @Sendable () throws -> Void) {
        self.init(name: name) { continuation in
            do {
                try run()
                continuation([])
            } catch {
                continuation([error])
            }
        }
    }

    /// Runs an async closure; a thrown error fails the operation; cancelling cancels its task.
    public init(name: String? = nil, async block: @escaping @Sendable () async throws -> Void) {
        body = .async(block)
        super.init()
        self.name = name
    }

    public override func execute() {
        switch body {
        case let .classic(block):
            block { [self] errors in finish(with: errors) }
        case .async:
            super.execute()
        }
    }

    public override func execute() async throws {
        if case let .async(block) = body { try await block() }
    }
}
