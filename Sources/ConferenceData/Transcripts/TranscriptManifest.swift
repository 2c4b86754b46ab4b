import Foundation

/// The list of a language's transcripts a config names (`feeds.<language>.transcripts`): each
/// item's file with its ETag, and a digest holding them all.
public struct TranscriptManifest: Sendable, Equatable {
    /// Where one file is and the ETag it has now.
    public struct Entry: Sendable, Equatable {
        public var url: URL
        /// Nil when the manifest gives none: then a stored copy is never thought out of date.
        public var etag: String?

        public init(url: URL, etag: String?) {
            self.url = url
            self.etag = etag
        }
    }

    /// By content id.
    public var individual: [String: Entry]
    /// One file with every transcript; nil when the manifest offers none.
    public var digest: Entry?

    public init(individual: [String: Entry], digest: Entry?) {
        self.individual = individual
        self.digest = digest
    }
}
