import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation
import Operations

/// The transcripts step: the manifests first, each asked for with the ETag of the last sync, then
/// only the transcripts whose ETag changed (or the digest, when it is fewer bytes), at most
/// `settings.jobs` at a time, each request retried by the settings' policy.
///
/// Transcripts only add to the schedule: a manifest that cannot be read skips the step (saying
/// why) and one transcript that cannot be fetched is reported and tried again by the next sync;
/// neither fails the sync. Nothing reaches the store before the save step.
//
// @unchecked Sendable: mutable state is in Locked values; the rest is immutable.
final class TranscriptsOperation: GroupOperation, SyncStepOperation, OutputOperation, @unchecked Sendable {
    let step = SyncStep.transcripts
    let output = OperationOutput<FetchedTranscripts>()
    private let context: SyncContext
    /// The config, which names the manifests.
    private let config = OperationInput<AppConfig>()
    private let progress: @Sendable (_ done: Int, _ total: Int) -> Void

    private enum Role {
        case manifest(language: String, url: URL)
        case digest(language: String, items: [TranscriptPlan.Item])
        case single(TranscriptPlan.Item)
    }

    private struct State {
        var roles: [ObjectIdentifier: Role] = [:]
        var manifestsPending = 0
        var sources: [String: TranscriptPlan.Source] = [:]
        var manifestFailure: (any Error)?
        var batch = TranscriptBatch()
        var checks: [String: String?] = [:]
        var issues: [FeedIssue] = []
        var failed: [String] = []
        var total = 0
        var done = 0
        var viaDigest = 0
    }

    private let ledger = Locked(State())
    /// The index being built while the transcripts arrive, when this sync replaces every one stored.
    private let staging = Locked<TranscriptStaging?>(nil)

    init(context: SyncContext, config configStep: DownloadConfigOperation,
         progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) {
        self.context = context
        self.progress = progress
        super.init()
        name = step.rawValue
        innerQueue.maxConcurrentOperationCount = max(1, context.settings.jobs)
        injectResult(from: configStep, into: config) { $0.feed }
    }

    override func execute() {
        let manifests: [(language: String, url: URL)]
        do {
            manifests = try context.transcriptManifests(config: config.value)
        } catch {
            return finish(with: [SkippedStep(reason: ErrorText.message(error) + "; transcripts not updated")])
        }
        guard !manifests.isEmpty else { return finish(with: [SkippedStep(reason: "not offered by this source")]) }
        ledger.withLock { $0.manifestsPending = manifests.count }
        for manifest in manifests {
            let request = FeedRequest(feed: manifest.url.lastPathComponent, url: manifest.url,
                                      etag: context.storedETag(named: Self.metadataName(manifest.language), config: config.value),
                                      timeout: context.settings.timeout, limit: context.settings.feedLimit)
            add(request, content: .manifest, role: .manifest(language: manifest.language, url: manifest.url))
        }
        super.execute()
    }

    /// The name a manifest's ETag is recorded under.
    static func metadataName(_ language: String) -> String { "transcripts.\(language)" }

    // MARK: Children

    /// Adds one request, retried; what it brings is kept once it has finished (`operationDidFinish`).
    private func add(_ request: FeedRequest, content: TranscriptFile.Content, role: Role) {
        let transport = context.settings.transport
        let retrying = RetryOperation(name: "fetch \(request.feed)", policy: context.settings.retry) { _ in
            FetchFeedOperation(request, transport: transport, timeout: request.timeout * 2) { response in
                try TranscriptFile.read(response, as: content, of: request)
            }
        }
        ledger.withLock { $0.roles[ObjectIdentifier(retrying)] = role }
        addOperation(retrying)
    }

    private func record(_ outcome: TranscriptFile, role: Role) {
        let arrived = ledger.withLock { state -> [TranscriptBatch.Fetched] in
            let before = state.batch.fetched.count
            recordLocked(outcome, role: role, in: &state)
            return Array(state.batch.fetched[before...])
        }
        if let staging = staging.withLock({ $0 }) {
            for fetched in arrived { staging.add(fetched) }
        }
    }

    private func recordLocked(_ outcome: TranscriptFile, role: Role, in state: inout State) {
        switch (role, outcome) {
        case let (.manifest(language, url), .manifest(manifest, issues, etag)):
            let (manifest, refused) = usable(manifest, from: url)
            state.sources[language] = TranscriptPlan.Source(language: language, entries: manifest.individual, digest: manifest.digest)
            state.batch.manifests[language] = manifest
            state.checks[Self.metadataName(language)] = etag
            state.issues += issues + refused
        case let (.manifest(language, _), .notModified):
            state.checks[Self.metadataName(language)] = context.storedETag(named: Self.metadataName(language), config: config.value)
        case let (.digest(_, items), .transcripts(transcripts, issues, bytes)):
            let wanted = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let found = transcripts.filter { wanted[$0.sessionID] != nil }
            let share = transcripts.isEmpty ? bytes : bytes / transcripts.count
            for transcript in found {
                state.batch.fetched.append(.init(transcript: transcript, etag: wanted[transcript.sessionID]?.entry.etag, bytes: share))
            }
            state.issues += issues.filter { $0.item.map { wanted[$0] != nil } ?? true }
        case let (.single(item), .transcripts(transcripts, issues, bytes)):
            // A file holds its item's transcript; one under another id is not what was asked for.
            if let transcript = transcripts.first(where: { $0.sessionID == item.id }) ?? (transcripts.count == 1 ? transcripts.first : nil) {
                var transcript = transcript
                transcript.sessionID = item.id
                state.batch.fetched.append(.init(transcript: transcript, etag: item.entry.etag, bytes: bytes))
            } else {
                state.issues.append(FeedIssue(kind: .skipped, feed: item.entry.url.lastPathComponent, item: item.id,
                                              field: nil, reason: "the file holds no transcript of this item"))
            }
            state.issues += issues
        default:
            break
        }
    }

    /// The manifest without the entries whose address the source refuses (a file outside a folder
    /// source, plain http elsewhere), each reported as skipped, whether or not the digest would
    /// have stood in for it.
    private func usable(_ manifest: TranscriptManifest, from url: URL) -> (TranscriptManifest, [FeedIssue]) {
        var manifest = manifest
        var refused: [FeedIssue] = []
        for (id, entry) in manifest.individual.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try context.localized(entry.url, beside: url)
            } catch {
                manifest.individual[id] = nil
                refused.append(FeedIssue(kind: .skipped, feed: url.lastPathComponent, item: id, field: "url", reason: ErrorText.message(error)))
            }
        }
        if let digest = manifest.digest {
            do {
                _ = try context.localized(digest.url, beside: url)
            } catch {
                manifest.digest = nil
                refused.append(FeedIssue(kind: .ignored, feed: url.lastPathComponent, item: nil, field: "digest", reason: ErrorText.message(error)))
            }
        }
        return (manifest, refused)
    }

    override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let role = ledger.withLock({ $0.roles[ObjectIdentifier(operation)] }) else { return }
        if let outcome = (operation as? RetryOperation<FetchFeedOperation<TranscriptFile>>)?.succeeded?.output.value {
            record(outcome, role: role)
        }
        switch role {
        case .manifest:
            let allRead = ledger.withLock { state -> Bool in
                if !errors.isEmpty, state.manifestFailure == nil { state.manifestFailure = OperationError.rootCause(in: errors) ?? errors.first }
                state.manifestsPending -= 1
                return state.manifestsPending == 0
            }
            if allRead && !isCancelled { fetchChanged() }
        case let .digest(language, items):
            // Whatever the digest did not bring (it failed, or lacks an item) is asked for one by one.
            let fetched = ledger.withLock { Set($0.batch.fetched.map(\.transcript.sessionID)) }
            let missing = items.filter { !fetched.contains($0.id) }
            ledger.withLock { $0.viaDigest += items.count - missing.count }
            advance(by: items.count - missing.count)
            if !isCancelled { for item in missing { addSingle(item, language: language) } }
        case let .single(item):
            if !errors.isEmpty, !isCancelled { ledger.withLock { $0.failed.append(item.id) } }
            advance(by: 1)
        }
    }

    /// Once every manifest is read: compares with the store and asks for what changed.
    private func fetchChanged() {
        let (failure, sources) = ledger.withLock { ($0.manifestFailure, $0.sources) }
        if failure != nil { return }
        let ordered: [TranscriptPlan.Source]
        do {
            ordered = try context.transcriptManifests(config: config.value).map { manifest in
                try sources[manifest.language] ?? TranscriptPlan.Source(
                    language: manifest.language,
                    entries: context.store.read { try $0.storedTranscriptManifest(language: manifest.language) },
                    digest: nil)
            }
            let stored = try context.store.read { try $0.storedTranscripts() }
            let plan = TranscriptPlan(sources: ordered, stored: stored, digestLimit: context.settings.feedLimit)
            prepareStaging(plan, stored: stored)
            ledger.withLock {
                $0.total = plan.changedCount
                $0.batch.removed = plan.removed
            }
            progress(0, plan.changedCount)
            for (language, items) in plan.changed.sorted(by: { $0.key < $1.key }) {
                if let digest = plan.viaDigest[language] {
                    let request = FeedRequest(feed: digest.url.lastPathComponent, url: try localized(digest.url, language: language),
                                              etag: nil, timeout: context.settings.timeout, limit: context.settings.feedLimit)
                    add(request, content: .transcripts(language: Self.fileLanguage(language)), role: .digest(language: language, items: items))
                } else {
                    for item in items { addSingle(item, language: language) }
                }
            }
        } catch {
            ledger.withLock { $0.manifestFailure = error }
        }
    }

    /// A sync that replaces every transcript stored builds their index as they arrive
    /// (`TranscriptStaging`); another drops what a killed sync may have left of one. Either is
    /// only faster: where the store refuses, the save indexes the transcripts itself.
    private func prepareStaging(_ plan: TranscriptPlan, stored: [String: StoredTranscript]) {
        let replaced = Set(plan.changed.values.joined().map(\.id)).union(plan.removed)
        guard plan.changedCount > 0, stored.keys.allSatisfy(replaced.contains) else {
            try? TranscriptStaging.removeLeftover(in: context.store)
            return
        }
        let made = try? TranscriptStaging(store: context.store, expected: plan.changedCount)
        staging.withLock { $0 = made }
    }

    /// Drops the index being built, if any: the sync did not save it.
    func discardStaging() {
        staging.withLock { staging in
            defer { staging = nil }
            return staging
        }?.discard()
    }

    private func addSingle(_ item: TranscriptPlan.Item, language: String) {
        do {
            let url = try localized(item.entry.url, language: language)
            let request = FeedRequest(feed: url.lastPathComponent, url: url, etag: nil, timeout: context.settings.timeout,
                                      limit: context.settings.feedLimit)
            add(request, content: .transcripts(language: Self.fileLanguage(language)), role: .single(item))
        } catch {
            ledger.withLock { $0.failed.append(item.id) }
            ledger.withLock { $0.issues.append(FeedIssue(kind: .skipped, feed: "transcripts", item: item.id, field: "url", reason: ErrorText.message(error))) }
            advance(by: 1)
        }
    }

    /// A transcript's URL, checked against the source (a folder source reads the files beside the
    /// manifest).
    private func localized(_ url: URL, language: String) throws -> URL {
        let manifest = ledger.withLock { state -> URL? in
            for case let .manifest(manifestLanguage, manifestURL) in state.roles.values where manifestLanguage == language { return manifestURL }
            return nil
        }
        return try context.localized(url, beside: manifest ?? context.settings.source.configURL)
    }

    private func advance(by count: Int) {
        guard count > 0 else { return }
        let (done, total) = ledger.withLock { state -> (Int, Int) in
            state.done += count
            return (state.done, state.total)
        }
        progress(done, total)
    }

    /// The language code a transcript file uses for the config's (`en` → `eng`), for files that do
    /// not name theirs.
    static func fileLanguage(_ configLanguage: String) -> String {
        configLanguage == "en" ? "eng" : configLanguage
    }

    // MARK: Ending

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        if isCancelled {
            discardStaging()
            return errors
        }
        let outcome = ledger.withLock { $0 }
        if let failure = outcome.manifestFailure {
            discardStaging()
            return [SkippedStep(reason: ErrorText.message(failure) + "; transcripts not updated")]
        }
        var batch = outcome.batch
        if let staging = staging.withLock({ $0 }) {
            // A staging that failed is dropped; the save then indexes the transcripts itself.
            batch.staged = try? staging.finish()
        }
        output.set(FetchedTranscripts(batch: batch, checks: outcome.checks, failed: outcome.failed.sorted(), issues: outcome.issues))
        // A transcript that could not be fetched is reported, not a failure: the next sync tries again.
        return []
    }

    var resultDetail: String? {
        let outcome = ledger.withLock { $0 }
        if outcome.total == 0 { return outcome.batch.manifests.isEmpty ? "unchanged" : "none changed" }
        var parts = ["\(outcome.batch.fetched.count) of \(outcome.total) fetched"]
        if outcome.viaDigest > 0 { parts[0] += " (through the digest)" }
        if !outcome.failed.isEmpty { parts.append("\(outcome.failed.count) failed, will retry") }
        if !outcome.batch.removed.isEmpty { parts.append("\(outcome.batch.removed.count) removed") }
        return parts.joined(separator: ", ")
    }
}
