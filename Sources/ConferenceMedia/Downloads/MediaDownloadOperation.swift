import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attempt at a video file: the rest of its `.part` file asked for with `Range`, validated by
/// `If-Range`, streamed to disk as it comes, checked against the server's length, then renamed into
/// place. A retry wraps it.
///
/// A server that ignores the range, or a file that changed since the partial bytes came, answers
/// with the whole file: the part file starts again from zero. The ETag (or Last-Modified date) the
/// bytes come with is in the store before the first byte is written, so a resume after a crash, a
/// kill or Ctrl-C never glues two versions of a file together. The transfer is libcurl's
/// (``CurlTransfer``): no byte is kept in memory beyond the piece being written, and a stall (no
/// byte for ``stallTimeout``, in whole seconds) fails the attempt.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class MediaDownloadOperation: AdvancedOperation, @unchecked Sendable {
    /// What an attempt that succeeded did.
    public enum Outcome: Sendable, Equatable {
        /// The file is complete and in place; `fetched` bytes came in this attempt.
        case downloaded(fetched: Int64, size: Int64)
        /// The file was already complete (another process finished it): no request was made.
        case alreadyComplete(size: Int64)
    }

    /// Bytes on disk so far and the file's size, once known; told as they grow.
    public typealias Progress = @Sendable (_ bytes: Int64, _ total: Int64?) -> Void

    public let item: DownloadItem
    /// Seconds without a byte after which the attempt fails as stalled.
    public let stallTimeout: TimeInterval
    private let store: ConferenceStore
    private let progress: Progress
    private let transfer = Locked(Transfer())

    private struct Transfer {
        var fd: Int32 = -1
        /// The part file's length when the body started: the first byte's offset in the file.
        var offset: Int64 = 0
        var received: Int64 = 0
        var total: Int64?
        var lastReport = ContinuousClock.now
        /// The bytes the last report gave: one held back by the rate limit goes out at the next tick.
        var reportedBytes: Int64 = -1
        var failure: DownloadError?
        var transfer: CurlTransfer?
        /// The `If-Range` sent with a resume; nil when the whole file was asked for.
        var sentValidator: String?
        /// The response is complete without a body (the part file already held all of it).
        var complete = false
        var outcome: Outcome?
        /// What the write-behind handed to the kernel, told at the end.
        var writtenBehind: Int64 = 0
    }

    /// Bytes handed to the disk's writeback at a time while the body comes.
    private let writeBehindChunk: Int64
    /// Touched only on the transfer's thread: set when the body starts, advanced by each piece.
    private var writeBehind: WriteBehind?

    /// `writeBehindChunk`: how many bytes of the file are handed at a time to the disk's writeback
    /// while the body comes (Linux), so that the fsync before the file is named has little left.
    public init(item: DownloadItem, store: ConferenceStore, stallTimeout: TimeInterval = 30,
                writeBehindChunk: Int64 = 16 << 20, progress: @escaping Progress = { _, _ in }) {
        self.item = item
        self.store = store
        self.stallTimeout = stallTimeout
        self.writeBehindChunk = writeBehindChunk
        self.progress = progress
        super.init()
        name = "download \(item.label)"
    }

    /// What the attempt did; nil until it succeeded.
    public var outcome: Outcome? { transfer.withLock { $0.outcome } }

    /// How many bytes of this attempt's body the kernel was asked to write to disk while they came
    /// (whole chunks; none where the system cannot be asked); known once the attempt finished.
    public var bytesWrittenBehind: Int64 { transfer.withLock { $0.writtenBehind } }

    public override func execute() {
        do {
            if let size = try completedSize() {
                transfer.withLock { $0.outcome = .alreadyComplete(size: size) }
                return finish()
            }
            try request()
        } catch {
            finish(with: [error])
        }
    }

    public override func didCancel() {
        transfer.withLock { $0.transfer }?.cancel()
    }

    // MARK: Starting

    /// The size of the finished file when it is already there and complete.
    private func completedSize() throws -> Int64? {
        let record = try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: item.quality) }
        guard let record, record.item.path == item.path, record.isComplete else { return nil }
        return FileSize.of(item.path)
    }

    private func request() throws {
        // A media address: plain http beyond this machine is asked for over https.
        guard case .success(let url) = WebAddress.media(item.url) else { throw DownloadError.unsafeURL(WebAddress.redacted(item.url)) }
        // The validator counts only for the same address and file: other bytes prove nothing.
        let record = try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: item.quality) }
        let validator = record.flatMap { $0.item.url == item.url && $0.item.path == item.path ? $0.validator : nil }
            .flatMap(Self.sendable(validator:))
        let fd = try openPart()
        let length = Int64(lseek(fd, 0, SEEK_END))

        var headers = [
            // Videos are already compressed; asking for no encoding keeps byte offsets the file's own.
            "Accept-Encoding": "identity",
        ]
        var offset: Int64 = 0
        if length > 0, let validator {
            headers["Range"] = "bytes=\(length)-"
            headers["If-Range"] = validator
            offset = length
        }
        let curl = CurlTransfer(url: url.absoluteString, headers: headers, stallSeconds: Int(stallTimeout.rounded(.up)),
                                onHead: { [self] in accept($0) }, onBody: { [self] in append($0) }, onEnd: { [self] in complete($0) },
                                onTick: { [self] in reportHeldBack() })
        transfer.withLock { state in
            state.fd = fd
            state.offset = offset
            state.sentValidator = offset > 0 ? validator : nil
            state.transfer = curl
        }
        curl.start()
        if isCancelled { curl.cancel() }
    }

    /// Opens the part file for writing, refusing anything but a regular file: a link planted in the
    /// download folder must not make wwdc write elsewhere.
    private func openPart() throws -> Int32 {
        let fd = open(item.partPath, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            throw DownloadError.fileError(path: item.partPath, reason: errno == ELOOP ? "a link, not a regular file" : Self.errnoText())
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw DownloadError.fileError(path: item.partPath, reason: "not a regular file")
        }
        return fd
    }

    /// `validator` when it can go in a request header as it is: one line of printable text.
    static func sendable(validator: String) -> String? {
        guard !validator.isEmpty, validator.utf8.count <= 1024,
              validator.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else { return nil }
        return validator
    }

    // MARK: The response

    /// Decides from the response's head whether the body is wanted, and readies the part file for it.
    private func accept(_ head: CurlTransfer.Head) -> CurlTransfer.Disposition {
        do {
            let (offset, total, validator) = try placement(of: head)
            let folder = (item.path as NSString).deletingLastPathComponent
            if let available = FileSize.available(in: folder.isEmpty ? "." : folder), available < total - offset {
                return refuse(.notEnoughSpace(folder: folder.isEmpty ? "." : folder, needed: total - offset, available: available))
            }
            // Recorded before the first byte is written: a resume must know which file its bytes are of.
            try store.write { db in
                try db.recordDownloadStarted(item, validator: validator, totalBytes: total)
            }
            let fd = transfer.withLock { state -> Int32 in
                state.offset = offset
                state.total = total
                state.reportedBytes = offset
                return state.fd
            }
            // Bytes past the offset are of no use (and of another version, when the file changed).
            guard ftruncate(fd, off_t(offset)) == 0, lseek(fd, off_t(offset), SEEK_SET) >= 0 else {
                throw DownloadError.fileError(path: item.partPath, reason: Self.errnoText())
            }
            writeBehind = WriteBehind(from: offset, chunk: writeBehindChunk)
            progress(offset, total)
            return transfer.withLock { $0.complete } ? .skip : .receive
        } catch let error as DownloadError {
            return refuse(error)
        } catch {
            return refuse(.fileError(path: item.partPath, reason: ErrorText.message(error)))
        }
    }

    /// Where the body goes in the part file, the file's full size and the validator the bytes are
    /// of, from the status and headers; truncates the part file when the body is the whole file.
    ///
    /// A body is taken only when its end can be checked: the server must give the file's length.
    private func placement(of head: CurlTransfer.Head) throws -> (offset: Int64, total: Int64, validator: String?) {
        let (asked, sent) = transfer.withLock { ($0.offset, $0.sentValidator) }
        if let encoding = head.value("Content-Encoding"), !encoding.isEmpty, encoding.lowercased() != "identity" {
            throw DownloadError.unusableResponse(detail: "the body is encoded as \(encoding.prefix(40))")
        }
        let received = Self.validator(of: head)
        switch head.status {
        case 206:
            guard let range = ContentRange(head.value("Content-Range")), range.first == asked, let total = range.total,
                  range.last == total - 1 else {
                try truncatePart()
                throw DownloadError.unexpectedRange(detail: "asked from byte \(asked), got \(head.value("Content-Range")?.prefix(60) ?? "no Content-Range")")
            }
            // The rest of another version of the file must not be glued to these bytes.
            if let received, received != sent {
                try truncatePart()
                throw DownloadError.unexpectedRange(detail: "the rest is of another version of the file")
            }
            return (asked, total, sent)
        case 200:
            // The whole file: a server without ranges, or a file that changed since the partial bytes.
            try truncatePart()
            guard let total = head.value("Content-Length").flatMap({ Int64($0) }), total > 0 else {
                throw DownloadError.unusableResponse(detail: "the server does not say how long the file is")
            }
            return (0, total, received.flatMap(Self.sendable(validator:)))
        case 416 where asked > 0:
            // The part file is as long as the file, or longer: done if exactly as long, else stale.
            if let total = ContentRange(head.value("Content-Range"))?.total, total == asked {
                transfer.withLock { $0.complete = true }
                return (asked, total, sent)
            }
            try truncatePart()
            throw DownloadError.unexpectedRange(detail: "the partial file is longer than the file on the server")
        case 200..<300:
            throw DownloadError.unusableResponse(detail: "HTTP \(head.status) without the file")
        default:
            throw DownloadError.httpStatus(
                status: head.status, url: item.url,
                retryAfter: head.value("Retry-After").flatMap(HTTPTransport.seconds(retryAfter:)))
        }
    }

    private func truncatePart() throws {
        let fd = transfer.withLock { state -> Int32 in
            state.offset = 0
            return state.fd
        }
        guard ftruncate(fd, 0) == 0 else { throw DownloadError.fileError(path: item.partPath, reason: Self.errnoText()) }
    }

    /// Fails the attempt with `error`: the transfer stops and its end reports it.
    private func refuse(_ error: DownloadError) -> CurlTransfer.Disposition {
        transfer.withLock { state in
            if state.failure == nil { state.failure = error }
        }
        return .abort
    }

    // MARK: The body

    /// Writes a piece of the body at the end of the part file; false stops the transfer.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let fd = transfer.withLock { $0.fd }
        var done = 0
        while done < bytes.count {
            let count = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                let error = errno
                transfer.withLock { state in
                    state.failure = error == ENOSPC || error == EDQUOT
                        ? .diskFull(path: item.partPath, written: state.offset + state.received + Int64(done))
                        : .fileError(path: item.partPath, reason: String(cString: strerror(error)))
                }
                return false
            }
            done += count
        }
        let end = transfer.withLock { state -> Int64 in
            state.received += Int64(bytes.count)
            return state.offset + state.received
        }
        writeBehind?.wrote(upTo: end, in: fd)
        reportHeldBack()
        return true
    }

    /// Reports the bytes on disk, at most ten times a second: the last bytes before a pause are
    /// reported at the next tick, not when more come.
    private func reportHeldBack() {
        let now = ContinuousClock.now
        let report = transfer.withLock { state -> (Int64, Int64?)? in
            let bytes = state.offset + state.received
            guard bytes != state.reportedBytes, state.total != nil, now - state.lastReport >= .milliseconds(100) else { return nil }
            state.lastReport = now
            state.reportedBytes = bytes
            return (bytes, state.total)
        }
        if let report { progress(report.0, report.1) }
    }

    // MARK: The end

    private func complete(_ end: CurlTransfer.Outcome) {
        let state = transfer.withLock { [writeBehind] state -> Transfer in
            state.transfer = nil
            state.writtenBehind = writeBehind?.requested ?? 0
            return state
        }
        defer { close(state.fd) }
        if let failure = state.failure { return finish(with: [named(failure)]) }
        switch end {
        case .completed: break
        case .cancelled: return finish()
        case .aborted: return finish(with: isCancelled ? [] : [DownloadError.connectionLost(detail: "stopped")])
        case .stalled: return finish(with: [DownloadError.stalled(seconds: stallTimeout.rounded(.up))])
        case let .failed(code, message): return finish(with: [named(Self.classify(code: code, message: message, url: item.url))])
        }
        let size = state.offset + state.received
        // A response is taken only with a known length (see placement): no length, no "done".
        guard let total = state.total else {
            return finish(with: [DownloadError.unusableResponse(detail: "the server does not say how long the file is")])
        }
        if size != total {
            return finish(with: [size < total ? DownloadError.incomplete(received: size, expected: total)
                                              : DownloadError.connectionLost(detail: "more bytes than announced")])
        }
        do {
            guard fsync(state.fd) == 0 else { throw DownloadError.fileError(path: item.partPath, reason: Self.errnoText()) }
            guard rename(item.partPath, item.path) == 0 else { throw DownloadError.fileError(path: item.path, reason: Self.errnoText()) }
            try store.write { try $0.recordDownloadDone(item, totalBytes: size) }
            progress(size, size)
            transfer.withLock { $0.outcome = .downloaded(fetched: state.received, size: size) }
            finish()
        } catch let error as DownloadError {
            finish(with: [error])
        } catch {
            finish(with: [DownloadError.fileError(path: item.path, reason: ErrorText.message(error))])
        }
    }

    /// `error`, naming the https address asked for when it was the feed's plain http one rewritten
    /// and nothing else is left; a failure another attempt may mend is left as it is (retried).
    private func named(_ error: DownloadError) -> any Error {
        guard !error.isRetriable, case .success(let asked) = WebAddress.media(item.url),
              let upgraded = UpgradedAddressError.wrapping(error, asked: asked, original: item.url) else { return error }
        return upgraded
    }

    /// A libcurl failure in the download's words; what another attempt cannot mend is not retried.
    static func classify(code: Int32, message: String, url: String) -> DownloadError {
        let host = URL(string: url)?.host ?? url
        switch code {
        // libcurl itself could not be used.
        case -1: return .transferUnavailable(reason: message)
        // Could not resolve the proxy or the host, could not connect.
        case 5, 6, 7: return .unreachable(host: host, reason: message)
        // An unsupported protocol or a malformed address: a redirect to plain http, refused.
        case 1, 3: return .unsafeURL(url + " (redirected: \(message))")
        case 47: return .unusableResponse(detail: "too many redirects")
        // The certificate or the TLS set-up: a trust problem, not a passing one.
        case 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            return .untrusted(host: host, reason: message)
        default: return .connectionLost(detail: message)
        }
    }

    /// What a resume sends as `If-Range`: a strong ETag, else the Last-Modified date; nil when the
    /// server gives neither (a resume then starts over, since nothing proves the file unchanged).
    static func validator(of head: CurlTransfer.Head) -> String? {
        if let etag = head.value("ETag"), !etag.hasPrefix("W/"), !etag.isEmpty { return etag }
        return head.value("Last-Modified")
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
