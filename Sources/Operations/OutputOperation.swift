import Foundation

/// An operation that hands what it produced to the operations that run after it (ProcedureKit's
/// `OutputProcedure`): it sets ``output`` while it runs, before it finishes; an operation that needs
/// the value receives it with ``AdvancedOperation/injectResult(from:into:)``.
///
/// ```swift
/// final class Parse: AdvancedOperation, OutputOperation, @unchecked Sendable {
///     let output = OperationOutput<Feed>()
///     private let body = OperationInput<Data>()
///
///     init(_ download: some OutputOperation<Data>) {
///         super.init()
///         injectResult(from: download, into: body)   // waits for download, then reads its Data
///     }
///
///     override func execute() async throws {
///         output.set(try Feed(body.value ?? Data()))
///     }
/// }
/// ```
public protocol OutputOperation<Output>: AdvancedOperation {
    associatedtype Output: Sendable
    /// Where the operation puts what it produced.
    var output: OperationOutput<Output> { get }
}

/// What an operation produced: empty until the operation sets it, and for good when it finished
/// without producing anything (it failed, was cancelled, or had nothing to give).
///
/// Set it before the operation finishes: the operations that wait for this one start only after it
/// has finished, so they read the final value.
public final class OperationOutput<Value: Sendable>: Sendable {
    private let slot = Locked<Value?>(nil)

    public init() {}

    /// Sets what was produced; a later call replaces it.
    public func set(_ value: Value) {
        slot.withLock { $0 = value }
    }

    /// What was produced; nil while nothing has been.
    public var value: Value? { slot.withLock { $0 } }
}

/// A value an operation receives from one it waits for (ProcedureKit's `InputProcedure.input`):
/// declared empty, bound once to another operation's output by
/// ``AdvancedOperation/injectResult(from:into:)``, and read once the receiving operation runs (in
/// its `execute`, its conditions, its finish), when the producer has finished.
public final class OperationInput<Value: Sendable>: Sendable {
    private let source = Locked<(@Sendable () -> Value?)?>(nil)

    public init() {}

    /// The value; nil when the producer produced none, has not finished, or none was injected.
    public var value: Value? { source.withLock { $0 }?() }

    func bind(_ read: @escaping @Sendable () -> Value?) {
        source.withLock { source in
            precondition(source == nil, "an operation input is injected once")
            source = read
        }
    }
}

extension AdvancedOperation {
    /// Makes this operation wait for `producer`, and `input` give the producer's output
    /// (ProcedureKit's `injectResult(from:)`).
    ///
    /// Whether this operation runs when the producer failed or produced nothing is for its
    /// conditions to say (``NoFailedDependencies``, say); the input is then nil. Only before the
    /// operation is added to a queue.
    public func injectResult<Producer: OutputOperation>(from producer: Producer, into input: OperationInput<Producer.Output>) {
        injectResult(from: producer, into: input) { $0 }
    }

    /// Makes this operation wait for `producer`, and `input` give the producer's output through
    /// `transform` (nil when the producer produced nothing, or `transform` gives nil). `transform`
    /// runs at each read: keep it cheap.
    public func injectResult<Producer: OutputOperation, Value: Sendable>(
        from producer: Producer, into input: OperationInput<Value>, via transform: @escaping @Sendable (Producer.Output) -> Value?
    ) {
        precondition(state == .initialized, "\(displayName): results must be injected before the operation is enqueued")
        addDependency(producer)
        // The producer's output, not the producer: a long chain of operations, each the input of
        // the next, never keeps its finished operations alive.
        let output = producer.output
        input.bind { output.value.flatMap(transform) }
    }
}
