import Foundation

/// The operations a queue has been given and that have not finished, held back or handed over.
///
/// Engine operations sit in an intrusive doubly-linked list (no hashing, no table to regrow: a queue
/// given 100,000 operations at once stays linear); each is retained from insert to remove. The rare
/// plain Foundation operations sit in a dictionary. Only used under the queue's lock.
struct InFlightOperations {
    private var head: AdvancedOperation?
    private var plain: [ObjectIdentifier: Operation] = [:]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ operation: Operation) {
        count += 1
        guard let operation = operation as? AdvancedOperation else {
            plain[ObjectIdentifier(operation)] = operation
            return
        }
        _ = Unmanaged.passRetained(operation)
        operation.inFlightNext = head
        operation.inFlightPrevious = nil
        head?.inFlightPrevious = operation
        head = operation
    }

    mutating func remove(_ operation: Operation) {
        guard let operation = operation as? AdvancedOperation else {
            if plain.removeValue(forKey: ObjectIdentifier(operation)) != nil { count -= 1 }
            return
        }
        let previous = operation.inFlightPrevious
        let next = operation.inFlightNext
        guard previous != nil || head === operation else { return }
        if let previous { previous.inFlightNext = next } else { head = next }
        next?.inFlightPrevious = previous
        operation.inFlightPrevious = nil
        operation.inFlightNext = nil
        count -= 1
        Unmanaged.passUnretained(operation).release()
    }

    var all: [Operation] {
        var result: [Operation] = Array(plain.values)
        var cursor = head
        while let operation = cursor {
            result.append(operation)
            cursor = operation.inFlightNext
        }
        return result
    }
}
