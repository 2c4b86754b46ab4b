import Foundation

/// Counts the operations in flight and says when the count changes: what drives a spinner, as the
/// network activity indicator was driven on iOS.
public final class ActivityCounter: Sendable {
    private struct State {
        var active: Set<ObjectIdentifier> = []
        var handler: (@Sendable (Int) -> Void)?
    }

    private let state = Locked(State())

    public init(onChange handler: (@Sendable (Int) -> Void)? = nil) {
        state.withLock { $0.handler = handler }
    }

    /// Operations started and not yet finished.
    public var count: Int { state.withLock { $0.active.count } }

    func begin(_ operation: AdvancedOperation) {
        let (count, handler) = state.withLock { state -> (Int, (@Sendable (Int) -> Void)?) in
            guard state.active.insert(ObjectIdentifier(operation)).inserted else { return (0, nil) }
            return (state.active.count, state.handler)
        }
        handler?(count)
    }

    func end(_ operation: AdvancedOperation) {
        let (count, handler) = state.withLock { state -> (Int, (@Sendable (Int) -> Void)?) in
            guard state.active.remove(ObjectIdentifier(operation)) != nil else { return (0, nil) }
            return (state.active.count, state.handler)
        }
        handler?(count)
    }
}
