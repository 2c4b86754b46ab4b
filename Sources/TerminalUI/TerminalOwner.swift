import Dispatch

/// The single owner of terminal output: one serial queue that every write goes through.
///
/// As UIKit's main queue owns the screen, this queue owns the terminal: progress lines, prompts,
/// alerts, forms and plain messages are all shipped to it, so they never interleave, and a prompt
/// takes the screen from the live progress lines for as long as it runs. Code running elsewhere
/// never writes to the terminal itself.
///
/// Blocking calls (``perform(_:)``, ``interact(token:_:)``) run their body on the queue and wait;
/// called from the queue itself they run inline. The `Async` variants return at once. Do not wait
/// on the queue for work that itself needs the queue. Before the process exits, ``drain()`` lets
/// queued output reach the terminal.
public final class TerminalOwner: Sendable {
    public let terminal: Terminal
    let queue: DispatchQueue
    let context: TerminalContext
    private let queueKey = DispatchSpecificKey<Bool>()

    /// The process's owner, on ``Terminal/standard(environment:)``. Use this one everywhere unless a
    /// test needs its own terminal: two owners of one terminal would defeat the purpose.
    public static let shared = TerminalOwner()

    /// An owner for `terminal`; `style` defaults to colour as the terminal and environment allow.
    public init(terminal: Terminal = .standard(), style: Style? = nil) {
        self.terminal = terminal
        self.queue = DispatchQueue(label: "TerminalUI.TerminalOwner")
        self.context = TerminalContext(
            terminal: terminal,
            style: style ?? Style(enabled: terminal.isOutputTerminal && Style.allowsColor(environment: terminal.environment))
        )
        queue.setSpecific(key: queueKey, value: true)
    }

    /// The style output on this terminal uses.
    public var style: Style { context.style }

    /// Whether the caller is running on the owner's queue.
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    /// Runs `body` on the owner queue with exclusive access to the terminal and waits for it.
    public func perform<T, E: Error>(_ body: (TerminalContext) throws(E) -> T) throws(E) -> T {
        if isCurrent { return try body(context) }
        return try queue.sync {
            defer { context.endBlock() }
            return Result { () throws(E) -> T in try body(context) }
        }.get()
    }

    /// Ships `body` to the owner queue and returns at once.
    public func performAsync(_ body: @escaping @Sendable (TerminalContext) -> Void) {
        queue.async { [context] in
            body(context)
            context.endBlock()
        }
    }

    /// Runs an interaction (prompt, menu, form) on the owner queue and waits for the answer.
    ///
    /// The live progress lines are taken off the screen for the duration and redrawn after.
    /// Cancelling `token` makes the prompts inside return ``PromptResult/cancelled``.
    public func interact<T, E: Error>(token: InteractionToken? = nil, _ body: (TerminalContext) throws(E) -> T) throws(E) -> T {
        try perform { (context) throws(E) -> T in
            let previous = context.swapToken(token)
            context.suspendLiveDisplays()
            defer {
                context.resumeLiveDisplays()
                _ = context.swapToken(previous)
            }
            return try body(context)
        }
    }

    /// Queues an interaction and calls `completion` (on the owner queue) with its outcome.
    /// Interactions run one at a time, in the order they were queued.
    public func interactAsync<T>(
        token: InteractionToken? = nil,
        _ body: @escaping @Sendable (TerminalContext) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        queue.async { [self] in
            let result = Result { try interact(token: token, body) }
            context.endBlock()
            completion(result)
        }
    }

    /// Prints `text` as whole lines, above any live progress lines, without waiting.
    public func print(_ text: String) {
        performAsync { $0.print(text) }
    }

    /// Waits until everything queued so far has been written.
    public func drain() {
        guard !isCurrent else { return context.flush() }
        queue.sync { context.flush() }
    }
}
