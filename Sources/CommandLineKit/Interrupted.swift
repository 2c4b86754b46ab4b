import Foundation

/// Ctrl-C (or SIGTERM) stopped the command: what the runner cancels its operation with; exit 130
/// (143 for SIGTERM, see ``OperationRunner/interruptingSignal``).
public struct Interrupted: Error, LocalizedError, Sendable {
    public var errorDescription: String? { "interrupted" }

    public init() {}
}
