/// The kinds of rows an import or a sync writes.
public enum RecordKind: String, CaseIterable, Comparable, Sendable {
    case events, rooms, tracks, topics, topicCategories, categoryTopics, resources, imageVariants, sessions, instances, videos
    case keywords, platforms, sessionTopics, relatedSessions, relatedResources, images, chapters, codeSnippets, videoLinks
    case news, newsPhotos, liveStreams, articles, transcripts, transcriptLines, syncMetadata

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Rows inserted, updated and deleted for one kind.
public struct ChangeCounts: Hashable, Sendable {
    public var inserted = 0
    public var updated = 0
    public var deleted = 0

    public init(inserted: Int = 0, updated: Int = 0, deleted: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    public var total: Int { inserted + updated + deleted }

    static func += (counts: inout ChangeCounts, other: ChangeCounts) {
        counts.inserted += other.inserted
        counts.updated += other.updated
        counts.deleted += other.deleted
    }
}

/// What an import changed. Rows whose content did not change are not rewritten and not counted.
public struct ImportReport: Hashable, Sendable, CustomStringConvertible {
    /// Counts per kind; kinds without changes are absent.
    public private(set) var changes: [RecordKind: ChangeCounts] = [:]
    /// True when the full-text index was rebuilt because sessions or keywords changed.
    public var rebuiltSearchIndex = false

    public init() {}

    public subscript(kind: RecordKind) -> ChangeCounts {
        get { changes[kind] ?? ChangeCounts() }
        set { changes[kind] = newValue.total == 0 ? nil : newValue }
    }

    /// Every row inserted, updated or deleted (the search index's own tables not included).
    public var rowsChanged: Int { changes.values.reduce(0) { $0 + $1.total } }

    /// True when nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    mutating func inserted(_ kind: RecordKind, _ count: Int = 1) { self[kind].inserted += count }
    mutating func updated(_ kind: RecordKind, _ count: Int = 1) { self[kind].updated += count }
    mutating func deleted(_ kind: RecordKind, _ count: Int = 1) { self[kind].deleted += count }

    /// Adds the counts of `other` to this report.
    public mutating func merge(_ other: ImportReport) {
        for (kind, counts) in other.changes {
            self[kind] += counts
        }
        rebuiltSearchIndex = rebuiltSearchIndex || other.rebuiltSearchIndex
    }

    /// `sessions +12 ~3 -1, keywords +40` or `no changes`.
    public var description: String {
        if changes.isEmpty { return "no changes" }
        return changes.keys.sorted().map { kind in
            let counts = changes[kind]!
            var parts: [String] = []
            if counts.inserted > 0 { parts.append("+\(counts.inserted)") }
            if counts.updated > 0 { parts.append("~\(counts.updated)") }
            if counts.deleted > 0 { parts.append("-\(counts.deleted)") }
            return "\(kind.rawValue) " + parts.joined(separator: " ")
        }.joined(separator: ", ")
    }
}
