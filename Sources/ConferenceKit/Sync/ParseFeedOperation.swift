import Foundation
import Operations

/// Decodes what its download step received and stages it for the save step; an unchanged feed (304)
/// stages nothing but its ETag.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class ParseFeedOperation: AdvancedOperation, @unchecked Sendable {
    private let download: DownloadFeedOperation
    private let context: SyncContext

    init(_ download: DownloadFeedOperation, context: SyncContext) {
        self.download = download
        self.context = context
        super.init()
        name = "parse \(download.kind.fileName)"
        addDependency(download)
        addCondition(NoCancelledDependencies())
        addCondition(NoFailedDependencies())
    }

    override func execute() async throws {
        let kind = download.kind
        switch download.result {
        case nil:
            return
        case let .notModified(etag):
            if kind == .config {
                // The config says where the other feeds are: reuse the copy saved by the last sync.
                guard let body = try context.store.savedConfigBody() else {
                    throw FeedError(kind: .noSavedCopy, feed: kind.fileName, detail: "unchanged on the server, but no saved copy")
                }
                stage(try FeedDecoder.config(from: body), at: \.config)
            }
            context.stage { staged in
                staged.checked[kind] = etag
                staged.unchanged.insert(kind)
            }
        case let .modified(data, etag):
            try Task.checkCancellation()
            switch kind {
            case .config:
                stage(try FeedDecoder.config(from: data), at: \.config)
                context.stage { $0.configBody = data }
            case .contents:
                let summary = try FeedDecoder.checkContents(data)
                context.stage { staged in
                    staged.contents = data
                    staged.contentsSummary = summary
                    staged.issues += summary.issues
                }
            case .news:
                stage(try FeedDecoder.news(from: data), at: \.news)
            case .liveVideos:
                stage(try FeedDecoder.liveVideos(from: data), at: \.liveVideos)
            case .articles:
                stage(try FeedDecoder.articles(from: data), at: \.articles)
            }
            context.stage { staged in
                staged.checked[kind] = etag
                staged.bytes[kind] = data.count
            }
        }
    }

    /// Stages a decoded feed, and the issues found reading it.
    private func stage<Feed: DecodedFeed>(_ feed: Feed, at path: WritableKeyPath<SyncContext.Staged, Feed?>) {
        context.stage { staged in
            staged[keyPath: path] = feed
            staged.issues += feed.issues
        }
    }
}
