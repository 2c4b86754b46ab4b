import Dispatch
import Foundation
import Operations

/// Decodes a `contents.json` on a background thread, handing over its items in batches so the store
/// can write one batch while the next decodes; the rest of the feed comes last.
public final class ContentsStreamDecoder: Sendable {
    public enum Piece: Sendable {
        case sessions([Session])
        /// The feed without its items, with every issue; the last piece of a readable feed.
        case lists(ContentsFeed)
        /// The feed cannot be trusted (not JSON, no `contents`): nothing of it may be saved.
        case failed(FeedError)
    }

    private struct State {
        /// Taken pieces are set to nil, so a batch is freed as soon as the consumer has it.
        var queue: [Piece?] = []
        var head = 0
        var finished = false
        var cancelled = false
    }

    private let data: Data
    private let feed: String
    private let batchSize: Int
    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Batches decoded but not yet taken, at most: the decoder waits rather than hold the whole feed
    /// in memory when the store writes slower than it decodes.
    private let slots = DispatchSemaphore(value: 4)

    public init(data: Data, feed: String = "contents.json", batchSize: Int = 500) {
        self.data = data
        self.feed = feed
        self.batchSize = batchSize
    }

    /// Starts decoding on a new thread.
    public func start() {
        let thread = Thread { [self] in
            produce()
            state.withLock { $0.finished = true }
            available.signal()
            done.signal()
        }
        thread.name = "wwdc.contents-decoder"
        thread.start()
    }

    /// The next piece, waiting for it; nil once the document is done.
    public func next() -> Piece? {
        available.wait()
        let piece: Piece? = state.withLock { state in
            if state.head < state.queue.count {
                let piece = state.queue[state.head]
                state.queue[state.head] = nil
                state.head += 1
                return piece
            }
            return nil
        }
        if case .sessions? = piece { slots.signal() }
        // Keep the end-of-document signal available to later calls.
        if piece == nil { available.signal() }
        return piece
    }

    /// Asks the decoder to stop after the current batch, and waits for its thread to end.
    public func cancelAndWait() {
        state.withLock { $0.cancelled = true }
        slots.signal()
        done.wait()
        done.signal()
    }

    /// Queues a piece (a batch waits for a free slot); false when the consumer has cancelled.
    private func emit(_ piece: Piece) -> Bool {
        if case .sessions = piece { slots.wait() }
        let cancelled = state.withLock { state in
            if !state.cancelled { state.queue.append(piece) }
            return state.cancelled
        }
        if !cancelled { available.signal() }
        return !cancelled
    }

    private struct Cancelled: Error {}

    private func produce() {
        do {
            let lists = try FeedDecoder.document(data, feed: feed) { bytes in
                try ContentsReader(feed: feed, batchSize: batchSize).read(bytes) { batch in
                    guard emit(.sessions(batch)) else { throw Cancelled() }
                }
            }
            _ = emit(.lists(lists))
        } catch is Cancelled {
            return
        } catch let error as FeedError {
            _ = emit(.failed(error))
        } catch {
            _ = emit(.failed(FeedError(kind: .invalidValue, feed: feed, detail: String(describing: error))))
        }
    }
}
