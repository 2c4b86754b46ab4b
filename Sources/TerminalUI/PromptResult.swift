/// What a prompt, menu or form produced: the user's answer, or nothing because they cancelled
/// (Escape, Ctrl-C, Ctrl-D on an empty line, or a cancelled ``InteractionToken``).
public enum PromptResult<Value: Sendable>: Sendable {
    case value(Value)
    case cancelled

    /// The answer, or nil when cancelled.
    public var value: Value? {
        if case let .value(value) = self { return value }
        return nil
    }

    public var isCancelled: Bool { value == nil }
}

extension PromptResult: Equatable where Value: Equatable {}
