import CZlib
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A feed's body as it arrives, decoded and bounded: gzip (every member of it), deflate (with
/// zlib's wrapper or without) or plain, and never more than ``limit`` bytes once decoded, so a
/// compressed bomb is refused after reading no more of it than the limit's worth.
///
/// The coding is the one `Content-Encoding` names; a body without one that starts as gzip or
/// zlib data does (a folder's file, a misconfigured server) is decoded too. The decoded bytes wait
/// in memory, or once they are many in an unlinked temporary file, and come back at their exact
/// size: memory never holds the body twice.
//
// Used from one thread at a time (a transfer's, then its completion's): not Sendable.
final class FeedBody {
    /// How a body's bytes are compressed.
    enum Coding: String, Sendable {
        case identity
        case gzip
        /// Deflate with zlib's two-byte header and checksum (RFC 1950), what `deflate` means.
        case zlib
        /// Deflate without a wrapper (RFC 1951), what some servers send as `deflate`.
        case rawDeflate = "raw deflate"

        var name: String { self == .identity ? "plain" : rawValue }
    }

    /// What the response's `Content-Encoding` announced.
    enum Label: Equatable {
        /// None (or `identity`): the first bytes say.
        case none
        case gzip
        case deflate
    }

    let feed: String
    let limit: Int64
    private let label: Label
    private(set) var coding: Coding?
    /// Bytes received, as sent (compressed or not).
    private(set) var receivedCount: Int64 = 0
    /// Bytes decoded so far.
    private(set) var decodedCount: Int64 = 0

    /// The first bytes, kept until they are enough to tell the coding.
    private var head: [UInt8] = []
    private var inflater: UnsafeMutableRawPointer?
    /// Between two gzip members (or after the stream): what follows must be another member, or zeros.
    private var betweenMembers = false
    /// The bytes after a stream's end that may start the next gzip member.
    private var carry: [UInt8] = []
    private var output = [UInt8](repeating: 0, count: 256 * 1024)
    private var spool: Spool

    /// A body labelled with `contentEncoding` (the header's value, nil when absent), read into at
    /// most `limit` decoded bytes. Throws for a coding wwdc cannot read.
    init(feed: String, contentEncoding: String?, limit: Int64) throws {
        self.feed = feed
        self.limit = limit
        spool = Spool(feed: feed)
        label = try Self.label(of: contentEncoding, feed: feed)
    }

    deinit {
        wwdc_inflater_free(inflater)
        spool.discard()
    }

    /// The coding `Content-Encoding` names: the last of a list (the others undone before it), where
    /// `identity` is no coding at all.
    static func label(of header: String?, feed: String) throws -> Label {
        let codings = (header ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: return .none
        case ["gzip"], ["x-gzip"]: return .gzip
        case ["deflate"]: return .deflate
        default: throw BackendError.undecodable(feed: feed, detail: "compressed as \(codings.joined(separator: ", ").prefix(40)), which wwdc cannot read")
        }
    }

    /// Takes the next bytes of the body. Throws when they are not what the coding says, or when the
    /// decoded body would pass the limit.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        receivedCount += Int64(bytes.count)
        guard let coding else {
            head += bytes
            if head.count >= 2 { try begin(with: head) }
            return
        }
        try take(bytes, coding: coding)
    }

    /// The whole decoded body, once every byte has come. Throws when a compressed body stopped
    /// before its end.
    func finish() throws -> Data {
        if coding == nil { try begin(with: head) }
        if let coding, coding != .identity, !betweenMembers {
            throw BackendError.undecodable(feed: feed, detail: "the \(coding.name) data is cut short")
        }
        if !carry.isEmpty { _ = try member(after: UnsafeRawBufferPointer(start: nil, count: 0), final: true) }
        return try spool.data()
    }

    // MARK: Decoding

    /// Decides the coding from the first bytes (all of them when the body is shorter), then takes them.
    private func begin(with first: [UInt8]) throws {
        let decided: Coding
        switch label {
        case .gzip:
            guard Self.isGzip(first) || first.isEmpty else {
                throw BackendError.undecodable(feed: feed, detail: "the body is not gzip data, as its Content-Encoding says")
            }
            decided = first.isEmpty ? .identity : .gzip
        case .deflate:
            decided = first.isEmpty ? .identity : Self.isZlib(first) ? .zlib : .rawDeflate
        case .none:
            decided = Self.isGzip(first) ? .gzip : Self.isZlib(first) ? .zlib : .identity
        }
        coding = decided
        head = []
        if decided != .identity {
            inflater = wwdc_inflater_new(decided == .gzip ? 15 + 16 : decided == .zlib ? 15 : -15)
            guard inflater != nil else {
                let reason = wwdc_zlib_load() == 0 ? "out of memory" : String(cString: wwdc_zlib_load_error())
                throw BackendError.undecodable(feed: feed, detail: "\(decided.name) data, and zlib cannot be used here (\(reason))")
            }
        }
        try first.withUnsafeBytes { try take($0, coding: decided) }
    }

    private func take(_ bytes: UnsafeRawBufferPointer, coding: Coding) throws {
        guard coding != .identity else { return try keep(bytes) }
        var rest = bytes
        while true {
            if betweenMembers {
                if rest.isEmpty { return }
                rest = try member(after: rest, final: false)
                continue
            }
            var consumed = 0, produced = 0
            let code = output.withUnsafeMutableBytes { out in
                wwdc_inflater_run(inflater, rest.baseAddress?.assumingMemoryBound(to: UInt8.self), rest.count, &consumed,
                                  out.baseAddress?.assumingMemoryBound(to: UInt8.self), out.count, &produced)
            }
            if produced > 0 { try output.withUnsafeBytes { try keep(UnsafeRawBufferPointer(rebasing: $0[..<produced])) } }
            rest = UnsafeRawBufferPointer(rebasing: rest[consumed...])
            switch Int(code) {
            case WWDC_Z_OK:
                // All taken, and zlib holds no more output: the next bytes are needed.
                if rest.isEmpty && produced < output.count { return }
            case WWDC_Z_STREAM_END:
                betweenMembers = true
            case WWDC_Z_BUF_ERROR:
                // Nothing to do without more input.
                return
            default:
                let message = wwdc_inflater_message(inflater).map { String(cString: $0) } ?? "zlib error \(code)"
                throw BackendError.undecodable(feed: feed, detail: "the \(coding.name) data is corrupt (\(message))")
            }
        }
    }

    /// After the end of a stream: another gzip member starts (its magic bytes, perhaps split between
    /// two pieces of the body), or zeros pad the body; anything else is not part of the coding.
    /// Returns what is left of `bytes` for the next member.
    private func member(after bytes: UnsafeRawBufferPointer, final: Bool) throws -> UnsafeRawBufferPointer {
        var rest = bytes
        // Zeros after the end are padding (gzip(1) ignores them too).
        if carry.isEmpty {
            rest = UnsafeRawBufferPointer(rebasing: rest[(rest.firstIndex { $0 != 0 } ?? rest.endIndex)...])
            guard let first = rest.first else { return rest }
            carry.append(first)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
        }
        if carry.count < 2, let second = rest.first {
            carry.append(second)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
        }
        guard carry.count >= 2 || !final else {
            throw BackendError.undecodable(feed: feed, detail: "the \(coding?.name ?? "compressed") data is followed by other bytes")
        }
        guard carry.count >= 2 else { return rest }
        guard coding == .gzip, Self.isGzip(carry) else {
            throw BackendError.undecodable(feed: feed, detail: "the \(coding?.name ?? "compressed") data is followed by other bytes")
        }
        // The next member.
        _ = wwdc_inflater_reset(inflater)
        betweenMembers = false
        let magic = carry
        carry = []
        try magic.withUnsafeBytes { try take($0, coding: .gzip) }
        return rest
    }

    /// Keeps decoded bytes, within the limit.
    private func keep(_ bytes: UnsafeRawBufferPointer) throws {
        decodedCount += Int64(bytes.count)
        if decodedCount > limit {
            throw BackendError.tooLarge(feed: feed, limit: limit, compressed: coding.map { $0 != .identity } ?? false)
        }
        try spool.add(bytes)
    }

    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// zlib's header: deflate with a window of at most 32 KB, and a check that makes the two bytes a
    /// multiple of 31 (text, JSON included, is never taken for one).
    static func isZlib(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] & 0x0f == 8 && bytes[0] >> 4 <= 7 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }
}

extension FeedBody {
    /// Decodes a whole body at once (a folder's file), read from `file` a piece at a time.
    static func decode(file: FileHandle, feed: String, limit: Int64) throws -> (data: Data, raw: Int64) {
        let body = try FeedBody(feed: feed, contentEncoding: nil, limit: limit)
        while true {
            let piece = try file.read(upToCount: 1 << 20) ?? Data()
            if piece.isEmpty { break }
            try piece.withUnsafeBytes { try body.append($0) }
        }
        return (try body.finish(), body.receivedCount)
    }
}

/// Decoded bytes: in memory while they are few, then in an unlinked temporary file, read back at
/// their exact size.
private struct Spool {
    /// Past this, the bytes go to a file: a growing buffer would take up to twice the body.
    static let memoryLimit = 4 << 20

    let feed: String
    private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    private var written = 0

    init(feed: String) {
        self.feed = feed
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) throws {
        if descriptor < 0, memory.count + bytes.count <= Self.memoryLimit {
            memory += bytes
            return
        }
        if descriptor < 0 {
            try openFile()
            let held = memory
            memory = []
            try held.withUnsafeBytes { try put($0) }
        }
        try put(bytes)
    }

    /// Everything added, at its exact size; the file is closed.
    mutating func data() throws -> Data {
        guard descriptor >= 0 else { return Data(memory) }
        let fd = descriptor
        descriptor = -1
        defer { close(fd) }
        var data = Data(count: written)
        let count = written
        let read = data.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            return done
        }
        guard read == count else { throw failure("cannot read back the body from its temporary file") }
        return data
    }

    func discard() {
        if descriptor >= 0 { close(descriptor) }
    }

    private mutating func openFile() throws {
        var template = Array((NSTemporaryDirectory() + "/wwdc-feed-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot keep the body in a temporary file") }
        // Unlinked at once: nothing is left behind, whatever ends the process.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = fd
    }

    private mutating func put(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure("cannot keep the body in a temporary file") }
            done += n
        }
        written += bytes.count
    }

    private func failure(_ what: String) -> BackendError {
        .transport(feed: feed, detail: "\(what): \(String(cString: strerror(errno)))")
    }
}
