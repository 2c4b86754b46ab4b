import Foundation

extension FullScreenSession {
    /// Puts `text` on the clipboard of the terminal the session draws on: OSC 52, which terminals
    /// (and tmux, with `set-clipboard on`) offer for it; one that does not ignores it. Owner's queue.
    public func copyToClipboard(_ text: String) {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        owner.terminal.writeAll(Array(Self.clipboardSequence(text).utf8))
    }

    /// The OSC 52 sequence that sets the clipboard to `text` (base64, so no byte of it is a control).
    static func clipboardSequence(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
