import Foundation

extension FullScreenSession {
    /// Puts `text` on the clipboard of the terminal the session draws on (``Clipboard``). Owner's queue.
    public func copyToClipboard(_ text: String) {
        dispatchPrecondition(condition: .onQueue(owner.queue))
        owner.terminal.writeAll(Array(Clipboard.sequence(text).utf8))
    }
}
