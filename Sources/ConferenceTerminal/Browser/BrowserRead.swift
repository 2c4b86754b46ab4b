import Operations

/// A read of the store for the browser, off the drawing queue: its result handed to `deliver`
/// unless the operation was cancelled meanwhile (a newer key asked for something else), checked
/// before the read and again before the hand-over.
final class BrowserRead<Value: Sendable>: AdvancedOperation, @unchecked Sendable {
    private let read: @Sendable () throws -> Value
    private let deliver: @Sendable (Result<Value, any Error>) -> Void

    init(name: String, read: @escaping @Sendable () throws -> Value, deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        self.read = read
        self.deliver = deliver
        super.init()
        self.name = name
    }

    override func execute() {
        guard !isCancelled else { return finish() }
        let result = Result { try read() }
        if !isCancelled { deliver(result) }
        if case .failure(let error) = result { return finish(with: [error]) }
        finish()
    }
}
