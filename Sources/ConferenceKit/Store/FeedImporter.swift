import Foundation

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

    /// Events, rooms, tracks, topics and resources: everything but the sessions.
    func importLists(of feed: ContentsFeed) throws -> ImportReport {
        var report = ImportReport()
        try syncList(unique(feed.events, by: \.id), kind: .events, table: "events", keyColumn: "id",
                     columns: ["name", "start_time", "end_time", "utc_offset", "is_current", "web_url_key", "images_path", "hashtag"],
                     key: \.id, readKey: { $0.string(at: 0) ?? "" }, report: &report) { statement, event in
            try statement.bind(event.id, at: 1)
            try statement.bind(event.name, at: 2)
            try statement.bind(event.startTime?.secondsSince1970, at: 3)
            try statement.bind(event.endTime?.secondsSince1970, at: 4)
            try statement.bind(event.startTime?.utcOffsetSeconds ?? event.endTime?.utcOffsetSeconds, at: 5)
            try statement.bind(event.isCurrent ? 1 : 0, at: 6)
            try statement.bind(event.webURLKey, at: 7)
            try statement.bind(event.imagesPath, at: 8)
            try statement.bind(event.hashtag, at: 9)
        }
        try syncList(unique(feed.rooms, by: \.id), kind: .rooms, table: "rooms", keyColumn: "id",
                     columns: ["name", "ordinal", "region_id"],
                     key: \.id, readKey: { $0.int(at: 0) }, report: &report) { statement, room in
            try statement.bind(room.id, at: 1)
            try statement.bind(room.name, at: 2)
            try statement.bind(room.ordinal, at: 3)
            try statement.bind(room.regionID, at: 4)
        }
        try syncList(unique(feed.tracks, by: \.id), kind: .tracks, table: "tracks", keyColumn: "id",
                     columns: ["name", "ordinal", "color", "dark_color", "title_color", "light_background_color"],
                     key: \.id, readKey: { $0.int(at: 0) }, report: &report) { statement, track in
            try statement.bind(track.id, at: 1)
            try statement.bind(track.name, at: 2)
            try statement.bind(track.ordinal, at: 3)
            try statement.bind(track.color, at: 4)
            try statement.bind(track.darkColor, at: 5)
            try statement.bind(track.titleColor, at: 6)
            try statement.bind(track.lightBackgroundColor, at: 7)
        }
        try syncList(unique(feed.topics, by: \.id), kind: .topics, table: "topics", keyColumn: "id",
                     columns: ["name", "ordinal"],
                     key: \.id, readKey: { $0.int(at: 0) }, report: &report) { statement, topic in
            try statement.bind(topic.id, at: 1)
            try statement.bind(topic.name, at: 2)
            try statement.bind(topic.ordinal, at: 3)
        }
        try importCategories(feed.topicCategories, report: &report)
        try syncList(unique(feed.resources, by: \.id), kind: .resources, table: "resources", keyColumn: "id",
                     columns: ["title", "url", "type", "description"],
                     key: \.id, readKey: { $0.int(at: 0) }, report: &report) { statement, resource in
            try statement.bind(resource.id, at: 1)
            try statement.bind(resource.title, at: 2)
            try statement.bind(resource.url, at: 3)
            try statement.bind(resource.type, at: 4)
            try statement.bind(resource.description, at: 5)
        }
        return report
    }

    /// Topic categories, and the topics each lists.
    private func importCategories(_ categories: [TopicCategory], report: inout ImportReport) throws {
        let categories = unique(categories, by: \.id)
        let topics = try ChildList<Int, Int>(db: db, table: "topic_category_topics", ownerColumn: "category_id",
                                            valueColumns: ["topic_id"], kind: .categoryTopics, readOwner: { $0.int(at: 0) })
        var current = try topics.load()
        let ids = Set(categories.map(\.id))
        for (id, list) in current where !ids.contains(id) {
            report.deleted(.categoryTopics, list.count)
            current[id] = nil
        }
        try syncList(categories, kind: .topicCategories, table: "topic_categories", keyColumn: "id",
                     columns: ["name", "ordinal"], key: \.id, readKey: { $0.int(at: 0) }, report: &report) { statement, category in
            try statement.bind(category.id, at: 1)
            try statement.bind(category.name, at: 2)
            try statement.bind(category.ordinal, at: 3)
        }
        for category in categories {
            try topics.sync(category.id, category.topicIDs, current: &current)
        }
        report[.categoryTopics].inserted += topics.counts.inserted
        report[.categoryTopics].updated += topics.counts.updated
        report[.categoryTopics].deleted += topics.counts.deleted
    }

    // MARK: articles

    /// Article bodies: a recognised feed replaces the stored ones; one that is not recognised changes nothing.
    func importArticles(_ feed: ArticlesFeed) throws -> ImportReport {
        var report = ImportReport()
        guard feed.isRecognised else { return report }
        try syncList(unique(feed.articles, by: \.id), kind: .articles, table: "articles", keyColumn: "id",
                     columns: ["title", "body", "web_permalink"], key: \.id, readKey: { $0.string(at: 0) ?? "" },
                     report: &report) { statement, article in
            try statement.bind(article.id, at: 1)
            try statement.bind(article.title, at: 2)
            try statement.bind(article.body, at: 3)
            try statement.bind(article.webPermalink, at: 4)
        }
        return report
    }

    // MARK: news.json

    func importNews(_ feed: NewsFeed) throws -> ImportReport {
        var report = ImportReport()
        let items = unique(feed.items, by: \.id)
        let photos = try ChildList<String, NewsItem.Photo>(
            db: db, table: "news_photos", ownerColumn: "news_id", valueColumns: ["photo_id", "ratio"], kind: .newsPhotos,
            readOwner: { $0.string(at: 0) ?? "" })
        var currentPhotos = try photos.load()
        // Photos of items gone from the feed leave with them (ON DELETE CASCADE).
        let feedIDs = Set(items.map(\.id))
        for (id, list) in currentPhotos where !feedIDs.contains(id) {
            report.deleted(.newsPhotos, list.count)
            currentPhotos[id] = nil
        }
        try syncList(items, kind: .news, table: "news", keyColumn: "id",
                     columns: ["title", "body", "timestamp", "visibility", "type"],
                     key: \.id, readKey: { $0.string(at: 0) ?? "" }, report: &report) { statement, item in
            try statement.bind(item.id, at: 1)
            try statement.bind(item.title, at: 2)
            try statement.bind(item.body, at: 3)
            try statement.bind(item.timestamp?.secondsSince1970, at: 4)
            try statement.bind(item.visibility, at: 5)
            try statement.bind(item.type, at: 6)
        }
        for item in items {
            try photos.sync(item.id, item.photos, current: &currentPhotos)
        }
        report[.newsPhotos].inserted += photos.counts.inserted
        report[.newsPhotos].updated += photos.counts.updated
        report[.newsPhotos].deleted += photos.counts.deleted
        return report
    }

    // MARK: videos_live.json

    func importLiveVideos(_ feed: LiveVideosFeed) throws -> ImportReport {
        var report = ImportReport()
        try syncList(unique(feed.streams, by: \.eventContentID), kind: .liveStreams, table: "live_streams",
                     keyColumn: "event_content_id", columns: ["ios_url", "tvos_url", "actual_end_date", "shelf_image_url"],
                     key: \.eventContentID, readKey: { $0.string(at: 0) ?? "" }, report: &report) { statement, stream in
            try statement.bind(stream.eventContentID, at: 1)
            try statement.bind(stream.iosURL, at: 2)
            try statement.bind(stream.tvosURL, at: 3)
            try statement.bind(stream.actualEndDate?.secondsSince1970, at: 4)
            try statement.bind(stream.images["shelf"], at: 5)
        }
        return report
    }

    // MARK: Sync metadata

    func recordChecks(_ checks: [SyncBatch.FeedCheck], at date: Double) throws -> ImportReport {
        var report = ImportReport()
        let existing = Set(try db.fetchAll("SELECT feed FROM sync_metadata") { $0.string(at: 0) ?? "" })
        let upsert = try db.cachedStatement(FeedImporter.upsertSQL(table: "sync_metadata", keys: ["feed"], columns: ["etag", "last_sync"]))
        for check in unique(checks, by: \.feed) {
            try upsert.execute([check.feed, check.etag, date])
            if db.changesCount > 0 {
                if existing.contains(check.feed) { report.updated(.syncMetadata) } else { report.inserted(.syncMetadata) }
            }
        }
        return report
    }

    // MARK: Helpers

    /// Upserts every item of a top-level list and deletes the rows whose key the feed no longer has.
    private func syncList<Item, Key: Hashable & DatabaseValueConvertible>(
        _ items: [Item], kind: RecordKind, table: String, keyColumn: String, columns: [String],
        key: (Item) -> Key, readKey: (Statement) -> Key, report: inout ImportReport,
        bind: (Statement, Item) throws -> Void
    ) throws {
        let existing = Set(try db.fetchAll("SELECT \(keyColumn) FROM \(table)", [], readKey))
        let upsert = try db.cachedStatement(FeedImporter.upsertSQL(table: table, keys: [keyColumn], columns: columns))
        var seen = Set<Key>(minimumCapacity: items.count)
        for item in items {
            let itemKey = key(item)
            seen.insert(itemKey)
            upsert.reset()
            try bind(upsert, item)
            try upsert.step()
            if db.changesCount > 0 {
                if existing.contains(itemKey) { report.updated(kind) } else { report.inserted(kind) }
            }
        }
        let delete = try db.cachedStatement("DELETE FROM \(table) WHERE \(keyColumn) = ?")
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

    /// `INSERT ... ON CONFLICT (keys) DO UPDATE SET ... WHERE <some column differs>`: a row whose
    /// content is unchanged is not rewritten, and `changesCount` is 0 for it.
    static func upsertSQL(table: String, keys: [String], columns: [String]) -> String {
        let all = keys + columns
        return """
            INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(all.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT (\(keys.joined(separator: ", "))) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE \(columns.map { "\(table).\($0) IS NOT excluded.\($0)" }.joined(separator: " OR "))
            """
    }
}
