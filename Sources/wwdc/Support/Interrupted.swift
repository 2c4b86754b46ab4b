import Foundation

/// Ctrl-C (or SIGTERM) stopped the command: what the runner cancels its operation with; exit 130
/// (143 for SIGTERM, see ``OperationRunner/interruptingSignal``).
struct Interrupted: Error, LocalizedError, Sendable {
    var errorDescription: String? { "interrupted" }
}
