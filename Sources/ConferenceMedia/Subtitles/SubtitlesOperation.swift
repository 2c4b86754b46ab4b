import ConferenceBackend
import ConferenceData
import ConferenceModel
import ConferenceSync
import Foundation
import Operations

/// A video's subtitles written to files, one file per ``Request``: from the HLS stream's subtitle
/// rendition in the language (its segments fetched and joined by ``WebVTTJoiner``), else for
/// English the feed's own file (Apple's is English), else the file made from the stored
/// transcript when it is in that language; a request naming several languages takes the first
/// that has subtitles.
///
/// Every file is fetched as the feeds are (``FetchFeedOperation`` through the transport: the
/// address rule, redirects only to addresses wwdc would ask for, a size limit read before the
/// body), each retried; a playlist is read within ``HLSPlaylist``'s bounds, and the segments of a
/// rendition within ``maxTotalBytes``. A language whose subtitles cannot be had is an
/// ``Outcome/missing(path:languages:reasons:)``, never the operation's failure; nothing is written
/// for it.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class SubtitlesOperation: GroupOperation, @unchecked Sendable {
    /// A file to write: the languages it may be in, the first preferred.
    public struct Request: Equatable, Sendable {
        public var languages: [SubtitleLanguage]
        public var path: String

        public init(languages: [SubtitleLanguage], path: String) {
            self.languages = languages
            self.path = path
        }
    }

    /// Where a file's cues came from.
    public enum Source: Equatable, Sendable {
        /// The stream's rendition, by its name (`日本語`).
        case stream(name: String)
        /// The feed's own subtitles file.
        case feedFile
        /// Made from the stored transcript.
        case transcript
    }

    /// How one request ended.
    public enum Outcome: Equatable, Sendable {
        /// Written at `path`, in `language`, from `source`; `passedOver` says why the sources before
        /// it (other languages included) were not used.
        case written(path: String, language: SubtitleLanguage, source: Source, passedOver: [String])
        /// None of the languages could be had: why, for each source tried.
        case missing(path: String, languages: [SubtitleLanguage], reasons: [String])
    }

    /// The most bytes a segment may have: Apple's are one or two kB.
    public static let maxSegmentBytes: Int64 = 1_000_000
    /// The most bytes a rendition's segments may have together, and the feed's file.
    public static let maxTotalBytes: Int64 = 32_000_000

    public let sessionID: String
    public let requests: [Request]
    private let hls: String?
    private let feedFile: String?
    private let store: ConferenceStore
    private let transport: any FeedTransport
    private let retry: RetryPolicy
    private let timeout: TimeInterval
    private let progressed: (@Sendable (_ language: SubtitleLanguage, _ done: Int, _ total: Int) -> Void)?

    private enum Role {
        case master
        case rendition(request: Int, generation: Int, url: URL)
        case segment(request: Int, generation: Int, index: Int)
        case feedFile(request: Int, generation: Int)
    }

    /// Where a request is: which language, which source of it.
    private struct Progress {
        var candidate = 0
        var stage = Stage.stream
        /// Bumped at each new source, so a late segment of an abandoned one is ignored.
        var generation = 0
        var reasons: [String] = []
        var segments: [String?] = []
        var bytes: Int64 = 0
        var outcome: Outcome?
        var renditionName = ""
        /// Whether a source failed in a way that may pass (a timeout, a server error).
        var passing = false
    }

    private enum Stage { case stream, feedFile, transcript, next }

    private struct State {
        var roles: [ObjectIdentifier: Role] = [:]
        var renditions: [HLSPlaylist.Rendition]?
        var masterFailure: String?
        var masterPassing = false
        var progress: [Progress] = []
    }

    private let ledger = Locked(State())

    /// `hls` is the feed's stream (its master playlist), `feedFile` its subtitles file.
    /// `progressed` hears how many of a rendition's segments are in: none once their playlist is
    /// read, then one more at each.
    public init(sessionID: String, hls: String?, feedFile: String?, requests: [Request], store: ConferenceStore,
                transport: any FeedTransport = HTTPTransport(), retry: RetryPolicy = SyncSettings.defaultRetry,
                timeout: TimeInterval = 30, jobs: Int = 4,
                progressed: (@Sendable (_ language: SubtitleLanguage, _ done: Int, _ total: Int) -> Void)? = nil) {
        self.sessionID = sessionID
        self.hls = hls
        self.feedFile = feedFile
        self.requests = requests
        self.store = store
        self.transport = transport
        self.retry = retry
        self.timeout = timeout
        self.progressed = progressed
        super.init()
        name = "subtitles \(sessionID)"
        innerQueue.maxConcurrentOperationCount = max(1, jobs)
        ledger.withLock { $0.progress = Array(repeating: Progress(), count: requests.count) }
    }

    /// How each request ended, in their order; known once the operation finished.
    public var outcomes: [Outcome] {
        let progress = ledger.withLock { $0.progress }
        return zip(requests, progress).map { request, progress in
            progress.outcome ?? .missing(path: request.path, languages: request.languages, reasons: progress.reasons + ["stopped"])
        }
    }

    /// The requests worth trying again later: stopped before they ended, or missing with a source
    /// that failed in a way that may pass (a timeout, a broken connection, a server error, after the
    /// retries). A language missing for a reason that stays (no rendition in it, a refused address,
    /// a file too large, a missing file) is not: asking again would give the same answer.
    public var unfinished: [Request] {
        let progress = ledger.withLock { $0.progress }
        return zip(requests, progress).compactMap { request, progress in
            switch progress.outcome {
            case nil: request
            case .missing?: progress.passing ? request : nil
            case .written?: nil
            }
        }
    }

    /// The languages the stream's master playlist offers, once it was read (nil when it was not).
    public var offeredLanguages: [SubtitleLanguage]? {
        ledger.withLock { $0.renditions }?.compactMap(\.language)
    }

    public override func execute() {
        if let hls, !hls.isEmpty {
            switch WebAddress.media(hls) {
            case .success(let url):
                add(fetch(url, name: "the stream's playlist", limit: HLSPlaylist.maxBytes), role: .master)
                return super.execute()
            case .failure(let refusal):
                ledger.withLock { $0.masterFailure = "the stream's address is refused (\(refusal))" }
            }
        } else {
            ledger.withLock { $0.masterFailure = SubtitleError.noStream.description }
        }
        for index in requests.indices { advance(index) }
        super.execute()
    }

    // MARK: Fetching

    private func fetch(_ url: URL, name: String, limit: Int64) -> RetryOperation<FetchFeedOperation<String>> {
        let transport = transport, timeout = timeout
        return RetryOperation(name: "fetch \(name)", policy: retry) { _ in
            let request = FeedRequest(feed: name, url: url, etag: nil, timeout: timeout, limit: limit,
                                      accept: "application/vnd.apple.mpegurl, text/vtt, */*;q=0.5")
            return FetchFeedOperation(request, transport: transport, timeout: timeout * 2) { response in
                guard case let .modified(data, _, _) = response else { return "" }
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    private func add(_ operation: RetryOperation<FetchFeedOperation<String>>, role: Role) {
        ledger.withLock { $0.roles[ObjectIdentifier(operation)] = role }
        addOperation(operation)
    }

    /// A fetch's failure in the words of subtitles.
    private static func reason(_ errors: [any Error], name: String) -> String {
        let error = OperationError.rootCause(in: errors) ?? errors.first
        if case let .tooLarge(_, limit, _)? = error as? BackendError {
            return SubtitleError.fileTooLarge(name: name, limit: limit).description
        }
        return error.map(ErrorText.message) ?? "\(name) could not be fetched"
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let role = ledger.withLock({ $0.roles.removeValue(forKey: ObjectIdentifier(operation)) }), !isCancelled else { return }
        let text = (operation as? RetryOperation<FetchFeedOperation<String>>)?.succeeded?.output.value
        switch role {
        case .master:
            do {
                guard let text, case .success(let base) = WebAddress.media(hls ?? "") else {
                    ledger.withLock { $0.masterPassing = errors.contains(where: SyncSettings.isPassing) }
                    throw SubtitleError.fetchFailed(detail: Self.reason(errors, name: "the stream's playlist"))
                }
                let renditions = try HLSPlaylist.renditions(text, base: base)
                ledger.withLock { $0.renditions = renditions }
                // For the session's page; the subtitles do not depend on it.
                try? store.write { try $0.recordSubtitleLanguages(sessionID: sessionID, renditions.compactMap(\.language)) }
            } catch {
                ledger.withLock { $0.masterFailure = ErrorText.message(error) }
            }
            for index in requests.indices { advance(index) }
        case let .rendition(request, generation, base):
            guard current(request, generation) else { return }
            do {
                guard let text else { throw SubtitleError.fetchFailed(detail: Self.reason(errors, name: "the rendition's playlist")) }
                let segments = try HLSPlaylist.segments(text, base: base)
                let language = ledger.withLock { state in
                    state.progress[request].segments = Array(repeating: nil, count: segments.count)
                    return requests[request].languages[state.progress[request].candidate]
                }
                progressed?(language, 0, segments.count)
                if segments.isEmpty { return join(request, generation) }
                for (index, url) in segments.enumerated() {
                    add(fetch(url, name: "segment \(index + 1)", limit: Self.maxSegmentBytes),
                        role: .segment(request: request, generation: generation, index: index))
                }
            } catch {
                fail(request, generation, reason: ErrorText.message(error), errors: text == nil ? errors : [])
            }
        case let .segment(request, generation, index):
            guard let text else { return fail(request, generation, reason: Self.reason(errors, name: "segment \(index + 1)"), errors: errors) }
            // Checked and stored at once: another segment of the rendition may fail meanwhile.
            let stored = ledger.withLock { state -> (complete: Bool, total: Int64, done: Int, of: Int, language: SubtitleLanguage)? in
                let progress = state.progress[request]
                guard progress.generation == generation, progress.outcome == nil, progress.segments.indices.contains(index) else { return nil }
                state.progress[request].segments[index] = text
                state.progress[request].bytes += Int64(text.utf8.count)
                let segments = state.progress[request].segments
                let done = segments.count { $0 != nil }
                return (done == segments.count, state.progress[request].bytes, done, segments.count,
                        requests[request].languages[progress.candidate])
            }
            guard let stored else { return }
            progressed?(stored.language, stored.done, stored.of)
            if stored.total > Self.maxTotalBytes {
                return fail(request, generation, reason: SubtitleError.tooLarge(limit: Self.maxTotalBytes).description)
            }
            if stored.complete { join(request, generation) }
        case let .feedFile(request, generation):
            guard current(request, generation) else { return }
            guard let text else { return fail(request, generation, reason: Self.reason(errors, name: "the feed's subtitles file"), errors: errors) }
            var joiner = WebVTTJoiner()
            do {
                try joiner.add(segment: text, index: 0)
                try write(joiner.document(), request: request, source: .feedFile)
            } catch SubtitleError.notWebVTT {
                fail(request, generation, reason: "the feed's subtitles file is not WebVTT")
            } catch {
                fail(request, generation, reason: ErrorText.message(error))
            }
        }
    }

    /// Whether `generation` is still the source `request` is reading.
    private func current(_ request: Int, _ generation: Int) -> Bool {
        ledger.withLock { $0.progress[request].generation == generation && $0.progress[request].outcome == nil }
    }

    // MARK: Deciding

    /// Starts the next source of `request`: the stream's rendition, the feed's file, the transcript,
    /// then the next language; records the outcome when none is left.
    private func advance(_ index: Int) {
        let request = requests[index]
        while true {
            let (progress, renditions, masterFailure, masterPassing) = ledger.withLock {
                ($0.progress[index], $0.renditions, $0.masterFailure, $0.masterPassing)
            }
            guard progress.outcome == nil else { return }
            guard progress.candidate < request.languages.count else {
                ledger.withLock { $0.progress[index].outcome = .missing(path: request.path, languages: request.languages, reasons: progress.reasons) }
                return
            }
            let language = request.languages[progress.candidate]
            let generation = progress.generation + 1
            ledger.withLock { $0.progress[index].generation = generation }
            switch progress.stage {
            case .stream:
                setStage(index, .feedFile)
                if let masterFailure {
                    if masterPassing { ledger.withLock { $0.progress[index].passing = true } }
                    note(index, "\(language): \(masterFailure)")
                    continue
                }
                let offered = renditions ?? []
                guard let rendition = offered.first(where: { $0.language.map(language.matches) ?? false }) else {
                    let names = offered.compactMap(\.language?.code)
                    note(index, SubtitleError.noRendition(language: language.code, offered: names).description)
                    continue
                }
                guard let url = rendition.url else {
                    note(index, "\(language): " + (rendition.refusal ?? .noStream).description)
                    continue
                }
                ledger.withLock { $0.progress[index].renditionName = rendition.name.isEmpty ? language.code : rendition.name }
                add(fetch(url, name: "the \(language) rendition", limit: HLSPlaylist.maxBytes), role: .rendition(request: index, generation: generation, url: url))
                return
            case .feedFile:
                setStage(index, .transcript)
                guard language.matches(.english), let feedFile, !feedFile.isEmpty else { continue }
                guard case .success(let url) = WebAddress.media(feedFile) else {
                    note(index, "the feed's subtitles address is refused")
                    continue
                }
                add(fetch(url, name: "the feed's subtitles file", limit: Self.maxTotalBytes), role: .feedFile(request: index, generation: generation))
                return
            case .transcript:
                setStage(index, .next)
                do {
                    guard let transcript = try store.read({ try $0.transcript(sessionID: sessionID) }), !transcript.paragraphs.isEmpty else {
                        note(index, "no transcript to make them from")
                        continue
                    }
                    guard let spoken = SubtitleLanguage(transcript.language), spoken.matches(language) else {
                        note(index, "the transcript is in \(Clean.line(transcript.language))")
                        continue
                    }
                    try write(WebVTTWriter.document(transcript), request: index, source: .transcript)
                    return
                } catch {
                    note(index, ErrorText.message(error))
                    continue
                }
            case .next:
                ledger.withLock { state in
                    state.progress[index].candidate += 1
                    state.progress[index].stage = .stream
                }
            }
        }
    }

    private func setStage(_ index: Int, _ stage: Stage) {
        ledger.withLock { $0.progress[index].stage = stage }
    }

    private func note(_ index: Int, _ reason: String) {
        ledger.withLock { $0.progress[index].reasons.append(reason) }
    }

    /// The source `generation` of request `index` failed: says why, and goes on to the next; once,
    /// however many of its files fail. `errors` are the fetch's, when a file could not be had.
    private func fail(_ index: Int, _ generation: Int, reason: String, errors: [any Error] = []) {
        let language = ledger.withLock { state -> SubtitleLanguage? in
            guard state.progress[index].generation == generation, state.progress[index].outcome == nil else { return nil }
            if errors.contains(where: SyncSettings.isPassing) { state.progress[index].passing = true }
            state.progress[index].generation += 1
            state.progress[index].segments = []
            state.progress[index].bytes = 0
            return requests[index].languages[state.progress[index].candidate]
        }
        guard let language else { return }
        note(index, "\(language): \(reason)")
        advance(index)
    }

    /// Joins the rendition's segments, in order, and writes the file.
    private func join(_ index: Int, _ generation: Int) {
        let (segments, name) = ledger.withLock { ($0.progress[index].segments.compactMap { $0 }, $0.progress[index].renditionName) }
        var joiner = WebVTTJoiner()
        do {
            for (number, segment) in segments.enumerated() { try joiner.add(segment: segment, index: number) }
            try write(joiner.document(), request: index, source: .stream(name: name))
        } catch {
            fail(index, generation, reason: ErrorText.message(error))
        }
    }

    /// Writes `document` as `request`'s file, whole or not at all.
    private func write(_ document: String, request index: Int, source: Source) throws {
        let request = requests[index]
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: request.path), options: .atomic)
        } catch {
            throw FileAccessError.write(request.path, error)
        }
        ledger.withLock { state in
            let progress = state.progress[index]
            state.progress[index].segments = []
            state.progress[index].outcome = .written(path: request.path, language: request.languages[progress.candidate], source: source,
                                                     passedOver: progress.reasons)
        }
    }

    /// A language that could not be had is an outcome, not the operation's failure.
    public override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        isCancelled ? errors : []
    }
}
