import Foundation

/// What a sync's transcripts step hands to the save step.
public struct TranscriptBatch: Sendable {
    /// A transcript fetched, with the manifest's ETag it was listed with.
    public struct Fetched: Sendable {
        public var transcript: Transcript
        public var etag: String?
        /// Its size in the feed, for choosing between single files and the digest next time.
        public var bytes: Int

        public init(transcript: Transcript, etag: String?, bytes: Int) {
            self.transcript = transcript
            self.etag = etag
            self.bytes = bytes
        }
    }

    /// Each manifest downloaded, by language: it replaces the entries stored for that language.
    /// A language absent here (its manifest unchanged) keeps its entries.
    public var manifests: [String: TranscriptManifest] = [:]
    public var fetched: [Fetched] = []
    /// Content ids whose transcript no manifest lists any more.
    public var removed: [String] = []
    /// The fetched transcripts' search index and rows, written while they were fetched.
    public var staged: StagedTranscripts?

    public init(manifests: [String: TranscriptManifest] = [:], fetched: [Fetched] = [], removed: [String] = []) {
        self.manifests = manifests
        self.fetched = fetched
        self.removed = removed
    }

    public var isEmpty: Bool { manifests.isEmpty && fetched.isEmpty && removed.isEmpty && staged == nil }
}
