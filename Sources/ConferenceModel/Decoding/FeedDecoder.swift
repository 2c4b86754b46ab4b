import Foundation
import JSON

/// Decodes Apple's feeds by the policy of docs/feed-format.md: a feed that cannot be trusted as a
/// whole fails with a ``FeedError`` saying what is wrong and where; an item that cannot be used is
/// skipped and a value that cannot be used ignored, both reported in the feed's `issues`.
public enum FeedDecoder {
    /// Decodes `contents.json` whole (the store's import streams it instead).
    public static func contents(from data: Data, feed: String = "contents.json") throws -> ContentsFeed {
        var sessions: [Session] = []
        var lists = try document(data, feed: feed) { bytes in
            try ContentsReader(feed: feed).read(bytes) { sessions += $0 }
        }
        lists.sessions = sessions
        return lists
    }

    /// Decodes `news.json`: `items` is required.
    public static func news(from data: Data, feed: String = "news.json") throws -> NewsFeed {
        try document(data, feed: feed) { bytes in
            var reader = ListReader(feed: feed)
            var items: [NewsItem] = []
            let found = try ListReader.readTopObject(bytes, feed: feed) { key, scanner in
                guard key == "items" else { return false }
                items = try reader.readList(&scanner, path: "items", table: NewsItem.fields, empty: NewsItem.empty,
                                            identify: { $0.id }, required: true)
                return true
            }
            try reader.require("items", in: found)
            return NewsFeed(items: items, issues: reader.issues)
        }
    }

    /// Decodes `videos_live.json`: `live_sessions` is required.
    public static func liveVideos(from data: Data, feed: String = "videos_live.json") throws -> LiveVideosFeed {
        try document(data, feed: feed) { bytes in
            var reader = ListReader(feed: feed)
            var streams: [LiveStream] = []
            var updated: FeedDate?
            let found = try ListReader.readTopObject(bytes, feed: feed) { key, scanner in
                switch key {
                case "live_sessions":
                    guard scanner.peekKind() == .object else {
                        throw ListReader.wrongType(feed: feed, path: "live_sessions", expected: "an object", found: &scanner)
                    }
                    var seen: [String: String] = [:]
                    try scanner.readObject { scanner, number in
                        let number = String(decoding: number, as: UTF8.self)
                        var problems = FieldProblems()
                        let (stream, failure) = try LiveStream.fields.readItem(&scanner, empty: LiveStream(eventContentID: number),
                                                                                problems: &problems)
                        reader.report(item: number, problems: problems, failure: failure)
                        if failure == nil, reader.admit(number, at: "live_sessions.\(number)", seen: &seen) { streams.append(stream) }
                    }
                    return true
                case "updated":
                    if case .value(let date) = try scanner.readDate() { updated = date }
                    return false
                default:
                    return false
                }
            }
            try reader.require("live_sessions", in: found)
            return LiveVideosFeed(updated: updated, streams: streams, issues: reader.issues)
        }
    }

    /// Decodes `config.json`: any object; every field is optional.
    public static func config(from data: Data, feed: String = "config.json") throws -> AppConfig {
        try document(data, feed: feed) { bytes in
            var scanner = JSONScanner.document(bytes)
            guard scanner.peekKind() == .object else {
                throw ListReader.wrongType(feed: feed, path: "", expected: "an object", found: &scanner)
            }
            var config = AppConfig()
            var problems = FieldProblems()
            _ = try AppConfig.fields.read(&scanner, into: &config, problems: &problems)
            try scanner.expectEnd()
            var reader = ListReader(feed: feed)
            reader.report(item: nil, problems: problems, failure: nil)
            config.issues = reader.issues
            return config
        }
    }

    /// Decodes the `articles` feed, as tolerantly as docs/feed-format.md says: a document in which no
    /// articles can be found is `isRecognised == false`, not an error.
    public static func articles(from data: Data, feed: String = "articles.json") throws -> ArticlesFeed {
        try document(data, feed: feed) { bytes in try ArticlesReader(feed: feed).read(bytes) }
    }

    /// Runs `body` over the document's bytes; a document that is not JSON fails with where it first
    /// stops being JSON.
    public static func document<T>(_ data: Data, feed: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do {
                return try body(bytes)
            } catch let malformed as JSONScanner.Malformed {
                throw malformedError(bytes, feed: feed, near: malformed.offset)
            } catch let error as FeedError where error.kind != .malformedJSON {
                // A rejection found before the end of the document: if the document is not JSON at
                // all, that is what to report.
                if JSONScanner.firstProblem(in: bytes) != nil { throw malformedError(bytes, feed: feed, near: 0) }
                throw error
            }
        }
    }

    /// The error for a document that is not JSON: where it first stops being JSON, and why (a reader
    /// refused it `near` there).
    static func malformedError(_ bytes: UnsafeBufferPointer<UInt8>, feed: String, near offset: Int) -> FeedError {
        guard let problem = JSONScanner.firstProblem(in: bytes) else {
            // A document the scanner reads whole, which a reader refused: too deep for it to read safely.
            return FeedError(kind: .malformedJSON, feed: feed, offset: offset, detail: "nested too deeply to read")
        }
        let (line, column) = problem.lineAndColumn(in: bytes)
        return FeedError(kind: .malformedJSON, feed: feed, line: line, column: column, offset: problem.offset,
                         detail: problem.reason(in: bytes))
    }
}

/// Reads the top level of a feed and its lists of items, collecting what it skips and ignores.
struct ListReader {
    let feed: String
    private(set) var issues: [FeedIssue] = []

    init(feed: String) {
        self.feed = feed
    }

    /// Reads the top-level object, calling `field` for each key with the scanner on its value;
    /// `field` returns true when it read a required collection (keys it did not read are skipped).
    /// Returns the keys `field` accepted.
    static func readTopObject(_ bytes: UnsafeBufferPointer<UInt8>, feed: String,
                              _ field: (String, inout JSONScanner) throws -> Bool) throws -> Set<String> {
        var scanner = JSONScanner.document(bytes)
        guard scanner.peekKind() == .object else {
            throw wrongType(feed: feed, path: "", expected: "an object", found: &scanner)
        }
        var found = Set<String>()
        try scanner.readObject { scanner, key in
            let name = String(decoding: key, as: UTF8.self)
            let start = scanner.offset
            if try field(name, &scanner) { found.insert(name) }
            if scanner.offset == start { try scanner.skipValue() }
        }
        try scanner.expectEnd()
        return found
    }

    /// Fails unless the top-level collection `key` was read.
    func require(_ key: String, in found: Set<String>) throws {
        guard found.contains(key) else {
            throw FeedError(kind: .missingField, feed: feed, path: key, detail: "required field \"\(key)\" is missing")
        }
    }

    /// The error for a top-level value of the wrong shape (the feed cannot be trusted).
    static func wrongType(feed: String, path: String, expected: String, found scanner: inout JSONScanner) -> FeedError {
        let what: String
        switch scanner.peekKind() {
        case .object?: what = "an object"
        case .array?: what = "a list"
        case .string?: what = "text"
        case .number?: what = "a number"
        case .bool?: what = "true or false"
        case .null?: what = "null"
        case nil: what = "nothing"
        }
        return FeedError(kind: .wrongType, feed: feed, path: path, detail: "expected \(expected) but found \(what)")
    }

    /// Reads a list of items with `table`: the usable ones, the others reported as skipped.
    ///
    /// A value that is not a list fails the feed when the list is `required`, and is reported as
    /// ignored otherwise.
    mutating func readList<Model>(_ scanner: inout JSONScanner, path: String, table: FieldTable<Model>, empty: Model,
                                  identify: (Model) -> String?, required: Bool) throws -> [Model] {
        var items: [Model] = []
        try readList(&scanner, path: path, table: table, empty: empty, identify: identify, required: required) { items.append($0) }
        return items
    }

    /// Reads a list of items as `readList` does, handing each usable one to `each`.
    mutating func readList<Model>(_ scanner: inout JSONScanner, path: String, table: FieldTable<Model>, empty: Model,
                                  identify: (Model) -> String?, required: Bool, each: (Model) throws -> Void) throws {
        guard scanner.peekKind() == .array else {
            if required { throw Self.wrongType(feed: feed, path: path, expected: "a list", found: &scanner) }
            if scanner.peekKind() == .null { return try scanner.skipValue() }
            let found: LenientValue<Never> = try scanner.mismatch()
            if case .mismatch(let what) = found {
                issues.append(FeedIssue(kind: .ignored, feed: feed, item: nil, field: path, reason: "expected a list, found \(what)"))
            }
            return
        }
        var position = 0
        var seen: [String: String] = [:]
        try scanner.readArray { scanner in
            var problems = FieldProblems()
            let (model, failure) = try table.readItem(&scanner, empty: empty, problems: &problems)
            let id = identify(model).flatMap { $0.isEmpty ? nil : $0 }
            report(item: id ?? "\(path)[\(position)]", problems: problems, failure: failure)
            if failure == nil, admit(id, at: "\(path)[\(position)]", seen: &seen) { try each(model) }
            position += 1
        }
    }

    /// Whether an item with `id`, found at `place`, is kept: the first item with an id is; a later
    /// one is skipped and reported, naming where the kept one is. An item without an id is kept.
    mutating func admit(_ id: String?, at place: String, seen: inout [String: String]) -> Bool {
        guard let id else { return true }
        if let first = seen[id] {
            issues.append(FeedIssue(kind: .skipped, feed: feed, item: id, field: "id", reason: "the same id as \(first), which is kept"))
            return false
        }
        seen[id] = place
        return true
    }

    /// Records an item's problems: skipped when it failed, else each ignored field.
    mutating func report(item: String?, problems: FieldProblems, failure: FieldProblems.Problem?) {
        if let failure {
            issues.append(FeedIssue(kind: .skipped, feed: feed, item: item, field: failure.field.isEmpty ? nil : failure.field,
                                    reason: failure.reason))
            return
        }
        for problem in problems.list {
            issues.append(FeedIssue(kind: .ignored, feed: feed, item: item, field: problem.field, reason: problem.reason))
        }
    }

    mutating func append(_ more: [FeedIssue]) {
        issues += more
    }
}
