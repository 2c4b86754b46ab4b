import Operations

/// Cancels an interaction (a prompt, a menu, a form) from another thread, e.g. when the operation
/// that asked is cancelled. A cancelled prompt returns ``PromptResult/cancelled``; one that has not
/// started yet returns it without drawing anything.
public final class InteractionToken: Sendable {
    private let state = Locked(State())

    private struct State {
        var cancelled = false
        var wake: (@Sendable () -> Void)?
    }

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels the interaction; a key read waiting for input wakes up at once.
    public func cancel() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.cancelled = true
            return state.wake
        }
        wake?()
    }

    /// Registers how to wake a blocked read while one is in progress.
    func attach(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    func detach() {
        state.withLock { $0.wake = nil }
    }
}
