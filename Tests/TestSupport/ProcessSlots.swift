import Foundation

/// How many programs the tests run at once.
///
/// Swift Testing starts every test at once; each one that runs `wwdc` frees its pool thread while
/// the child runs, so the next test starts another child, and so on: hundreds of processes on two
/// cores, and a test that waits a minute for an event in its own process waits in vain. Runs to
/// completion take a slot; children a test starts and holds while it runs others (`start`) take
/// none, so a test never waits for a slot it holds itself.
public actor ProcessSlots {
    public static let shared = ProcessSlots(limit: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let limit: Int
    private var used = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(limit: Int) {
        self.limit = limit
    }

    /// Runs `body` once a slot is free, first come first served.
    public func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if used < limit {
            used += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            used -= 1
        } else {
            // The slot passes to the next in line without being counted free in between.
            waiting.removeFirst().resume()
        }
    }
}
