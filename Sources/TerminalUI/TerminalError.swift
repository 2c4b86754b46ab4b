import Foundation

/// What went wrong while talking to the terminal, and how to fix it.
public enum TerminalError: Error, Equatable, Sendable {
    /// There is no terminal to ask on: input or output is not a terminal (a pipe, a file, `TERM=dumb`).
    case notInteractive
    /// The terminal's input reached end of file while a prompt was waiting.
    case inputClosed
    /// The interaction was cancelled by its ``InteractionToken`` before the user answered.
    case cancelled
    /// A system call on the terminal failed; `errno` is kept for diagnosis.
    case systemCall(name: String, errno: Int32)
}

extension TerminalError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? {
        switch self {
        case .notInteractive:
            return "no terminal to prompt on"
        case .inputClosed:
            return "the terminal input was closed before an answer was given"
        case .cancelled:
            return "the prompt was cancelled"
        case let .systemCall(name, code):
            return "\(name) failed on the terminal: \(String(cString: strerror(code)))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notInteractive:
            return "Run the command in a terminal, or pass the values it asks for as options."
        case .inputClosed:
            return "Keep the terminal open until the prompt is answered, or pass the values as options."
        case .cancelled:
            return nil
        case .systemCall:
            return "Check that the terminal is still attached (for example after `ssh` dropped), then try again."
        }
    }

    public var description: String {
        [errorDescription, recoverySuggestion].compactMap { $0 }.joined(separator: ". ")
    }
}
