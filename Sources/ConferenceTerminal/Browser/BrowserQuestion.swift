import Operations
import TerminalUI

/// A question drawn over the browser as a dialog (an alert, a login, the feedback form, a
/// bookmark's moment): while it is on the screen every key goes to it, and the browser's own
/// keys wait. One is shown at a time; the others wait their turn.
protocol BrowserQuestion: Sendable {
    /// Answers a key; true once the question is answered or dismissed, when it leaves the screen.
    mutating func handle(_ key: Key) -> Bool
    /// Draws the dialog over the screen (drawn whole before), centred.
    mutating func draw(in screen: inout ScreenBuffer)
    /// Ends the question unanswered: the browser is leaving, or nobody waits for the answer now.
    func dismiss()
    /// Whether it has been answered or dismissed, here or by whoever asked.
    var isSettled: Bool { get }
}

/// Where a question's answer goes: handed once to `deliver` (nil: no answer), whoever settles it
/// first (the person, or the asker giving up).
final class QuestionAnswer<Value: Sendable>: Sendable {
    private let deliver: Locked<(@Sendable (Value?) -> Void)?>

    init(_ deliver: @escaping @Sendable (Value?) -> Void) {
        self.deliver = Locked(deliver)
    }

    var isSettled: Bool { deliver.withLock { $0 == nil } }

    func settle(_ value: Value?) {
        let deliver = deliver.withLock { deliver in
            defer { deliver = nil }
            return deliver
        }
        deliver?(value)
    }
}
