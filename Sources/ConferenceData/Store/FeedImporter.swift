import ConferenceModel
import Foundation
import SQLiteDatabase

/// Writes decoded feeds into the store with as few writes as possible: the current rows are read
/// first, and only differences are written, so re-importing the same feed writes nothing.
///
/// Runs inside the caller's transaction; `Database+Import` provides the public entry points.
struct FeedImporter {
    let db: Database

    // MARK: contents.json

    func importContents(_ feed: ContentsFeed) throws -> ImportReport {
        var report = try importLists(of: feed)
        let writer = try SessionWriter(db: db)
        try writer.write(feed.sessions)
        report.merge(try writer.finish())
        try rebuildSearchIndexIfNeeded(&report)
        return report
    }

    /// Decodes and saves a `contents.json` at once: items are written batch by batch while the next
    /// batch decodes on another thread. A feed that cannot be trusted fails with its `FeedError`.
    func importContents(json data: Data, feed name: String) throws -> ImportReport {
        let decoder = ContentsStreamDecoder(data: data, feed: name)
        decoder.start()
        defer { decoder.cancelAndWait() }
        // Reading the stored state overlaps with the first batch's decoding.
        let writer = try SessionWriter(db: db)
        var report = ImportReport()
        while let piece = decoder.next() {
            switch piece {
            case .sessions(let sessions):
                try writer.write(sessions)
            case .lists(let feed):
                report.merge(try importLists(of: feed))
            case .failed(let error):
                throw error
            }
        }
        report.merge(try writer.finish())
        try rebuildSearchIndexIfNeeded(&report)
        return report
    }

    /// Rebuilds the full-text index when sessions or keywords changed.
    func rebuildSearchIndexIfNeeded(_ report: inout ImportReport) throws {
        if report[.sessions].total > 0 || report[.keywords].total > 0 {
            try rebuildSearchIndex()
            report.rebuiltSearchIndex = true
        }
    }

    func rebuildSearchIndex() throws {
        try db.execute(sql: "INSERT INTO session_search(session_search) VALUES ('rebuild')")
    }

    /// Events, rooms, tracks, topics, resources and picture sizes: everything but the sessions.
    func importLists(of feed: ContentsFeed) throws -> ImportReport {
        var report = ImportReport()
        try syncList(unique(feed.events, by: \.id), kind: .events, table: "events", key: ("id", \.id), columns: Event.fields.columns,
                     report: &report)
        try syncList(unique(feed.rooms, by: \.id), kind: .rooms, table: "rooms", key: ("id", \.id), columns: Room.fields.columns,
                     report: &report)
        try syncList(unique(feed.tracks, by: \.id), kind: .tracks, table: "tracks", key: ("id", \.id), columns: Track.fields.columns,
                     report: &report)
        try syncList(unique(feed.topics, by: \.id), kind: .topics, table: "topics", key: ("id", \.id), columns: Topic.fields.columns,
                     report: &report)
        try importCategories(feed.topicCategories, report: &report)
        try syncList(unique(feed.resources, by: \.id), kind: .resources, table: "resources", key: ("id", \.id),
                     columns: Resource.fields.columns, report: &report)
        try importImageTypes(feed.imageTypes, report: &report)
        return report
    }

    /// The sizes of each kind of picture; a kind the feed no longer lists loses its sizes.
    private func importImageTypes(_ types: [ImageType], report: inout ImportReport) throws {
        let types = unique(types, by: \.name)
        let sizes = try ChildList<String, ImageType.Size>(db: db, table: ImageType.Size.table, ownerColumn: ImageType.Size.ownerColumn,
                                                         valueColumns: ImageType.Size.storedColumns, kind: .imageVariants)
        var current = try sizes.load()
        let names = Set(types.map(\.name))
        for kind in current.keys where !names.contains(kind) {
            try sizes.sync(kind, [], current: &current)
        }
        for type in types {
            try sizes.sync(type.name, type.variants, current: &current)
        }
        report[.imageVariants] += try sizes.finish()
    }

    /// Topic categories, and the topics each lists.
    private func importCategories(_ categories: [TopicCategory], report: inout ImportReport) throws {
        let categories = unique(categories, by: \.id)
        let topics = try ChildList<Int, Int>(db: db, table: "topic_category_topics", ownerColumn: "category_id",
                                            valueColumns: [.value("topic_id")], kind: .categoryTopics)
        var current = try topics.load()
        let ids = Set(categories.map(\.id))
        for (id, list) in current where !ids.contains(id) {
            report.deleted(.categoryTopics, list.count)
            current[id] = nil
        }
        try syncList(categories, kind: .topicCategories, table: "topic_categories", key: ("id", \.id),
                     columns: TopicCategory.fields.columns, report: &report)
        for category in categories {
            try topics.sync(category.id, category.topicIDs, current: &current)
        }
        report[.categoryTopics] += try topics.finish()
    }

    // MARK: articles

    /// Article bodies: a recognised feed replaces the stored ones; one that is not recognised changes nothing.
    func importArticles(_ feed: ArticlesFeed) throws -> ImportReport {
        var report = ImportReport()
        guard feed.isRecognised else { return report }
        try syncList(unique(feed.articles, by: \.id), kind: .articles, table: "articles", key: ("id", \.id),
                     columns: Article.fields.columns, report: &report)
        return report
    }

    // MARK: news.json

    func importNews(_ feed: NewsFeed) throws -> ImportReport {
        var report = ImportReport()
        let items = unique(feed.items, by: \.id)
        let photos = try ChildList<String, NewsItem.Photo>(
            db: db, table: NewsItem.Photo.table, ownerColumn: NewsItem.Photo.ownerColumn, valueColumns: NewsItem.Photo.storedColumns,
            kind: .newsPhotos)
        var currentPhotos = try photos.load()
        // Photos of items gone from the feed leave with them (ON DELETE CASCADE).
        let feedIDs = Set(items.map(\.id))
        for (id, list) in currentPhotos where !feedIDs.contains(id) {
            report.deleted(.newsPhotos, list.count)
            currentPhotos[id] = nil
        }
        try syncList(items, kind: .news, table: "news", key: ("id", \.id), columns: NewsItem.fields.columns, report: &report)
        for item in items {
            try photos.sync(item.id, item.photos, current: &currentPhotos)
        }
        report[.newsPhotos] += try photos.finish()
        return report
    }

    // MARK: videos_live.json

    func importLiveVideos(_ feed: LiveVideosFeed) throws -> ImportReport {
        var report = ImportReport()
        try syncList(unique(feed.streams, by: \.eventContentID), kind: .liveStreams, table: "live_streams",
                     key: ("event_content_id", \.eventContentID), columns: LiveStream.fields.columns, report: &report)
        return report
    }

    // MARK: Sync metadata

    func recordChecks(_ checks: [SyncBatch.FeedCheck], at date: Double) throws -> ImportReport {
        var report = ImportReport()
        let existing = Set(try db.fetchAll("SELECT feed FROM sync_metadata") { $0.string("feed") ?? "" })
        let upsert = try UpsertStatement(db, table: "sync_metadata", key: "feed", columns: [
            StoredColumn("etag", \SyncBatch.FeedCheck.etag),
            StoredColumn(name: "last_sync") { _, statement, index in try statement.bind(date, at: index) },
        ])
        for check in unique(checks, by: \.feed) {
            if try upsert.write(check, key: check.feed) {
                if existing.contains(check.feed) { report.updated(.syncMetadata) } else { report.inserted(.syncMetadata) }
            }
        }
        return report
    }

    // MARK: Helpers

    /// Upserts every item of a top-level list and deletes the rows whose key the feed no longer has.
    private func syncList<Item, Key: Hashable & DatabaseValueConvertible & ColumnValue>(
        _ items: [Item], kind: RecordKind, table: String, key: (column: String, path: KeyPath<Item, Key>),
        columns: [StoredColumn<Item>], report: inout ImportReport
    ) throws {
        let existing = Set(try db.fetchAll("SELECT \(key.column) FROM \(table)") { Key(row: StoredRow($0), column: key.column) })
        let upsert = try UpsertStatement(db, table: table, key: key.column, columns: columns)
        var seen = Set<Key>(minimumCapacity: items.count)
        for item in items {
            let itemKey = item[keyPath: key.path]
            seen.insert(itemKey)
            if try upsert.write(item, key: itemKey) {
                if existing.contains(itemKey) { report.updated(kind) } else { report.inserted(kind) }
            }
        }
        let delete = try db.cachedStatement("DELETE FROM \(table) WHERE \(key.column) = ?")
        for gone in existing.subtracting(seen) {
            try delete.execute([gone])
            report.deleted(kind)
        }
    }

    /// The items with duplicate keys removed, the last occurrence winning, in feed order.
    private func unique<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [Item] {
        var positions: [Key: Int] = [:]
        positions.reserveCapacity(items.count)
        var result: [Item] = []
        result.reserveCapacity(items.count)
        for item in items {
            let itemKey = key(item)
            if let position = positions[itemKey] {
                result[position] = item
            } else {
                positions[itemKey] = result.count
                result.append(item)
            }
        }
        return result
    }
}
