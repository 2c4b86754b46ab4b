import Foundation

/// Operations made ready by one finishing operation, handed to their queues together: a gate with
/// 100,000 dependents makes one call to Foundation per queue instead of 100,000 scheduling passes.
///
/// Local to the finishing thread; never shared.
final class HandOffBatch {
    private var queues: [AdvancedOperationQueue] = []
    private var operations: [ObjectIdentifier: [AdvancedOperation]] = [:]

    func add(_ operation: AdvancedOperation, to queue: AdvancedOperationQueue) {
        let id = ObjectIdentifier(queue)
        if operations[id] == nil { queues.append(queue) }
        operations[id, default: []].append(operation)
    }

    func flush() {
        for queue in queues {
            if let ready = operations[ObjectIdentifier(queue)] { queue.handOff(ready) }
        }
        queues = []
        operations = [:]
    }
}
