import Foundation
import Operations

/// The engine against plain Foundation and bare Dispatch (issue: the operations engine, "Speed").
enum EngineBenchmark {
    /// An engine operation that does nothing.
    final class NoOp: AdvancedOperation, @unchecked Sendable {
        override func execute() { finish() }
    }

    /// A condition that is always satisfied, answered inline.
    struct Always: OperationCondition {
        func evaluate(for operation: AdvancedOperation, completion: @escaping @Sendable (ConditionResult) -> Void) {
            completion(.satisfied)
        }
    }

    static func run() {
        let count = 100_000
        // One warm-up round (threads spawned, memory first touched), then rounds that interleave the
        // four kinds so that a noisy moment of the machine hits them alike; medians of the rounds.
        var samples: [[Double]] = [[], [], [], []]
        for round in 0..<8 {
            let times = [independentEngine(count, conditions: 0), independentEngine(count, conditions: 1),
                         independentPlain(count), independentDispatch(count)]
            if round > 0 { for (kind, time) in times.enumerated() { samples[kind].append(time) } }
        }
        let middle = samples.map { $0.sorted()[$0.count / 2] }
        let (engine, conditioned, plain, dispatch) = (middle[0], middle[1], middle[2], middle[3])
        print(line("independent no-ops, engine", per: engine, count))
        print(line("independent no-ops, engine with one condition", per: conditioned, count))
        print(line("independent no-ops, plain OperationQueue", per: plain, count))
        print(line("independent no-ops, DispatchQueue.async + DispatchGroup", per: dispatch, count))
        print(String(format: "ratio engine/plain: %.2f (goal ≤ 2.0); with one condition: %.2f (goal ≤ 3.0); engine/dispatch: %.1f",
                     engine / plain, conditioned / plain, engine / dispatch))

        for shape in Shape.allCases {
            // Medians of several runs: a chain is latency-bound (a thread hand-off per link), so single
            // runs swing with the machine's load.
            let small = median(7) { shape.engine(10_000) }
            let large = median(5) { shape.engine(100_000) }
            let plainSmall = shape.plain(10_000)
            print(String(format: "%@ 10,000: engine %.3f s, plain OperationQueue %.2f s, speed-up %.0fx (goal ≥ 20x)",
                         shape.rawValue, small, plainSmall, plainSmall / small))
            print(String(format: "%@ 100,000: engine %.3f s (goal < 2 s), growth from 10,000: %.1fx (goal ≤ 12x)",
                         shape.rawValue, large, large / small))
        }
    }

    enum Shape: String, CaseIterable {
        case chain = "dependency chain"
        case gate = "waiting on one gate"

        func engine(_ count: Int) -> Double {
            let queue = AdvancedOperationQueue()
            var operations: [Operation] = []
            operations.reserveCapacity(count)
            let gate = NoOp()
            for index in 0..<count {
                let operation = NoOp()
                switch self {
                case .chain: if index > 0 { operation.addDependency(operations[index - 1]) }
                case .gate: operation.addDependency(gate)
                }
                operations.append(operation)
            }
            // The whole graph in one call, then the gate: the graph is built first, as an app does.
            return time {
                queue.addOperations(operations, waitUntilFinished: false)
                if self == .gate { queue.addOperation(gate) }
                queue.waitUntilAllOperationsAreFinished()
            }
        }

        func plain(_ count: Int) -> Double {
            let queue = OperationQueue()
            var operations: [Operation] = []
            operations.reserveCapacity(count)
            let gate = BlockOperation {}
            for index in 0..<count {
                let operation = BlockOperation {}
                switch self {
                case .chain: if index > 0 { operation.addDependency(operations[index - 1]) }
                case .gate: operation.addDependency(gate)
                }
                operations.append(operation)
            }
            return time {
                queue.addOperations(operations, waitUntilFinished: false)
                if self == .gate { queue.addOperation(gate) }
                queue.waitUntilAllOperationsAreFinished()
            }
        }
    }

    static func independentEngine(_ count: Int, conditions: Int) -> Double {
        let queue = AdvancedOperationQueue()
        let operations = (0..<count).map { _ in
            let operation = NoOp()
            for _ in 0..<conditions { operation.addCondition(Always()) }
            return operation
        }
        return time {
            for operation in operations { queue.addOperation(operation) }
            queue.waitUntilAllOperationsAreFinished()
        }
    }

    static func independentPlain(_ count: Int) -> Double {
        let queue = OperationQueue()
        let operations = (0..<count).map { _ in BlockOperation {} }
        return time {
            for operation in operations { queue.addOperation(operation) }
            queue.waitUntilAllOperationsAreFinished()
        }
    }

    static func independentDispatch(_ count: Int) -> Double {
        let group = DispatchGroup()
        return time {
            for _ in 0..<count { DispatchQueue.global().async(group: group) {} }
            group.wait()
        }
    }

    static func line(_ label: String, per seconds: Double, _ count: Int) -> String {
        String(format: "%@: %.2f µs per operation (%.3f s for %d)", label, seconds / Double(count) * 1e6, seconds, count)
    }
}

/// Wall time of `body`, in seconds.
func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The median wall time of `runs` runs of `body` (which returns its own measurement).
func median(_ runs: Int, _ body: () -> Double) -> Double {
    let samples = (0..<runs).map { _ in body() }.sorted()
    return samples[samples.count / 2]
}
