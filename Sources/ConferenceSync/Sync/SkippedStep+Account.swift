import Foundation
import Operations

extension SkippedStep {
    /// A step skipped because the service no longer takes the saved login.
    static func loginRefused(note: String = "") -> SkippedStep {
        SkippedStep(reason: "the service no longer takes the login", remedy: .logInAgain, note: note)
    }

    /// A sync's account step that the account itself stopped (the token refused, not a developer, no
    /// cloud, the service down): skipped with the reason, so the feeds still land. An interruption
    /// stays what it is.
    static func forAccount(_ errors: [any Error], note: String = "") -> [any Error] {
        guard let cause = OperationError.rootCause(in: errors) else { return errors }
        switch cause {
        case AccountError.sessionExpired:
            return [loginRefused(note: note)]
        case let error as AccountError:
            return [SkippedStep(reason: error.description, note: note)]
        default:
            return errors
        }
    }
}
