import PlainText
import Foundation
import Operations

/// A step that downloads one feed and then parses it: composition, as the talk's group operations do.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
class FeedStepOperation: GroupOperation, SyncStepOperation, @unchecked Sendable {
    let step: SyncStep
    let kind: FeedKind
    let context: SyncContext

    init(step: SyncStep, kind: FeedKind, context: SyncContext) {
        self.step = step
        self.kind = kind
        self.context = context
        let download = DownloadFeedOperation(kind, context: context)
        let parse = ParseFeedOperation(download, context: context)
        super.init(operations: [download, parse])
        name = step.rawValue
        if kind != .config { addCondition(FeedOffered(kind: kind, context: context)) }
    }

    var resultDetail: String? {
        let staged = context.snapshot
        if staged.unchanged.contains(kind) { return "unchanged" }
        let size = staged.bytes[kind].map { ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .file) }
        let skipped = staged.issues.filter { $0.feed == kind.fileName && $0.kind == .skipped }.count
        let skippedNote = skipped > 0 ? "\(skipped) skipped" : nil
        return [itemsDetail(staged), skippedNote, size].compactMap { $0 }.joined(separator: ", ")
    }

    /// What the feed held, e.g. "234 sessions".
    func itemsDetail(_ staged: SyncContext.Staged) -> String? { nil }
}

/// Downloads `config.json`, which names the other feeds. Fails fast when the source is unreachable.
//
// @unchecked Sendable: see FeedStepOperation.
final class DownloadConfigOperation: FeedStepOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .config, kind: .config, context: context)
        addCondition(Reachable(source: context.settings.source))
    }

    override var resultDetail: String? {
        guard context.snapshot.config != nil else { return super.resultDetail }
        let wanted = context.wantedLanguage, synced = context.language
        let language = wanted == synced ? "language \(synced)" : "language \(synced) (\(wanted) not offered)"
        return [language, super.resultDetail].compactMap { $0 }.joined(separator: ", ")
    }
}

/// Downloads and parses `contents.json`: events, rooms, tracks, sessions and their schedule.
//
// @unchecked Sendable: see FeedStepOperation.
final class ScheduleOperation: FeedStepOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .schedule, kind: .contents, context: context)
    }

    override func itemsDetail(_ staged: SyncContext.Staged) -> String? {
        guard let summary = staged.contentsSummary else { return nil }
        return Quantity.text(summary.sessions, "session") + ", \(summary.scheduled) scheduled, " + Quantity.text(summary.events, "event")
    }
}

/// Downloads and parses the bodies of articles. Only adds to what the schedule brings, so a failure
/// of its own skips the step (saying why) instead of failing the sync.
//
// @unchecked Sendable: see FeedStepOperation.
final class ArticlesOperation: FeedStepOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .articles, kind: .articles, context: context)
    }

    override func itemsDetail(_ staged: SyncContext.Staged) -> String? {
        guard let feed = staged.articles else { return nil }
        return feed.isRecognised ? Quantity.text(feed.articles.count, "article") : "no articles found in it; bodies unchanged"
    }

    override func errorsFromChildren(_ errors: [any Error]) -> [any Error] {
        guard !isCancelled, let cause = OperationError.rootCause(in: errors) else { return errors }
        return [SkippedStep(reason: ErrorText.message(cause) + "; article bodies not updated")]
    }
}

/// Downloads and parses `news.json`.
//
// @unchecked Sendable: see FeedStepOperation.
final class NewsOperation: FeedStepOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .news, kind: .news, context: context)
    }

    override func itemsDetail(_ staged: SyncContext.Staged) -> String? {
        staged.news.map { Quantity.text($0.items.count, "item") }
    }
}

/// The live streams from `videos_live.json`, with the on-demand videos from the contents' media.
//
// @unchecked Sendable: see FeedStepOperation.
final class VideosOperation: FeedStepOperation, @unchecked Sendable {
    init(context: SyncContext) {
        super.init(step: .videos, kind: .liveVideos, context: context)
    }

    override func itemsDetail(_ staged: SyncContext.Staged) -> String? {
        var parts: [String] = []
        if let live = staged.liveVideos { parts.append(Quantity.text(live.streams.count, "live stream")) }
        if let summary = staged.contentsSummary { parts.append("\(summary.withMedia) on demand") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
