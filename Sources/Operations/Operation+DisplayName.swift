import Foundation

extension Operation {
    /// The operation's name, or its type's name: what messages, errors and traces call it.
    public var displayName: String { name ?? String(describing: type(of: self)) }
}
