@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

@Suite("Importing feeds into the store", .offThePool)
struct ImportTests {
    @Test("Apple's 2017 feeds land with every count of the README",
          .enabled(if: TestPaths.hasAppleFeeds2017, "needs ../shared/apple-feeds/2017"))
    func apple2017() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let report = try store.importContents(json: TestPaths.appleFeed("contents.json"))
        let counts = try store.tableCounts()
        #expect(counts["events"] == 5)
        #expect(counts["rooms"] == 35)
        #expect(counts["tracks"] == 8)
        #expect(counts["resources"] == 236)
        #expect(counts["sessions"] == 771)
        #expect(counts["instances"] == 307)
        #expect(counts["videos"] == 574)
        #expect(counts["session_keywords"] == 4016)
        #expect(counts["session_platforms"] == 1830)
        #expect(try store.read { try $0.sessionCountsByType() } ==
                ["Session": 530, "Lab": 173, "Video": 35, "Special Event": 21, "Get-Together": 12])
        #expect(report[.sessions].inserted == 771)
        #expect(report.rebuiltSearchIndex)
        #expect(try store.count("SELECT count(*) FROM events WHERE is_current = 1") == 1)
        // Related sessions may name sessions from years the feed does not have (2012): kept as given.
        #expect(try store.count("SELECT count(*) FROM session_related WHERE related_id = 'wwdc2012-701'") == 1)

        let news = try store.importNews(FeedDecoder.news(from: TestPaths.appleFeed("news.json")))
        #expect(news[.news].inserted == 17)
        #expect(try store.count("SELECT count(*) FROM news_photos") > 0)
        let live = try store.importLiveVideos(FeedDecoder.liveVideos(from: TestPaths.appleFeed("videos_live.json")))
        #expect(live[.liveStreams].inserted == 111)
        #expect(try store.count("SELECT count(*) FROM live_streams WHERE actual_end_date IS NULL") == 3)

        let hits = try store.searchSessions("metal")
        #expect(!hits.isEmpty)
        #expect(hits.first.map { $0.title.lowercased().contains("metal") } == true)
    }

    @Test("the streamed import and a whole decode then import store exactly the same thing",
          arguments: ["apple-2017", "later-years", "generated"])
    func streamedMatchesWhole(source: String) throws {
        let data: Data
        switch source {
        case "apple-2017":
            guard TestPaths.hasAppleFeeds2017 else { return }
            data = try TestPaths.appleFeed("contents.json")
        case "later-years":
            data = try Data(contentsOf: TestPaths.laterYearsContents)
        default:
            data = try TestFeeds.contentsData(sessionCount: 1_700)
        }
        let folder = try TemporaryFolder()
        let streamed = try folder.store("streamed.sqlite")
        let decoded = try folder.store("decoded.sqlite")
        let streamedReport = try streamed.importContents(json: data)
        let decodedReport = try decoded.importContents(FeedDecoder.contents(from: data))
        #expect(streamedReport == decodedReport)
        #expect(try streamed.dump() == decoded.dump())
    }

    @Test("tricky but valid items decode to the values the JSON holds")
    func trickyItems() throws {
        let items = [
            #"{"id": "1", "eventId": "e", "title": "a\"b\\c\/d\u00e9\ud83c\udf89\n\t\u0000 T\u2019s", "description": null}"#,
            #"{"title": "x", "eventId": "e", "id": "2", "eventContentId": "17", "trackId": null, "keywords": [], "platforms": null}"#,
            #"{"id": "3", "eventId": "e", "title": "t", "media": {}, "related": {"resources": ["4", 5], "activities": []}}"#,
            #"{"id": "4", "eventId": "e", "title": "t", "startTime": 1496955000.5, "endTime": "2017-06-08T13:50:00Z", "extra": {"deep": [1, 2.5e3, -0.0, true, false, null, "s", {"k": []}]}}"#,
            #"{"id": "5", "eventId": "e", "title": "t", "media": {"duration": 1.0000000000000002, "hls": "h"}, "topicIds": [1, "2"]}"#,
            #"{"id": "6", "eventId": "e", "title": "t", "media": {"duration": 12345678901234567890}}"#,
            "{\"id\": \"7\", \"eventId\": \"e\", \"title\": \"caf\u{E9} \u{1F389} \u{202E}\", \"k\u{E9}y\": 1, \"e\\u0076entContentId\": 9}",
        ]
        let document = #"{"events": [], "contents": ["# + items.joined(separator: ", ") + "]}"
        let feed = try FeedDecoder.contents(from: Data(document.utf8))
        // A duration past what any video lasts is out of range: unusable, reported.
        #expect(feed.issues.map(\.field) == ["media.duration"], "\(feed.issues)")
        let sessions = feed.sessions
        #expect(sessions.map(\.id) == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(sessions[0].title == "a\"b\\c/d\u{E9}\u{1F389}\n\t\u{0} T\u{2019}s" && sessions[0].description == "")
        #expect(sessions[1].eventContentID == 17 && sessions[1].trackID == nil && sessions[1].platforms.isEmpty)
        #expect(sessions[2].media == nil && sessions[2].relatedResourceIDs == [4, 5])
        #expect(sessions[3].startTime?.secondsSince1970 == 1_496_955_000.5 && sessions[3].endTime?.secondsSince1970 == 1_496_929_800)
        #expect(sessions[4].media?.duration == 1.0000000000000002 && sessions[4].topicIDs == [1, 2])
        #expect(sessions[5].media == nil)
        #expect(sessions[6].title == "caf\u{E9} \u{1F389} \u{202E}" && sessions[6].eventContentID == 9)
    }

    @Test("a feed shaped like later years (no tracks, rooms or times; topics and articles) imports")
    func laterYears() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let report = try store.importContents(json: Data(contentsOf: TestPaths.laterYearsContents))
        #expect(report[.sessions].inserted == 5)
        #expect(report[.topics].inserted == 4)
        #expect(report[.sessionTopics].inserted == 5)
        #expect(report[.instances].inserted == 0)
        let counts = try store.tableCounts()
        #expect(counts["rooms"] == 0 && counts["tracks"] == 0 && counts["instances"] == 0)
        #expect(counts["events"] == 2)
        #expect(try store.read { try $0.sessionCountsByType() } == ["Session": 2, "Article": 2, "Video": 1])
        #expect(try store.count("SELECT count(*) FROM sessions WHERE original_publishing_date IS NOT NULL") == 3)
        // Both match in the title; BM25 prefers the shorter document (the article without a description).
        #expect(try store.searchSessions("spatial").map(\.id) == ["wwdc2024-111216", "wwdc2024-111215"])
    }

    @Test("news and live streams replace what the previous feed had")
    func newsAndLive() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let first = NewsFeed(items: [
            NewsItem(id: "n1", title: "Welcome", body: "Hello", timestamp: FeedDate(secondsSince1970: 1),
                     photos: [.init(id: "p1", ratio: 1.5), .init(id: "p2")]),
            NewsItem(id: "n2", title: "Bye"),
        ])
        #expect(try store.importNews(first).rowsChanged == 4)
        var second = first
        second.items[0].photos = [.init(id: "p1", ratio: 1.5)]
        second.items.remove(at: 1)
        let report = try store.importNews(second)
        #expect(report[.news] == ChangeCounts(deleted: 1))
        #expect(report[.newsPhotos] == ChangeCounts(deleted: 1))
        #expect(try store.importNews(second).isEmpty)

        let live = LiveVideosFeed(streams: [LiveStream(eventContentID: "201", iosURL: "a", images: ["shelf": "s"]),
                                            LiveStream(eventContentID: "202")])
        #expect(try store.importLiveVideos(live)[.liveStreams].inserted == 2)
        #expect(try store.importLiveVideos(LiveVideosFeed(streams: [live.streams[1]]))[.liveStreams] == ChangeCounts(deleted: 1))
        #expect(try store.count("SELECT count(*) FROM live_streams") == 1)
    }

    @Test("the picture sizes of imageTypes are stored in order, changed in place, and leave with their kind")
    func imageTypes() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        func sizes() throws -> [String] {
            try store.read { db in
                try db.fetchAll("SELECT kind, position, width, height FROM image_variants ORDER BY kind, position") { row in
                    "\(row.string("kind") ?? "") \(row.int("position")) \(row.int("width"))x\(row.int("height"))"
                }
            }
        }
        var feed = ContentsFeed(imageTypes: [
            ImageType(name: "square", variants: [.init(width: 162, height: 162)]),
            ImageType(name: "wide", variants: [.init(width: 85, height: 48), .init(width: 900, height: 506)]),
        ])
        #expect(try store.importContents(feed)[.imageVariants] == ChangeCounts(inserted: 3))
        #expect(try sizes() == ["square 0 162x162", "wide 0 85x48", "wide 1 900x506"])
        #expect(try store.importContents(feed).isEmpty)
        feed.imageTypes = [ImageType(name: "wide", variants: [.init(width: 85, height: 48), .init(width: 304, height: 171),
                                                              .init(width: 900, height: 506)])]
        #expect(try store.importContents(feed)[.imageVariants] == ChangeCounts(inserted: 1, updated: 1, deleted: 1))
        #expect(try sizes() == ["wide 0 85x48", "wide 1 304x171", "wide 2 900x506"])
        // A feed without imageTypes lists no sizes: the rule's fallback applies again.
        feed.imageTypes = []
        #expect(try store.importContents(feed)[.imageVariants] == ChangeCounts(deleted: 3))
        #expect(try sizes().isEmpty)
    }
}
