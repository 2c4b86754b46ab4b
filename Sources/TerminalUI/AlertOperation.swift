import PlainText
import Foundation
import Operations

/// An alert: a title, a message and buttons, chosen with the arrows or a button's first letter.
/// The answer is the chosen button's index (``TerminalInteractionOperation/result``).
///
/// Off a terminal, it prints the title and message to stderr and answers `nonInteractiveAnswer`
/// (by default: cancelled), so scripts never hang on a question.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class AlertOperation: TerminalInteractionOperation<Int>, @unchecked Sendable {
    public let title: String
    public let message: String
    public let buttons: [String]
    private let nonInteractiveAnswer: Int?
    private let onAnswer: (@Sendable (PromptResult<Int>) -> Void)?

    /// An alert with `buttons` (the first is the default); `onAnswer` hears the choice.
    public init(title: String, message: String, buttons: [String] = ["OK"], nonInteractiveAnswer: Int? = nil,
                owner: TerminalOwner = .shared, onAnswer: (@Sendable (PromptResult<Int>) -> Void)? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.nonInteractiveAnswer = nonInteractiveAnswer
        self.onAnswer = onAnswer
        super.init(owner: owner)
        name = "alert \(title)"
    }

    public override func interact(in context: TerminalContext) throws -> PromptResult<Int> {
        guard context.terminal.isInteractive else {
            context.print(TextSanitizer.singleLine.sanitize(title) + ": " + TextSanitizer.singleLine.sanitize(message))
            return nonInteractiveAnswer.map { .value($0) } ?? .cancelled
        }
        return try Menu(title: title, message: message, buttons: buttons).run(in: context)
    }

    public override func didAnswer(_ result: PromptResult<Int>) -> [any Error] {
        onAnswer?(result)
        return []
    }
}
