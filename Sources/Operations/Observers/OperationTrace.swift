import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recording of when operations started and finished, on which thread: a run as a timeline.
public final class OperationTrace: Sendable {
    /// One operation's span. Times are nanoseconds since the trace began.
    public struct Span: Sendable, Equatable, Codable {
        public var name: String
        public var type: String
        public var start: UInt64
        public var end: UInt64
        public var thread: UInt64
        public var cancelled: Bool
        public var errors: [String]
    }

    private struct Open {
        var start: UInt64
        var thread: UInt64
    }

    private struct State {
        var open: [ObjectIdentifier: Open] = [:]
        var spans: [Span] = []
        var threads: [UInt64: UInt64] = [:]

        mutating func number(of thread: UInt64) -> UInt64 {
            if let number = threads[thread] { return number }
            let number = UInt64(threads.count + 1)
            threads[thread] = number
            return number
        }
    }

    private let origin = DispatchTime.now().uptimeNanoseconds
    private let state = Locked(State())

    public init() {}

    /// The finished spans, in the order the operations finished.
    public var spans: [Span] { state.withLock { $0.spans } }

    func begin(_ operation: AdvancedOperation) {
        let start = now()
        let thread = Self.currentThreadID()
        state.withLock { state in
            state.open[ObjectIdentifier(operation)] = Open(start: start, thread: state.number(of: thread))
        }
    }

    func end(_ operation: AdvancedOperation, errors: [any Error]) {
        let end = now()
        let thread = Self.currentThreadID()
        state.withLock { state in
            // An operation cancelled before it started has an empty span where it finished.
            let open = state.open.removeValue(forKey: ObjectIdentifier(operation))
                ?? Open(start: end, thread: state.number(of: thread))
            state.spans.append(Span(
                name: operation.displayName, type: String(describing: type(of: operation)),
                start: open.start, end: end, thread: open.thread,
                cancelled: operation.isCancelled, errors: errors.map { String(describing: $0) }))
        }
    }

    /// The trace in Chrome's trace-event format (one complete event per operation, microseconds),
    /// readable by chrome://tracing and Perfetto.
    public func chromeTraceJSON() throws -> Data {
        struct Event: Encodable {
            var name: String
            var cat: String
            var ph = "X"
            var ts: Double
            var dur: Double
            var pid: Int32
            var tid: UInt64
            var args: [String: String]
        }
        struct Document: Encodable {
            var traceEvents: [Event]
            var displayTimeUnit = "ms"
        }
        let pid = getpid()
        let events = spans.map { span in
            var args = ["cancelled": span.cancelled ? "true" : "false"]
            if !span.errors.isEmpty { args["errors"] = span.errors.joined(separator: "; ") }
            return Event(name: span.name, cat: span.type, ts: Double(span.start) / 1000,
                         dur: Double(span.end - span.start) / 1000, pid: pid, tid: span.thread, args: args)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Document(traceEvents: events))
    }

    private func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds - origin }

    /// The calling thread's identity (pthread_self), which the trace renumbers 1, 2, 3… in order of
    /// first appearance.
    static func currentThreadID() -> UInt64 {
        #if canImport(Darwin)
        return UInt64(UInt(bitPattern: pthread_self()))
        #else
        return UInt64(pthread_self())
        #endif
    }
}
