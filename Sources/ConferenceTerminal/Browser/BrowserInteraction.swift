import ConferenceModel
import Operations

/// The conference's questions (a login, an alert, the feedback form) asked over the browser, as
/// dialogs: what ``TerminalInteraction`` asks on a plain terminal. The ``InteractionOperation``s
/// that ask still come one at a time; a cancelled one takes its dialog off the screen.
struct BrowserInteraction: Interaction {
    /// Puts a question on the browser's screen (from any thread).
    let ask: @Sendable (any BrowserQuestion) -> Void
    /// Told when a question was settled by whoever asked, so that the screen drops it.
    let settled: @Sendable () -> Void

    var canAsk: Bool { true }

    func credentials(for service: String, username: String?) async throws -> Credentials? {
        await question { LoginQuestion(service: service, username: username, answer: $0) }
    }

    func choice(in alert: Alert) async throws -> Int? {
        await question { AlertQuestion(title: alert.title, message: alert.message, buttons: alert.buttons, answer: $0) }
    }

    func feedback(on form: FeedbackFormRequest) async throws -> FeedbackAnswer? {
        await question { FeedbackQuestion(form: form, answer: $0) }
    }

    /// Asks the question `make` builds and waits for its answer; the task cancelled settles it
    /// unanswered, which takes it off the screen.
    private func question<Value: Sendable>(_ make: (QuestionAnswer<Value>) -> any BrowserQuestion) async -> Value? {
        let asked = Locked<QuestionAnswer<Value>?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let answer = QuestionAnswer<Value> { continuation.resume(returning: $0) }
                asked.withLock { $0 = answer }
                if Task.isCancelled { return answer.settle(nil) }
                ask(make(answer))
            }
        } onCancel: {
            asked.withLock { $0 }?.settle(nil)
            settled()
        }
    }
}
