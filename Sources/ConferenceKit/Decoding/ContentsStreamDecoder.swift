import Dispatch
import Foundation
import Synchronization

/// Decodes a `contents.json` on a background thread in pieces: first everything but the sessions,
/// then the sessions in batches, so the store can write one batch while the next decodes.
///
/// Sessions are read by `SessionFastParser`, everything else by `JSONDecoder`.
/// Anything unusual (malformed JSON, a key it cannot place) yields `.unsupported`: the caller then
/// decodes the whole document with `FeedDecoder`, which reports the error precisely.
final class ContentsStreamDecoder: Sendable {
    enum Piece: Sendable {
        /// The feed without its sessions.
        case lists(ContentsFeed)
        case sessions([Session])
        case unsupported
    }

    private struct State {
        /// Taken pieces are set to nil, so a batch is freed as soon as the consumer has it.
        var queue: [Piece?] = []
        var head = 0
        var finished = false
        var cancelled = false
    }

    private let data: Data
    private let batchSize: Int
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Batches decoded but not yet taken, at most: the decoder waits rather than hold the whole feed
    /// in memory when the store writes slower than it decodes.
    private let slots = DispatchSemaphore(value: 4)

    init(data: Data, batchSize: Int = 500) {
        self.data = data
        self.batchSize = batchSize
    }

    /// Starts decoding on a new thread.
    func start() {
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
    func next() -> Piece? {
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
    func cancelAndWait() {
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
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = SessionFastParser(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
            do {
                var contents: Range<Int>?
                try parser.readObject { parser, key in
                    guard key.elementsEqual("contents".utf8) else { return try parser.skipValue() }
                    guard contents == nil else { throw SessionFastParser.Unsupported() }
                    let start = parser.index
                    var batch: [Session] = []
                    batch.reserveCapacity(batchSize)
                    try parser.readArray { parser in
                        batch.append(try parser.parseSession())
                        if batch.count == batchSize {
                            guard emit(.sessions(batch)) else { throw Cancelled() }
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    if !batch.isEmpty { guard emit(.sessions(batch)) else { throw Cancelled() } }
                    contents = start..<parser.index
                }
                parser.skipWhitespace()
                guard parser.index == bytes.count, let contents else { throw SessionFastParser.Unsupported() }
                // The document with an empty contents list gives everything else.
                var rest = Data(capacity: bytes.count - contents.count + 2)
                rest.append(UnsafeBufferPointer(rebasing: bytes[..<contents.lowerBound]))
                rest.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
                rest.append(UnsafeBufferPointer(rebasing: bytes[contents.upperBound...]))
                let lists = try JSONDecoder().decode(ContentsFeed.self, from: rest)
                guard lists.sessions.isEmpty else { throw SessionFastParser.Unsupported() }
                _ = emit(.lists(lists))
            } catch is Cancelled {
                return
            } catch {
                _ = emit(.unsupported)
            }
        }
    }
}
