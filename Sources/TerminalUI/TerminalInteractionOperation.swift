import Foundation
import Operations

/// An operation that asks the user something on the terminal: a prompt, an alert, a form.
///
/// Every such operation carries the ``category`` exclusivity category, so two of them are never on
/// screen at once, whichever queues they are on: the second waits until the first is answered. The
/// interaction runs on the terminal owner's queue (never on the operation's thread), taking the live
/// progress lines off the screen while it lasts. Cancelling the operation cancels the interaction.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
open class TerminalInteractionOperation<Answer: Sendable>: AdvancedOperation, @unchecked Sendable {
    /// The exclusivity category shared by every terminal interaction (login prompts, alerts, forms).
    public static var category: String { "terminal" }

    public let owner: TerminalOwner
    private let token = InteractionToken()
    private let answer = Locked<PromptResult<Answer>?>(nil)

    public init(owner: TerminalOwner = .shared) {
        self.owner = owner
        super.init()
        addCondition(ExclusiveCategory(Self.category))
    }

    /// What the user answered; nil until the operation has finished (or when it failed).
    public var result: PromptResult<Answer>? { answer.withLock { $0 } }

    /// The interaction, run on the owner's queue. Subclasses override it.
    open func interact(in context: TerminalContext) throws -> PromptResult<Answer> {
        .cancelled
    }

    /// Called (on the owner's queue) with the answer, before the operation finishes; returns the
    /// errors to finish with. Subclasses may produce follow-up operations here.
    open func didAnswer(_ result: PromptResult<Answer>) -> [any Error] { [] }

    open override func execute() {
        owner.interactAsync(token: token, { [self] context in try interact(in: context) }) { [self] outcome in
            switch outcome {
            case let .success(result):
                answer.withLock { $0 = result }
                finish(with: didAnswer(result))
            case let .failure(error):
                finish(with: error)
            }
        }
    }

    open override func didCancel() {
        token.cancel()
    }
}
