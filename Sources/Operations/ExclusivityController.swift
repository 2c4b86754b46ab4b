import Foundation

/// Grants mutual exclusivity by category, across every queue.
///
/// An operation asks for its categories only once its dependencies have finished and its queue runs,
/// and holds them from then until it finishes. Exclusivity is therefore never a dependency, which is
/// what made the original sample deadlock: an exclusive operation that depends on another exclusive
/// one simply waits for it to finish before asking. Keys are taken in sorted order, so two operations
/// needing the same categories cannot each hold one the other waits for. A child of a group that
/// itself holds a category gets its own key scoped to that group (see `AdvancedOperationQueue`), so a
/// group exclusive with its child does not wait for itself.
final class ExclusivityController: Sendable {
    static let shared = ExclusivityController()

    // @unchecked Sendable: only read and written under the controller's lock.
    private final class Request: @unchecked Sendable {
        let owner: ObjectIdentifier
        var remaining: [String]
        let granted: @Sendable () -> Void
        init(owner: ObjectIdentifier, keys: [String], granted: @escaping @Sendable () -> Void) {
            self.owner = owner
            self.remaining = keys
            self.granted = granted
        }
    }

    private struct Entry {
        var holder: ObjectIdentifier?
        var waiting: [Request] = []
    }

    private let entries = Locked<[String: Entry]>([:])

    /// Takes `keys` (sorted) for `operation`; calls `granted` once all are held.
    func acquire(_ keys: [String], for operation: AdvancedOperation, granted: @escaping @Sendable () -> Void) {
        let request = Request(owner: ObjectIdentifier(operation), keys: keys, granted: granted)
        let done = entries.withLock { entries in Self.progress(request, in: &entries) }
        if done { request.granted() }
    }

    /// Gives back what `operation` holds of `keys` and withdraws what it still waits for.
    func release(_ keys: [String], for operation: AdvancedOperation) {
        let owner = ObjectIdentifier(operation)
        let granted: [Request] = entries.withLock { entries in
            var granted: [Request] = []
            for key in keys {
                guard var entry = entries[key] else { continue }
                entry.waiting.removeAll { $0.owner == owner }
                if entry.holder == owner {
                    entry.holder = nil
                    entries[key] = entry
                    // Hand the key to the next in line, who then goes on with its other keys.
                    while let next = entries[key]?.waiting.first, entries[key]?.holder == nil {
                        entries[key]!.waiting.removeFirst()
                        entries[key]!.holder = next.owner
                        next.remaining.removeFirst()
                        if Self.progress(next, in: &entries) { granted.append(next) }
                    }
                } else {
                    entries[key] = entry
                }
                if let current = entries[key], current.holder == nil, current.waiting.isEmpty {
                    entries[key] = nil
                }
            }
            return granted
        }
        for request in granted { request.granted() }
    }

    /// Takes as many of the request's remaining keys as are free; true once it holds them all.
    private static func progress(_ request: Request, in entries: inout [String: Entry]) -> Bool {
        while let key = request.remaining.first {
            var entry = entries[key] ?? Entry()
            if entry.holder == nil {
                entry.holder = request.owner
                entries[key] = entry
                request.remaining.removeFirst()
            } else {
                entry.waiting.append(request)
                entries[key] = entry
                return false
            }
        }
        return true
    }
}
