import CCurl
import Foundation
import Operations

/// One HTTP GET through libcurl on a thread of its own: the response head, then each piece of the
/// body as it arrives, then the end, handed to the owner's closures on that thread.
///
/// Why not URLSession: on Linux it hands a data task's body to its delegate through an operation
/// queue with no back-pressure, so a fast server fills memory (measured: 465 MB to download 1 GiB)
/// at half curl's speed. Here the body is handed over where libcurl reads it, and libcurl reads no
/// more until the owner has written it: memory stays flat and the speed is curl's own.
//
// @unchecked Sendable: `cancelled` is a Locked; the rest is set before the thread starts.
public final class CurlTransfer: @unchecked Sendable {
    /// What to do with a response's body, decided from its head.
    public enum Disposition {
        /// Hand the body to ``onBody``.
        case receive
        /// Read no body: the transfer is complete as it is.
        case skip
        /// Stop the transfer now; ``onEnd`` gets ``Outcome/aborted``.
        case abort
    }

    /// How a transfer ended.
    public enum Outcome: Sendable {
        /// The whole response came.
        case completed
        /// The owner stopped it (a head it refused, a body it could not write).
        case aborted
        /// ``cancel()`` stopped it.
        case cancelled
        /// No byte for the stall timeout (or no connection within it).
        case stalled
        /// libcurl failed: its code and message.
        case failed(code: Int32, message: String)
    }

    public struct Head {
        public var status: Int
        /// Header fields by lowercased name (the last value of a repeated one).
        var fields: [String: String]

        public func value(_ name: String) -> String? { fields[name.lowercased()] }
    }

    private let url: String
    private let headers: [String: String]
    private let stallSeconds: Int
    private let followsRedirects: Bool
    private let threadName: String
    private let onHead: (Head) -> Disposition
    private let onBody: (UnsafeRawBufferPointer) -> Bool
    private let onEnd: (Outcome) -> Void
    private let onTick: () -> Void
    private let cancelled = Locked(false)

    // Touched only on the transfer's thread.
    private var fields: [String: String] = [:]
    private var disposition: Disposition?
    private var handle: UnsafeMutableRawPointer?

    /// A GET of `url` with these extra request headers; no byte for `stallSeconds` (at least 1)
    /// ends it as stalled. Redirects are followed to https addresses only, or not at all (the
    /// owner sees the redirect's head and follows it itself). The body is handed over as sent:
    /// libcurl decodes no `Content-Encoding`. `onTick` is called on the transfer's thread at
    /// libcurl's progress calls: often while bytes come, about once a second while none does.
    public init(url: String, headers: [String: String], stallSeconds: Int, followsRedirects: Bool = true, threadName: String = "wwdc download",
         onHead: @escaping (Head) -> Disposition, onBody: @escaping (UnsafeRawBufferPointer) -> Bool, onEnd: @escaping (Outcome) -> Void,
         onTick: @escaping () -> Void = {}) {
        self.url = url
        self.headers = headers
        self.stallSeconds = max(1, stallSeconds)
        self.followsRedirects = followsRedirects
        self.threadName = threadName
        self.onHead = onHead
        self.onBody = onBody
        self.onEnd = onEnd
        self.onTick = onTick
    }

    /// Whether libcurl can be used here; the reason when not. The first call loads and initialises
    /// it, which libcurl wants done before any other thread uses it: call it early, on the main thread.
    public static func availability() -> String? {
        wwdc_curl_load() == 0 ? nil : String(cString: wwdc_curl_load_error())
    }

    /// Starts the transfer on a new thread.
    public func start() {
        let thread = Thread { [self] in onEnd(perform()) }
        thread.name = threadName
        thread.start()
    }

    /// Stops the transfer soon (at libcurl's next progress call); ``onEnd`` gets ``Outcome/cancelled``.
    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    // MARK: The transfer

    private func perform() -> Outcome {
        if let reason = Self.availability() { return .failed(code: -1, message: reason) }
        // libcurl keeps the buffer's address until the handle is cleaned up, after this function's
        // closures: it must outlive them, and the handle (hence declared first, freed last).
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        errorBuffer.initialize(repeating: 0, count: 256)
        defer { errorBuffer.deallocate() }
        guard let handle = Self.idleHandles.withLock({ $0.popLast() }) ?? wwdc_curl_easy_init() else {
            return .failed(code: -1, message: "libcurl could not start a transfer")
        }
        self.handle = handle
        defer { Self.putAway(handle) }
        var list: UnsafeMutableRawPointer?
        for (name, value) in headers { list = wwdc_curl_slist_append(list, "\(name): \(value)") }
        defer { if let list { wwdc_curl_slist_free_all(list) } }
        let context = Unmanaged.passRetained(self)
        defer { context.release() }

        let code: Int32 = url.withCString { url in
            do {
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_URL), url)
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_ERRORBUFFER), errorBuffer)
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_HTTPHEADER), list)
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_USERAGENT), "wwdc")
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_NOSIGNAL), 1)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_PROTOCOLS), Int(WWDC_CURLPROTO_HTTP | WWDC_CURLPROTO_HTTPS))
                // A redirect may not lead to plain http: wwdc asks for plain http only on this machine.
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_REDIR_PROTOCOLS), Int(WWDC_CURLPROTO_HTTPS))
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_FOLLOWLOCATION), followsRedirects ? 1 : 0)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_HTTP_CONTENT_DECODING), 0)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_MAXREDIRS), 10)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_CONNECTTIMEOUT), stallSeconds)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_LOW_SPEED_LIMIT), 1)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_LOW_SPEED_TIME), stallSeconds)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_BUFFERSIZE), 256 * 1024)
                _ = wwdc_curl_setopt_long(handle, Int32(WWDC_CURLOPT_NOPROGRESS), 0)
                let opaque = context.toOpaque()
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_HEADERDATA), opaque)
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_WRITEDATA), opaque)
                _ = wwdc_curl_setopt_pointer(handle, Int32(WWDC_CURLOPT_XFERINFODATA), opaque)
                _ = wwdc_curl_setopt_data_callback(handle, Int32(WWDC_CURLOPT_HEADERFUNCTION), curlHeaderLine)
                _ = wwdc_curl_setopt_data_callback(handle, Int32(WWDC_CURLOPT_WRITEFUNCTION), curlBody)
                _ = wwdc_curl_setopt_progress_callback(handle, curlProgress)
                return wwdc_curl_easy_perform(handle)
            }
        }
        let message = errorBuffer[0] == 0 ? String(cString: wwdc_curl_easy_strerror(code)) : String(cString: errorBuffer)
        switch code {
        case 0:
            // A response without a body (a 416, an empty file) has not been shown to the owner yet.
            if disposition == nil, decide() == .abort { return .aborted }
            return .completed
        case 42 where cancelled.withLock({ $0 }): return .cancelled
        case 23, 42: return .aborted
        case 28: return .stalled
        default: return .failed(code: code, message: message)
        }
    }

    /// Handles whose transfers ended, kept with their open connections: the next transfer to the
    /// same server reuses one instead of connecting (and for https, shaking hands) again.
    private static let idleHandles = Locked<[UnsafeMutableRawPointer]>([])
    private static let idleLimit = 32

    private static func putAway(_ handle: UnsafeMutableRawPointer) {
        wwdc_curl_easy_reset(handle)
        let kept = idleHandles.withLock { handles -> Bool in
            guard handles.count < idleLimit else { return false }
            handles.append(handle)
            return true
        }
        if !kept { wwdc_curl_easy_cleanup(handle) }
    }

    /// Shows the owner the response's head, once: at its first byte of body, or at its end.
    fileprivate func decide() -> Disposition {
        if let disposition { return disposition }
        var status = 0
        if let handle { _ = wwdc_curl_getinfo_long(handle, Int32(WWDC_CURLINFO_RESPONSE_CODE), &status) }
        let decided = onHead(Head(status: status, fields: fields))
        disposition = decided
        return decided
    }

    fileprivate func headerLine(_ line: String) {
        if line.hasPrefix("HTTP/") {
            // A new response (after a redirect or a 100 Continue): its fields replace the last one's.
            fields = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    fileprivate func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch decide() {
        case .receive: onBody(bytes)
        case .skip: true
        case .abort: false
        }
    }

    fileprivate var isCancelled: Bool { cancelled.withLock { $0 } }

    fileprivate func tick() { onTick() }
}

private func curlHeaderLine(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    transfer.headerLine(String(decoding: bytes, as: UTF8.self))
    return size * count
}

private func curlBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    // Anything but the full count makes libcurl stop with a write error.
    return transfer.body(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
}

private func curlProgress(_ context: UnsafeMutableRawPointer?, _: Int64, _: Int64, _: Int64, _: Int64) -> Int32 {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.tick()
    return transfer.isCancelled ? 1 : 0
}
