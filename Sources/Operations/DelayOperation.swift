import Foundation

/// Waits for an interval, or until a date. Zero, negative or past finish at once; cancelling finishes
/// it at once.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
public final class DelayOperation: AdvancedOperation, @unchecked Sendable {
    private enum Delay {
        case interval(TimeInterval)
        case date(Date)
    }

    private let delay: Delay

    public init(_ interval: TimeInterval) {
        delay = .interval(interval)
        super.init()
    }

    public init(until date: Date) {
        delay = .date(date)
        super.init()
    }

    public override func execute() {
        let interval: TimeInterval
        switch delay {
        case let .interval(seconds): interval = seconds
        case let .date(date): interval = date.timeIntervalSinceNow
        }
        guard interval > 0, interval.isFinite, !isCancelled else {
            finish()
            return
        }
        // The timer's late finish() after a cancellation is a no-op: finish is idempotent.
        DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in self?.finish() }
        if isCancelled { finish() }
    }

    public override func didCancel() {
        if isExecuting { finish() }
    }
}
