@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// The decoding policy of docs/feed-format.md, as a table. For every field of
/// contents items (nested ones included), events, rooms, tracks, topics, topic categories,
/// resources, picture sizes (`imageTypes`), live streams and news items, and each of {absent, null, "", a value of the wrong
/// type} applied to that field of ONE item of a small valid document:
/// - the feed is not rejected;
/// - the item is kept when the field is optional, with the field empty or unknown (its default) and,
///   for a wrong type, an `ignored` issue naming the field; or, when the field is required, the item
///   is skipped and reported (a `skipped` issue naming the item, or its position, and the field);
/// - every other item lands exactly as in the unmutated decode (and, for contents items, as in the
///   unmutated import into a store).
@Suite("The decoding policy, field by field", .offThePool)
struct DecodingPolicyTests {
    @Test("contents items", arguments: PolicyKinds.contentsItems.fields.map(\.path))
    func contentsItems(field: String) throws {
        try PolicyKinds.contentsItems.check(field)
    }

    @Test("events", arguments: PolicyKinds.events.fields.map(\.path))
    func events(field: String) throws {
        try PolicyKinds.events.check(field)
    }

    @Test("topics", arguments: PolicyKinds.topics.fields.map(\.path))
    func topics(field: String) throws {
        try PolicyKinds.topics.check(field)
    }

    @Test("topic categories", arguments: PolicyKinds.topicCategories.fields.map(\.path))
    func topicCategories(field: String) throws {
        try PolicyKinds.topicCategories.check(field)
    }

    @Test("rooms, tracks and resources", arguments: PolicyKinds.otherLists.indices)
    func otherLists(index: Int) throws {
        let kind = PolicyKinds.otherLists[index]
        for field in kind.fieldPaths { try kind.check(field) }
    }

    @Test("picture sizes (imageTypes)", arguments: PolicyKinds.imageTypes.fields.map(\.path))
    func imageTypes(field: String) throws {
        try PolicyKinds.imageTypes.check(field)
    }

    @Test("picture sizes out of range are dropped and reported; of two types of one name, the first is kept")
    func imageTypeValues() throws {
        var document = PolicyKinds.contentsDocument()
        document["imageTypes"] = [
            ["name": "wide", "variants": [["width": 0, "height": 48], ["width": 304, "height": 171], ["width": 85, "height": 10_001],
                                          ["width": "375", "height": 211.0]]],
            ["name": "wide", "variants": [["width": 900, "height": 506]]],
            "square",
        ] as [Any]
        let feed = try FeedDecoder.contents(from: JSONSerialization.data(withJSONObject: document))
        #expect(feed.imageTypes == [ImageType(name: "wide", variants: [.init(width: 304, height: 171), .init(width: 375, height: 211)])])
        #expect(feed.issues.map(\.line) == [
            "contents.json: wide: variants[0].width: expected a whole number, found 0, out of range (1 to 10000) (dropped)",
            "contents.json: wide: variants[2].height: expected a whole number, found 10001, out of range (1 to 10000) (dropped)",
            "contents.json: wide: id: the same id as imageTypes[0], which is kept",
            "contents.json: imageTypes[2]: expected an object, found text",
        ], "\(feed.issues.map(\.line))")
    }

    @Test("live streams (videos_live.json)", arguments: PolicyKinds.liveStreams.fields.map(\.path))
    func liveStreams(field: String) throws {
        try PolicyKinds.liveStreams.check(field)
    }

    @Test("news items (news.json)", arguments: PolicyKinds.newsItems.fields.map(\.path))
    func newsItems(field: String) throws {
        try PolicyKinds.newsItems.check(field)
    }

    @Test("contents items through the store: the other items' rows are exactly as in the unmutated import",
          arguments: PolicyKinds.contentsItems.fields.map(\.path))
    func contentsItemsInStore(field: String) throws {
        let kind = PolicyKinds.contentsItems
        let spec = try #require(kind.fields.first { $0.path == field })
        let baseline = try StoreRows.baseline.get()
        for mutation in Mutation.allCases {
            let label = "\(field) \(mutation)"
            // In memory: the same schema and import as on disk, without the file system's cost.
            let store = try ConferenceStore(path: ":memory:")
            do {
                _ = try store.importContents(json: kind.data(mutating: field, mutation))
            } catch {
                Issue.record("\(label): the feed was rejected: \(error)")
                continue
            }
            let rows = try StoreRows.rows(of: store, excluding: kind.targetID)
            for table in baseline.keys.sorted() where rows[table] != baseline[table] {
                let missing = (baseline[table] ?? []).filter { !(rows[table] ?? []).contains($0) }
                let extra = (rows[table] ?? []).filter { !(baseline[table] ?? []).contains($0) }
                Issue.record("\(label): table \(table) differs for the other items; missing \(missing.prefix(3)), extra \(extra.prefix(3))")
            }
            #expect(rows.keys.sorted() == baseline.keys.sorted(), "\(label)")
            let landed = try store.count("SELECT count(*) FROM sessions WHERE id = '\(kind.targetID)'")
            #expect(landed == (spec.expectation == .required ? 0 : 1), "\(label): the mutated item is \(spec.expectation == .required ? "skipped" : "kept")")
        }
    }

    @Test("the documents of this table are valid and complete: nothing skipped or ignored unmutated")
    func baselines() throws {
        let contents = try FeedDecoder.contents(from: PolicyKinds.contentsItems.data())
        #expect(contents.issues.isEmpty, "\(contents.issues)")
        #expect(contents.sessions.count == 4 && contents.events.count == 3 && contents.topics.count == 3)
        #expect(contents.topicCategories.count == 2 && contents.resources.count == 2 && contents.rooms.count == 2 && contents.tracks.count == 2)
        #expect(contents.imageTypes.map(\.variants.count) == [1, 2])
        let full = try #require(contents.sessions.first { $0.id == PolicyKinds.contentsItems.targetID })
        // The full item carries every field of the contents[] table, so that clearing one is visible.
        #expect(full.media?.chapters.count == 2 && full.codeSnippets.count == 2 && full.signup?.endDate != nil)
        #expect(full.media?.otherLinks.map(\.kind) == ["downloadHLS"])
        #expect(full.relatedSessionIDs.count == 2 && full.relatedResourceIDs.count == 2 && full.hasLiveStream)
        #expect(full.codeSnippets[0].code == "let total = a && b < c")
        let news = try FeedDecoder.news(from: PolicyKinds.newsItems.data())
        #expect(news.issues.isEmpty && news.items.count == 3)
        let live = try FeedDecoder.liveVideos(from: PolicyKinds.liveStreams.data())
        #expect(live.issues.isEmpty && live.streams.count == 3)
        // Imported, the document fills every table a contents import writes; the rows compared leave the full item out.
        let store = try ConferenceStore(path: ":memory:")
        _ = try store.importContents(json: PolicyKinds.contentsItems.data())
        let all = try StoreRows.rows(of: store, excluding: "")
        let notFromContents: Set<String> = ["articles", "live_streams", "news", "news_photos", "transcripts",
                                            "transcript_manifest", "downloads", "watch_progress", "bookmarks", "notes", "personal_changes", "whats_new",
                                            "subtitle_languages"]
        for (table, rows) in all where !notFromContents.contains(table) && !table.hasPrefix("transcript_search")
            && !table.hasPrefix("personal_search") {
            #expect(!rows.isEmpty, "table \(table) has rows")
        }
        let baseline = try StoreRows.baseline.get()
        #expect(baseline["sessions"]?.count == 3 && all["sessions"]?.count == 4)
        #expect(baseline["session_chapters"]?.count == 1 && all["session_chapters"]?.count == 3)
        #expect(baseline["events"] == all["events"] && baseline["events"]?.count == 3)
        // Every key of the documents' target items is covered by the table.
        for kind in [PolicyKinds.contentsItems.keyCoverage, PolicyKinds.events.keyCoverage, PolicyKinds.topics.keyCoverage,
                     PolicyKinds.topicCategories.keyCoverage, PolicyKinds.imageTypes.keyCoverage, PolicyKinds.liveStreams.keyCoverage,
                     PolicyKinds.newsItems.keyCoverage]
                     + PolicyKinds.otherLists.map(\.keyCoverage) {
            #expect(kind.uncovered.isEmpty, "\(kind.name): keys without a row in the table: \(kind.uncovered)")
        }
    }
}

// MARK: - The table

/// What is done to the field.
enum Mutation: String, CaseIterable, Sendable {
    case absent, null, empty = "\"\"", wrongType = "wrong type"
}

/// What the policy says must happen to the item.
enum Expectation: Sendable {
    /// The item is kept, without the field's value.
    case optional
    /// The item is skipped and reported.
    case required
    /// A required field of a list element (a chapter, a code snippet, a photo): the element is
    /// dropped, the item kept with the rest of the list.
    case elementRequired
    /// A key the docs list as ignored: nothing changes, nothing is reported.
    case unread
}

/// One field: its path within the item (`media.chapters[0].start`, the way issues name it), how a
/// wrong type is written (`{"x": 1}` for a scalar, `true` for a list or an object), and what the
/// model looks like without it.
struct FieldRow<Model>: Sendable {
    let path: String
    let isCollection: Bool
    let expectation: Expectation
    /// Turns the unmutated item into what it must be with the field empty or unknown.
    let clear: @Sendable (inout Model) -> Void

    static func scalar(_ path: String, _ expectation: Expectation = .optional, clear: @escaping @Sendable (inout Model) -> Void = { _ in }) -> FieldRow {
        FieldRow(path: path, isCollection: false, expectation: expectation, clear: clear)
    }

    static func collection(_ path: String, _ expectation: Expectation = .optional, clear: @escaping @Sendable (inout Model) -> Void = { _ in }) -> FieldRow {
        FieldRow(path: path, isCollection: true, expectation: expectation, clear: clear)
    }

    func replacement(_ mutation: Mutation) -> Any? {
        switch mutation {
        case .absent: nil
        case .null: NSNull()
        case .empty: ""
        case .wrongType: isCollection ? true as Any : ["x": 1] as Any
        }
    }
}

/// One kind of item in one feed: the document, where the mutated item is in it, how the feed decodes.
struct PolicyKind<Feed: Equatable, Model: Equatable>: Sendable {
    let name: String
    /// The feed's file name, as issues name it.
    let feed: String
    let document: @Sendable () -> [String: Any]
    /// Where the mutated item is (`contents[1]`, `live_sessions.102`).
    let itemPath: [PathStep]
    /// Its id in the unmutated feed, and how an issue names it when its id is gone.
    let targetID: String
    let position: String
    let decode: @Sendable (Data) throws -> Feed
    let items: @Sendable (Feed) -> [Model]
    let identify: @Sendable (Model) -> String
    /// The feed without this kind's items and without issues: the rest must not change.
    let rest: @Sendable (Feed) -> Feed
    let issues: @Sendable (Feed) -> [FeedIssue]
    let fields: [FieldRow<Model>]
    /// The key of the item's id: without it, an issue names the item by its position.
    var idKey = "id"

    func data(mutating field: String? = nil, _ mutation: Mutation = .absent) throws -> Data {
        var document: Any = document()
        if let field, let row = fields.first(where: { $0.path == field }) {
            document = PathStep.replacing(in: document, at: itemPath[...] + PathStep.parse(field)[...], with: row.replacement(mutation))
        }
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// Checks every mutation of `field` against the unmutated decode.
    func check(_ field: String) throws {
        let row = try #require(fields.first { $0.path == field }, "no row \(field)")
        let baseline = try decode(data())
        try #require(issues(baseline).isEmpty, "the unmutated \(feed) decodes without issues: \(issues(baseline))")
        let baseItems = items(baseline)
        let target = try #require(baseItems.first { identify($0) == targetID }, "\(targetID) in the unmutated feed")
        var cleared = target
        row.clear(&cleared)
        if row.expectation == .optional || row.expectation == .elementRequired {
            // Clearing must be visible, or the check below would not see a field that was kept.
            #expect(cleared != target || row.path.hasPrefix("codeSnippets[0].code") || row.path.hasPrefix("codeSnippets[0].unstyledCode"),
                    "\(name) \(field): the unmutated item carries a value")
        }

        for mutation in Mutation.allCases {
            let label = "\(name) \(field) \(mutation.rawValue)"
            let decoded: Feed
            do {
                decoded = try decode(data(mutating: field, mutation))
            } catch {
                Issue.record("\(label): the feed was rejected: \(error)")
                continue
            }
            let got = items(decoded)
            let found = issues(decoded)
            #expect(rest(decoded) == rest(baseline), "\(label): the feed's other lists changed")
            #expect(found.allSatisfy { $0.feed == feed }, "\(label): \(found)")
            switch row.expectation {
            case .required:
                let others = baseItems.filter { identify($0) != targetID }
                #expect(got == others, "\(label): the item is skipped, the others land as unmutated")
                let skipped = found.filter { $0.kind == .skipped }
                #expect(skipped.count == 1, "\(label): one skipped item reported: \(found)")
                if let issue = skipped.first {
                    let name = field == idKey ? [targetID, position] : [targetID]
                    #expect(issue.item.map(name.contains) == true, "\(label): the issue names the item: \(issue.line)")
                    #expect(issue.field == field, "\(label): the issue names the field: \(issue.line)")
                    #expect(!issue.reason.isEmpty)
                }
            case .optional, .elementRequired, .unread:
                let expected = baseItems.map { identify($0) == targetID ? cleared : $0 }
                #expect(got == expected, "\(label): the item is kept \(row.expectation == .elementRequired ? "without the element" : "without the field"), the others as unmutated")
                if got != expected, let item = got.first(where: { identify($0) == targetID }) {
                    Issue.record("\(label): got \(item), expected \(cleared)")
                }
                #expect(!found.contains { $0.kind == .skipped }, "\(label): nothing skipped: \(found)")
                #expect(found.allSatisfy { $0.item == targetID }, "\(label): issues only about the mutated item: \(found)")
                switch (mutation, row.expectation) {
                case (.wrongType, .optional), (.wrongType, .elementRequired):
                    #expect(found.contains { $0.kind == .ignored && Self.names($0.field, field) },
                            "\(label): an ignored issue names \(field): \(found.map(\.line))")
                case (_, .optional), (_, .unread):
                    #expect(found.isEmpty, "\(label): an accepted shape reports nothing: \(found.map(\.line))")
                default:
                    break
                }
            }
        }
    }

    /// Whether an issue's field names `field` (or ends with it, for a field within a nested object).
    static func names(_ issueField: String?, _ field: String) -> Bool {
        guard let issueField else { return false }
        return issueField == field || issueField.hasSuffix("." + field)
    }

    /// The keys of the unmutated target item that have no row (besides those of nested rows).
    var keyCoverage: (name: String, uncovered: [String]) {
        let document: Any = document()
        guard let item = PathStep.value(in: document, at: itemPath[...]) else { return (name, ["<the item is missing>"]) }
        var uncovered: [String] = []
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    let path = prefix.isEmpty ? key : prefix + "." + key
                    if fields.contains(where: { $0.path == path }) {
                        if let list = child as? [Any], let first = list.first { walk(first, path + "[0]") }
                        if child is [String: Any] { walk(child, path) }
                    } else {
                        uncovered.append(path)
                    }
                }
            }
        }
        walk(item, "")
        return (name, uncovered.sorted())
    }
}

/// A step of a path in a JSON document.
enum PathStep: Sendable {
    case key(String)
    case index(Int)

    /// `media.chapters[0].start` → key media, key chapters, index 0, key start.
    static func parse(_ path: String) -> [PathStep] {
        var steps: [PathStep] = []
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                indices.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)])!, at: 0)
                name = name[..<open]
            }
            steps.append(.key(String(name)))
            steps += indices.map(PathStep.index)
        }
        return steps
    }

    /// `value` with the value at `steps` replaced (removed when `replacement` is nil).
    static func replacing(in value: Any, at steps: ArraySlice<PathStep>, with replacement: Any?) -> Any {
        guard let step = steps.first else { return replacement as Any }
        let rest = steps.dropFirst()
        switch step {
        case .key(let key):
            var object = value as! [String: Any]
            if rest.isEmpty {
                object[key] = replacement
            } else {
                object[key] = replacing(in: object[key]!, at: rest, with: replacement)
            }
            return object
        case .index(let index):
            var list = value as! [Any]
            list[index] = replacing(in: list[index], at: rest, with: replacement)
            return list
        }
    }

    static func value(in value: Any, at steps: ArraySlice<PathStep>) -> Any? {
        guard let step = steps.first else { return value }
        switch step {
        case .key(let key): return (value as? [String: Any])?[key].flatMap { Self.value(in: $0, at: steps.dropFirst()) }
        case .index(let index):
            guard let list = value as? [Any], list.indices.contains(index) else { return nil }
            return Self.value(in: list[index], at: steps.dropFirst())
        }
    }
}

// MARK: - The documents

enum PolicyKinds {
    /// A small valid `contents.json`: four items (one 2017-style scheduled session, the full item
    /// carrying every field, a modern video, an article), three events, rooms, tracks, topics,
    /// topic categories and resources.
    static func contentsDocument() -> [String: Any] {
        let fullItem: [String: Any] = [
            "id": "wwdc2020-10001",
            "eventId": "wwdc2020",
            "title": "Full of fields",
            "eventContentId": 10001,
            "staticContentId": 3001,
            "description": "An item with every field.",
            "type": "Lab",
            "trackId": 2,
            "roomId": 2,
            "startTime": "2020-06-23T09:00:00-07:00",
            "endTime": "2020-06-23T10:00:00-07:00",
            "originalPublishingDate": "2020-06-22T10:00:00-07:00",
            "publishingExpiryDate": 1_624_000_000.5,
            "webPermalink": "https://developer.apple.com/wwdc20/10001",
            "platforms": ["iOS", "macOS"],
            "keywords": ["swift", "lab"],
            "topicIds": [36, 8],
            "primaryTopicID": 36,
            "articleID": "ARTICLE-A",
            "images": ["square", "wide"],
            "hasLiveStream": true,
            "media": [
                "hls": "https://example.invalid/10001/hls.m3u8",
                "tvOShls": "https://example.invalid/10001/atv.m3u8",
                "downloadHD": "https://example.invalid/10001/hd.mp4",
                "downloadSD": "https://example.invalid/10001/sd.mp4",
                "downloadHLS": "https://example.invalid/10001/hls.zip",
                "slides": "https://example.invalid/10001/slides.pdf",
                "subtitles": "https://example.invalid/10001/en.vtt",
                "duration": 1800.5,
                "chapters": [
                    ["start": 0, "end": 60, "title": "Introduction", "summary": "Why it matters"],
                    ["start": 60, "end": 1800, "title": "Details", "summary": "How it works"],
                ],
            ] as [String: Any],
            "related": [
                "activities": ["wwdc2017-101", "wwdc2020-10002"],
                "resources": [1, 2],
            ],
            "actionLinkPrompt": "Request appointment",
            "actionLinkURL": "https://example.invalid/10001/appointment",
            "signupInformation": [
                "url": "https://example.invalid/10001/signup",
                "text": "Request a lab appointment",
                "startDate": "2020-06-22T12:00:00-07:00",
                "endDate": "2020-06-23T08:00:00-07:00",
            ],
            "codeSnippets": [
                ["title": "Combine", "language": "swift", "startTimeSeconds": 300, "endTimeSeconds": 345.5,
                 "code": "<span class=\"syntax-keyword\">let</span> total = a &amp;&amp; b &lt; c",
                 "unstyledCode": "let total = a && b < c"],
                ["title": "Second", "language": "objectivec", "startTimeSeconds": 400, "endTimeSeconds": 460,
                 "code": "<span>int</span> x = 1;", "unstyledCode": "int x = 1;"],
            ] as [[String: Any]],
        ]
        return [
            "updated": "2020-06-30T10:00:00-07:00",
            "snapshotId": "policy",
            "events": [
                ["id": "wwdc2017", "name": "WWDC17", "startTime": "2017-06-05T10:00:00-07:00",
                 "endTime": "2017-06-09T16:00:00-07:00", "current": false],
                ["id": "wwdc2020", "name": "WWDC20", "startTime": "2020-06-22T10:00:00-07:00",
                 "endTime": "2020-06-26T18:00:00-07:00", "current": true, "webUrlKey": "wwdc20",
                 "imagesPath": "https://example.invalid/images/2020", "hashtag": "#WWDC20"],
                ["id": "news", "name": "News"],
            ] as [[String: Any]],
            "rooms": [
                ["id": 1, "name": "Hall 1", "ordinal": 1, "regionId": 7],
                ["id": 2, "name": "Hall 2", "ordinal": 2, "regionId": 8],
            ],
            "tracks": [
                ["id": 1, "name": "Featured", "ordinal": 1, "color": "#111111"],
                ["id": 2, "name": "Frameworks", "ordinal": 2, "color": "#3C5B72", "darkColor": "#203040",
                 "titleColor": "#FFFFFF", "lightBGColor": "#E0E8F0"],
            ] as [[String: Any]],
            "topics": [
                ["id": 8, "title": "Accessibility", "ordinal": 1],
                ["id": 36, "title": "Swift", "ordinal": 4, "imageURL": "https://example.invalid/swift.pdf"],
                ["id": 37, "title": "Testing", "ordinal": 5],
            ] as [[String: Any]],
            "topicCategories": [
                ["id": 6, "title": "Developer Tools", "ordinal": 5, "topicIds": [36, 37]],
                ["id": 3, "title": "Frameworks", "ordinal": 2, "topicIds": [8]],
            ] as [[String: Any]],
            "resources": [
                ["id": 1, "title": "Guide", "url": "https://example.invalid/guide", "resource_type": "guide",
                 "description": "Read this first."],
                ["id": 2, "title": "Sample", "url": "https://example.invalid/sample", "resource_type": "samplecode"],
            ] as [[String: Any]],
            "imageTypes": [
                ["name": "square", "variants": [["width": 162, "height": 162]]],
                ["name": "wide", "variants": [["width": 85, "height": 48], ["width": 900, "height": 506]]],
            ] as [[String: Any]],
            "contents": [
                ["id": "wwdc2017-101", "eventId": "wwdc2017", "title": "Keynote", "type": "Special Event", "eventContentId": 101,
                 "trackId": 1, "roomId": 1, "startTime": "2017-06-05T10:00:00-07:00", "endTime": "2017-06-05T12:00:00-07:00",
                 "platforms": ["iOS"], "keywords": ["keynote"], "related": ["activities": ["wwdc2020-10001"], "resources": [1]],
                 "media": ["hls": "https://example.invalid/101/hls.m3u8", "duration": 7200]],
                fullItem,
                ["id": "wwdc2020-10002", "eventId": "wwdc2020", "title": "A modern video", "type": "Video", "eventContentId": 10002,
                 "originalPublishingDate": "2020-06-22T10:00:00-07:00", "topicIds": [36], "images": ["wide"],
                 "related": ["activities": ["wwdc2020-10001"]],
                 "media": ["hls": "https://example.invalid/10002/hls.m3u8", "downloadHD": "https://example.invalid/10002/hd.mp4",
                           "duration": 900, "chapters": [["start": 0, "title": "Only chapter"]]] as [String: Any],
                 "codeSnippets": [["title": "One", "unstyledCode": "print(1)"]]],
                ["id": "news-1", "eventId": "news", "title": "An article", "type": "Article", "description": "",
                 "originalPublishingDate": "2020-06-15T10:00:00-07:00", "articleID": "ARTICLE-B", "topicIds": [],
                 "webPermalink": "https://developer.apple.com/news/?id=1"],
            ] as [[String: Any]],
        ]
    }

    private static func contents(_ data: Data) throws -> ContentsFeed { try FeedDecoder.contents(from: data) }

    static let contentsItems = PolicyKind<ContentsFeed, Session>(
        name: "contents[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("contents"), .index(1)], targetID: "wwdc2020-10001", position: "contents[1]",
        decode: contents, items: \.sessions, identify: \.id,
        rest: { var feed = $0; feed.sessions = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("eventId", .required),
            .scalar("title", .required),
            .scalar("eventContentId") { $0.eventContentID = nil },
            .scalar("staticContentId") { $0.staticContentID = nil },
            .scalar("description") { $0.description = "" },
            .scalar("type") { $0.type = nil },
            .scalar("trackId") { $0.trackID = nil },
            .scalar("roomId") { $0.roomID = nil },
            .scalar("startTime") { $0.startTime = nil },
            .scalar("endTime") { $0.endTime = nil },
            .scalar("originalPublishingDate") { $0.originalPublishingDate = nil },
            .scalar("publishingExpiryDate") { $0.publishingExpiryDate = nil },
            .scalar("webPermalink") { $0.webPermalink = nil },
            .collection("platforms") { $0.platforms = [] },
            .collection("keywords") { $0.keywords = [] },
            .collection("topicIds") { $0.topicIDs = [] },
            .scalar("primaryTopicID") { $0.primaryTopicID = nil },
            .scalar("articleID") { $0.articleID = nil },
            .collection("images") { $0.images = [] },
            .scalar("hasLiveStream") { $0.hasLiveStream = false },
            .collection("media") { $0.media = nil },
            .scalar("media.hls") { $0.media?.hls = nil },
            .scalar("media.tvOShls") { $0.media?.tvOSHLS = nil },
            .scalar("media.downloadHD") { $0.media?.downloadHD = nil },
            .scalar("media.downloadSD") { $0.media?.downloadSD = nil },
            // A media kind wwdc does not know is an open set: a value that is not a link is an unknown key, ignored.
            .scalar("media.downloadHLS", .unread) { $0.media?.otherLinks.removeAll { $0.kind == "downloadHLS" } },
            .scalar("media.slides") { $0.media?.slides = nil },
            .scalar("media.subtitles") { $0.media?.subtitles = nil },
            .scalar("media.duration") { $0.media?.duration = nil },
            .collection("media.chapters") { $0.media?.chapters = [] },
            .scalar("media.chapters[0].start", .elementRequired) { $0.media?.chapters.removeFirst() },
            .scalar("media.chapters[0].end") { $0.media?.chapters[0].end = nil },
            .scalar("media.chapters[0].title", .elementRequired) { $0.media?.chapters.removeFirst() },
            .scalar("media.chapters[0].summary") { $0.media?.chapters[0].summary = nil },
            .collection("related") { $0.relatedSessionIDs = []; $0.relatedResourceIDs = [] },
            .collection("related.activities") { $0.relatedSessionIDs = [] },
            .collection("related.resources") { $0.relatedResourceIDs = [] },
            .scalar("actionLinkPrompt") { $0.actionLinkPrompt = nil },
            .scalar("actionLinkURL") { $0.actionLinkURL = nil },
            .collection("signupInformation") { $0.signup = nil },
            .scalar("signupInformation.url") { $0.signup?.url = nil },
            .scalar("signupInformation.text") { $0.signup?.text = nil },
            .scalar("signupInformation.startDate") { $0.signup?.startDate = nil },
            .scalar("signupInformation.endDate") { $0.signup?.endDate = nil },
            .collection("codeSnippets") { $0.codeSnippets = [] },
            .scalar("codeSnippets[0].title") { $0.codeSnippets[0].title = "" },
            .scalar("codeSnippets[0].language") { $0.codeSnippets[0].language = nil },
            .scalar("codeSnippets[0].startTimeSeconds") { $0.codeSnippets[0].startTime = nil },
            .scalar("codeSnippets[0].endTimeSeconds") { $0.codeSnippets[0].endTime = nil },
            // Either suffices: without `unstyledCode`, `code` without its markup is the same text.
            .scalar("codeSnippets[0].unstyledCode"),
            .scalar("codeSnippets[0].code"),
        ])

    static let events = PolicyKind<ContentsFeed, Event>(
        name: "events[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("events"), .index(1)], targetID: "wwdc2020", position: "events[1]",
        decode: contents, items: \.events, identify: \.id,
        rest: { var feed = $0; feed.events = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            // The name defaults to the id.
            .scalar("name") { $0.name = $0.id },
            .scalar("startTime") { $0.startTime = nil },
            .scalar("endTime") { $0.endTime = nil },
            .scalar("current") { $0.isCurrent = false },
            .scalar("webUrlKey") { $0.webURLKey = nil },
            .scalar("imagesPath") { $0.imagesPath = nil },
            .scalar("hashtag") { $0.hashtag = nil },
        ])

    static let topics = PolicyKind<ContentsFeed, Topic>(
        name: "topics[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("topics"), .index(1)], targetID: "36", position: "topics[1]",
        decode: contents, items: \.topics, identify: { String($0.id) },
        rest: { var feed = $0; feed.topics = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("title", .required),
            .scalar("ordinal") { $0.ordinal = nil },
            .scalar("imageURL", .unread),
        ])

    static let topicCategories = PolicyKind<ContentsFeed, TopicCategory>(
        name: "topicCategories[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("topicCategories"), .index(0)], targetID: "6", position: "topicCategories[0]",
        decode: contents, items: \.topicCategories, identify: { String($0.id) },
        rest: { var feed = $0; feed.topicCategories = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("title", .required),
            .scalar("ordinal") { $0.ordinal = nil },
            .collection("topicIds") { $0.topicIDs = [] },
        ])

    static let rooms = PolicyKind<ContentsFeed, Room>(
        name: "rooms[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("rooms"), .index(1)], targetID: "2", position: "rooms[1]",
        decode: contents, items: \.rooms, identify: { String($0.id) },
        rest: { var feed = $0; feed.rooms = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("name", .required),
            .scalar("ordinal") { $0.ordinal = nil },
            .scalar("regionId") { $0.regionID = nil },
        ])

    static let tracks = PolicyKind<ContentsFeed, Track>(
        name: "tracks[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("tracks"), .index(1)], targetID: "2", position: "tracks[1]",
        decode: contents, items: \.tracks, identify: { String($0.id) },
        rest: { var feed = $0; feed.tracks = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("name", .required),
            .scalar("ordinal") { $0.ordinal = nil },
            .scalar("color") { $0.color = nil },
            .scalar("darkColor") { $0.darkColor = nil },
            .scalar("titleColor") { $0.titleColor = nil },
            .scalar("lightBGColor") { $0.lightBackgroundColor = nil },
        ])

    static let resources = PolicyKind<ContentsFeed, Resource>(
        name: "resources[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("resources"), .index(0)], targetID: "1", position: "resources[0]",
        decode: contents, items: \.resources, identify: { String($0.id) },
        rest: { var feed = $0; feed.resources = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("title", .required),
            .scalar("url") { $0.url = nil },
            .scalar("resource_type") { $0.type = nil },
            .scalar("description") { $0.description = nil },
        ])

    static let otherLists: [any PolicyChecking] = [rooms, tracks, resources]

    static let imageTypes = PolicyKind<ContentsFeed, ImageType>(
        name: "imageTypes[]", feed: "contents.json", document: contentsDocument,
        itemPath: [.key("imageTypes"), .index(1)], targetID: "wide", position: "imageTypes[1]",
        decode: contents, items: \.imageTypes, identify: \.name,
        rest: { var feed = $0; feed.imageTypes = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("name", .required),
            .collection("variants") { $0.variants = [] },
            .scalar("variants[0].width", .elementRequired) { $0.variants.removeFirst() },
            .scalar("variants[0].height", .elementRequired) { $0.variants.removeFirst() },
        ], idKey: "name")

    /// A small valid `videos_live.json`: three streams, the middle one with every field.
    static func liveDocument() -> [String: Any] {
        [
            "updated": "2020-06-22T10:00:00-07:00",
            "live_sessions": [
                "101": ["iosUrl": "https://example.invalid/live/101.m3u8", "actualEndDate": "2020-06-22T12:00:00-07:00"],
                "102": ["iosUrl": "https://example.invalid/live/102.m3u8", "tvosUrl": "https://example.invalid/live/102-atv.m3u8",
                        "actualEndDate": "2020-06-22T15:00:00-07:00", "images": ["shelf": "https://example.invalid/live/102.jpg"]],
                "103": ["iosUrl": "https://example.invalid/live/103.m3u8", "actualEndDate": ""],
            ] as [String: Any],
        ]
    }

    static let liveStreams = PolicyKind<LiveVideosFeed, LiveStream>(
        name: "live_sessions", feed: "videos_live.json", document: liveDocument,
        itemPath: [.key("live_sessions"), .key("102")], targetID: "102", position: "102",
        decode: { try FeedDecoder.liveVideos(from: $0) }, items: \.streams, identify: \.eventContentID,
        rest: { var feed = $0; feed.streams = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("iosUrl") { $0.iosURL = nil },
            .scalar("tvosUrl") { $0.tvosURL = nil },
            .scalar("actualEndDate") { $0.actualEndDate = nil },
            .collection("images") { $0.images = [:] },
            .scalar("images.shelf") { $0.images["shelf"] = nil },
        ])

    /// A small valid `news.json`: three items, the middle one with every field.
    static func newsDocument() -> [String: Any] {
        [
            "items": [
                ["id": "n1", "title": "First", "body": "One.", "timestamp": 1_591_000_000],
                ["id": "n2", "title": "Second", "body": "Two.", "timestamp": 1_592_000_000.25, "visibility": "user.accessLevel == 6",
                 "type": "pass", "photos": [["id": "photo-1", "ratio": 1.5], ["id": "photo-2", "ratio": 0.75]]],
                ["id": "n3", "title": "Third", "timestamp": "2020-06-20T10:00:00-07:00"],
            ] as [[String: Any]],
        ]
    }

    static let newsItems = PolicyKind<NewsFeed, NewsItem>(
        name: "items[]", feed: "news.json", document: newsDocument,
        itemPath: [.key("items"), .index(1)], targetID: "n2", position: "items[1]",
        decode: { try FeedDecoder.news(from: $0) }, items: \.items, identify: \.id,
        rest: { var feed = $0; feed.items = []; feed.issues = []; return feed }, issues: \.issues,
        fields: [
            .scalar("id", .required),
            .scalar("title", .required),
            .scalar("body") { $0.body = nil },
            .scalar("timestamp") { $0.timestamp = nil },
            .scalar("visibility") { $0.visibility = nil },
            .scalar("type") { $0.type = nil },
            .collection("photos") { $0.photos = [] },
            .scalar("photos[0].id", .elementRequired) { $0.photos.removeFirst() },
            .scalar("photos[0].ratio") { $0.photos[0].ratio = nil },
        ])
}

/// A kind of the table whatever its types (to list rooms, tracks and resources together).
protocol PolicyChecking: Sendable {
    var fieldPaths: [String] { get }
    var keyCoverage: (name: String, uncovered: [String]) { get }
    func check(_ field: String) throws
}

extension PolicyKind: PolicyChecking {
    var fieldPaths: [String] { fields.map(\.path) }
}

// MARK: - Store rows

/// The rows of a store, by table, with each session's `sid` replaced by its id (sids depend on the
/// order of inserts), leaving out the rows of one item.
enum StoreRows {
    /// The unmutated contents document imported into a fresh store.
    static let baseline: Result<[String: [String]], any Error> = Result {
        let store = try ConferenceStore(path: ":memory:")
        _ = try store.importContents(json: PolicyKinds.contentsItems.data())
        return try rows(of: store, excluding: PolicyKinds.contentsItems.targetID)
    }

    /// Tables a contents import does not write, and the full-text index's own tables (keyed by sid).
    static let ignored: Set<String> = ["sync_metadata", "settings", "favorites", "feedback"]

    static func rows(of store: ConferenceStore, excluding id: String) throws -> [String: [String]] {
        try store.read { db in
            let tables = try db.fetchAll("""
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                  AND name NOT LIKE 'session_search%' ORDER BY name
                """) { $0.string(at: 0) ?? "" }
            var result: [String: [String]] = [:]
            for table in tables where !ignored.contains(table) {
                let columns = try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]) { $0.string(at: 0) ?? "" }
                let quoted = columns.filter { $0 != "sid" }.map { "t.\"\($0)\"" }
                let sql: String
                var arguments: [any DatabaseValueConvertible] = []
                if table == "sessions" {
                    sql = "SELECT \(quoted.joined(separator: ", ")) FROM sessions t WHERE t.id != ?"
                    arguments = [DatabaseValue.text(id)]
                } else if columns.contains("sid") {
                    sql = "SELECT s.id, \(quoted.joined(separator: ", ")) FROM \"\(table)\" t LEFT JOIN sessions s ON s.sid = t.sid WHERE s.id IS NOT ?"
                    arguments = [DatabaseValue.text(id)]
                } else {
                    sql = "SELECT \(quoted.joined(separator: ", ")) FROM \"\(table)\" t"
                }
                let rows = try db.fetchAll(sql, arguments) { row in
                    (0..<row.columnCount).map { render(row.value(at: $0)) }.joined(separator: " | ")
                }
                result[table] = rows.sorted()
            }
            return result
        }
    }

    static func render(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): "\(number)r"
        case .text(let bytes): "'" + String(decoding: bytes, as: UTF8.self) + "'"
        case .blob(let bytes): "x'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
