import JSON

/// Reads a `contents.json` in one pass: its items are handed over in batches as they are read (so
/// the store can write one batch while the next is read), everything else is returned at the end.
struct ContentsReader {
    let feed: String
    var batchSize = 500

    /// Reads the document; `emit` gets each batch of usable items. Returns the feed without its items,
    /// with every skipped item and ignored field in `issues`.
    ///
    /// Throws ``FeedError`` when the feed cannot be trusted (no `contents` or `events` list),
    /// ``JSONScanner/Malformed`` when it is not JSON, and whatever `emit` throws.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, emit: ([Session]) throws -> Void) throws -> ContentsFeed {
        var reader = ListReader(feed: feed)
        var lists = ContentsFeed()
        var batch: [Session] = []
        batch.reserveCapacity(batchSize)
        let found = try ListReader.readTopObject(bytes, feed: feed) { key, scanner in
            switch key {
            case "contents":
                try reader.readList(&scanner, path: "contents", table: Session.fields, empty: Session.empty,
                                    identify: { $0.id }, required: true) { session in
                    batch.append(session)
                    if batch.count == batchSize {
                        try emit(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                return true
            case "events":
                lists.events = try reader.readList(&scanner, path: key, table: Event.fields, empty: Event.empty,
                                                  identify: { $0.id }, required: true)
                return true
            case "rooms":
                lists.rooms = try reader.readList(&scanner, path: key, table: Room.fields, empty: Room.empty,
                                                 identify: { $0.id == 0 ? nil : String($0.id) }, required: false)
            case "tracks":
                lists.tracks = try reader.readList(&scanner, path: key, table: Track.fields, empty: Track.empty,
                                                  identify: { $0.id == 0 ? nil : String($0.id) }, required: false)
            case "topics":
                lists.topics = try reader.readList(&scanner, path: key, table: Topic.fields, empty: Topic.empty,
                                                  identify: { $0.id == 0 ? nil : String($0.id) }, required: false)
            case "topicCategories":
                lists.topicCategories = try reader.readList(&scanner, path: key, table: TopicCategory.fields,
                                                           empty: TopicCategory.empty,
                                                           identify: { $0.id == 0 ? nil : String($0.id) }, required: false)
            case "resources":
                lists.resources = try reader.readList(&scanner, path: key, table: Resource.fields, empty: Resource.empty,
                                                     identify: { $0.id == 0 ? nil : String($0.id) }, required: false)
            case "imageTypes":
                lists.imageTypes = try reader.readList(&scanner, path: key, table: ImageType.fields, empty: ImageType.empty,
                                                      identify: \.name, required: false)
            case "updated":
                if case .value(let date) = try scanner.readDate() { lists.updated = date }
            default:
                break
            }
            return false
        }
        try reader.require("contents", in: found)
        try reader.require("events", in: found)
        if !batch.isEmpty { try emit(batch) }
        lists.issues = reader.issues
        return lists
    }
}
