import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives SIGINT and SIGTERM for the process, and holds them back during critical sections.
///
/// Install a handler to decide what a signal means (cancel the running graph, say). Without one, a
/// signal does what it normally does (the process ends), only later if it arrived in a critical section.
public final class SignalGate: Sendable {
    /// The process-wide gate for SIGINT and SIGTERM.
    public static let shared = SignalGate(signals: [SIGINT, SIGTERM])

    /// The signals this gate receives.
    public let signals: [Int32]

    private struct State {
        var critical: Set<ObjectIdentifier> = []
        var deferred: [Int32] = []
        var handler: (@Sendable (Int32) -> Void)?
        var active = false
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "Operations.SignalGate")

    /// A gate for other signals (one gate per signal: two gates must not share one).
    public init(signals: [Int32]) {
        self.signals = signals
    }

    /// Routes the signals to `handler`, on a private queue, outside critical sections.
    public func install(handler: @escaping @Sendable (Int32) -> Void) {
        state.withLock { $0.handler = handler }
        activate()
    }

    /// Whether an operation is in a critical section now.
    public var isInCriticalSection: Bool { state.withLock { !$0.critical.isEmpty } }

    /// Holds the signals back from now until ``leaveCriticalSection(of:)``: for an operation whose
    /// critical part is only the end of its work (what comes before may still be interrupted).
    public func enterCriticalSection(of owner: AnyObject) {
        enter(ObjectIdentifier(owner))
    }

    /// Ends what ``enterCriticalSection(of:)`` began, delivering the signals held back meanwhile.
    public func leaveCriticalSection(of owner: AnyObject) {
        leave(ObjectIdentifier(owner))
    }

    func enter(_ id: ObjectIdentifier) {
        activate()
        state.withLock { _ = $0.critical.insert(id) }
    }

    func leave(_ id: ObjectIdentifier) {
        let deliver: [Int32] = state.withLock { state in
            guard state.critical.remove(id) != nil, state.critical.isEmpty else { return [] }
            defer { state.deferred = [] }
            return state.deferred
        }
        for signal in deliver { self.deliver(signal) }
    }

    /// Starts catching the signals (once): the default action is replaced by the signal pipe.
    private func activate() {
        let first = state.withLock { state in
            defer { state.active = true }
            return !state.active
        }
        guard first else { return }
        for number in signals { SignalPipe.register(number, for: self) }
    }

    func received(_ signal: Int32) {
        let now: Bool = state.withLock { state in
            guard !state.critical.isEmpty else { return true }
            if !state.deferred.contains(signal) { state.deferred.append(signal) }
            return false
        }
        if now { deliver(signal) }
    }

    private func deliver(_ number: Int32) {
        if let handler = state.withLock({ $0.handler }) {
            queue.async { handler(number) }
        } else {
            SignalPipe.unregister(number)
            raise(number)
        }
    }
}
