import Foundation
import Operations

/// An operation that asks the person something through an ``Interaction``: a login prompt, an
/// alert, the feedback form.
///
/// Every one carries the ``category`` exclusivity category, so two are never on screen at once,
/// whichever queues they are on: the second waits until the first is answered. Cancelling the
/// operation ends the question (the interaction sees its task cancelled).
//
// @unchecked Sendable: the answer is in a Locked; the rest is immutable.
open class InteractionOperation<Answer: Sendable>: AdvancedOperation, @unchecked Sendable {
    /// The exclusivity category of everything that asks the person (and of the login, which may ask twice).
    public static var category: String { "interaction" }

    private let ask: @Sendable () async throws -> Answer?
    private let then: (@Sendable (Answer?) throws -> Void)?
    private let answered = Locked<Answer?>(nil)

    /// An operation named `name` that asks with `ask` (nil: the person cancelled); `then` hears the
    /// answer before the operation finishes (so a group can add what follows from it in time).
    public init(name: String, ask: @escaping @Sendable () async throws -> Answer?,
                then: (@Sendable (Answer?) throws -> Void)? = nil) {
        self.ask = ask
        self.then = then
        super.init()
        self.name = name
        addCondition(ExclusiveCategory(Self.category))
    }

    /// What the person answered; nil until the operation has finished, and when they cancelled.
    public var answer: Answer? { answered.withLock { $0 } }

    /// Called with the answer (nil: cancelled) before the operation finishes; an error thrown here
    /// is the operation's. For subclasses that act on the answer (save it, ask again).
    open func didAnswer(_ answer: Answer?) throws {}

    public final override func execute() async throws {
        let answer = try await ask()
        answered.withLock { $0 = answer }
        try then?(answer)
        try didAnswer(answer)
    }
}

extension InteractionOperation where Answer == Int {
    /// An alert: the answer is the index of the button chosen.
    public static func alert(_ alert: Alert, interaction: any Interaction,
                             then: (@Sendable (Int?) throws -> Void)? = nil) -> InteractionOperation<Int> {
        InteractionOperation(name: "alert \(alert.title)", ask: { try await interaction.choice(in: alert) }, then: then)
    }
}
