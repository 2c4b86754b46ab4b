import Foundation

/// What went wrong in the operations engine, and how to fix it.
public enum OperationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A condition was not satisfied, so the operation never ran.
    case conditionFailed(condition: String, operation: String, reason: String?)
    /// `NoCancelledDependencies`: these dependencies were cancelled.
    case dependenciesCancelled(operation: String, dependencies: [String])
    /// `NoFailedDependencies`: these dependencies finished with errors.
    case dependenciesFailed(operation: String, dependencies: [String])
    /// `NegatedCondition`: the wrapped condition was satisfied.
    case negatedConditionSatisfied(condition: String, operation: String)
    /// A `TimeoutObserver` gave up on the operation.
    case timedOut(operation: String, after: Double)
    /// The operation's dependencies close a cycle; the names are the operations in it.
    case dependencyCycle([String])

    public var description: String {
        switch self {
        case let .conditionFailed(condition, operation, reason):
            "\(operation) did not run: condition \(condition) failed" + (reason.map { ": \($0)" } ?? "")
        case let .dependenciesCancelled(operation, dependencies):
            "\(operation) did not run: its dependencies were cancelled (\(dependencies.joined(separator: ", ")))"
        case let .dependenciesFailed(operation, dependencies):
            "\(operation) did not run: its dependencies failed (\(dependencies.joined(separator: ", ")))"
        case let .negatedConditionSatisfied(condition, operation):
            "\(operation) did not run: condition \(condition) was satisfied, and it must not be"
        case let .timedOut(operation, seconds):
            "\(operation) timed out after \(Self.format(seconds)) s"
        case let .dependencyCycle(names):
            "dependency cycle: \((names + names.prefix(1)).joined(separator: " → "))"
        }
    }

    /// How to fix it.
    public var recoverySuggestion: String? {
        switch self {
        case .conditionFailed, .negatedConditionSatisfied:
            "Satisfy the condition (or remove it from the operation) and try again."
        case .dependenciesCancelled:
            "Find out why the dependencies were cancelled; this operation needs them to complete."
        case .dependenciesFailed:
            "Fix the failing dependencies first; their errors say why they failed."
        case .timedOut:
            "Check the connection or the server, or allow more time."
        case .dependencyCycle:
            "Remove one of the dependencies in the cycle; operations in a cycle would wait for each other forever."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3g", seconds)
    }
}

extension OperationError: LocalizedError {
    public var errorDescription: String? { description }
}
