import ConferenceData
import ConferenceModel
import Foundation

/// What the transcripts step hands on: the batch for the save step, the manifests' ETags, what could
/// not be fetched and what reading skipped.
struct FetchedTranscripts: Sendable {
    var batch: TranscriptBatch
    /// The ETag of each manifest asked for, by sync-metadata name.
    var checks: [String: String?]
    /// Content ids whose transcript could not be fetched: the next sync tries them again.
    var failed: [String]
    var issues: [FeedIssue]
}
