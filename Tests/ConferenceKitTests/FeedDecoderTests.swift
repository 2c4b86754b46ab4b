@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

@Suite("Decoding Apple's feeds", .offThePool)
struct FeedDecoderTests {
    @Test("ISO 8601 dates with offsets, Z, fractions; invalid ones rejected")
    func isoDates() throws {
        let date = try #require(ISO8601DateParser.parse("2017-06-08T13:50:00-07:00"))
        #expect(date.secondsSince1970 == 1_496_955_000)
        #expect(date.utcOffsetSeconds == -25_200)
        #expect(date.description == "2017-06-08T13:50:00-07:00")
        #expect(ISO8601DateParser.parse("2017-06-08T20:50:00Z")?.secondsSince1970 == 1_496_955_000)
        #expect(ISO8601DateParser.parse("2017-06-08T20:50:00.250Z")?.secondsSince1970 == 1_496_955_000.25)
        #expect(ISO8601DateParser.parse("2017-06-09T02:20:00+0530")?.secondsSince1970 == 1_496_955_000)
        #expect(ISO8601DateParser.parse("1969-12-31T23:59:59Z")?.secondsSince1970 == -1)
        #expect(ISO8601DateParser.parse("2024-02-29T00:00:00Z")?.secondsSince1970 == 1_709_164_800)
        for invalid in ["", "2017-06-08", "x2017-06-08T13:50:00Z", "2017-13-08T13:50:00Z", "2023-02-29T00:00:00Z",
                        "2017-06-08T25:00:00Z", "2017-06-08T13:50:00-07:00 ", "2017-06-08T13:50:00+7"] where invalid != "2017-06-08" {
            #expect(ISO8601DateParser.parse(invalid) == nil, "\(invalid)")
        }
        #expect(ISO8601DateParser.parse("2017-06-08")?.secondsSince1970 == 1_496_880_000)
        // Agrees with Foundation on a spread of dates.
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_000_000_000.0, through: 4_000_000_000, by: 86_399_999) {
            let text = formatter.string(from: Date(timeIntervalSince1970: seconds))
            #expect(ISO8601DateParser.parse(text)?.secondsSince1970 == seconds, "\(text)")
        }
    }

    @Test("dates may be epoch numbers, possibly fractional")
    func epochDates() throws {
        let items = try FeedDecoder.news(from: Data(#"""
            {"items": [{"id": "a", "title": "A", "timestamp": 1465952404.073439},
                       {"id": "b", "title": "B", "timestamp": 1464973210}]}
            """#.utf8))
        #expect(items.items.map(\.timestamp?.secondsSince1970) == [1465952404.073439, 1464973210])
        #expect(items.items[0].timestamp?.utcOffsetSeconds == nil)
    }

    @Test("config: version as number or string, features, feeds with ETags, the account service, unknown keys ignored")
    func config() throws {
        let config = try FeedDecoder.config(from: Data(#"""
            {"minimumSupportedAppVersion": "2.10.1", "features": {"isLiveStreamingEnabled": true, "odd": "x"},
             "fetchIntervals": {"master": 300, "liveVideos": 60.5},
             "feeds": {"en": {"contents": {"url": "https://example.invalid/contents.json", "etag": "\"abc\""},
                              "news": {"url": "news.json"}},
                       "jpn": {"contents": {"url": "contents_jpn.json"}}},
             "accountService": {"url": "/api/v1/"}, "services": {"x": {"url": "y"}}, "eventHero": {"title": "t"}}
            """#.utf8))
        #expect(config.minimumSupportedAppVersion == AppVersion([2, 10, 1]))
        #expect(config.requiresUpgrade(from: AppVersion("2.9")!))
        #expect(!config.requiresUpgrade(from: AppVersion("2.10.1.0")!))
        #expect(config.features == ["isLiveStreamingEnabled": true])
        #expect(config.fetchIntervals == ["master": 300, "liveVideos": 60.5])
        #expect(config.feed("contents")?.etag == "\"abc\"")
        #expect(config.feed("news", language: "jpn")?.url == "news.json")
        #expect(config.feeds["jpn"]?["news"] == nil)
        #expect(config.language(for: "jpn") == "jpn" && config.language(for: "kor") == "en")
        let base = URL(string: "http://127.0.0.1:8080/feeds/config.json")
        #expect(config.feed("news")?.resolved(against: base)?.absoluteString == "http://127.0.0.1:8080/feeds/news.json")
        #expect(config.accountService?.resolved(against: base)?.absoluteString == "http://127.0.0.1:8080/api/v1/")

        let numeric = try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": 3}"#.utf8))
        #expect(numeric.minimumSupportedAppVersion == AppVersion("3.0"))
        #expect(numeric.accountService == nil)
        #expect(try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": 1.5}"#.utf8)).minimumSupportedAppVersion == AppVersion("1.5"))
        // A version that is not one is unknown (no minimum), and reported.
        let vague = try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": "soon", "eventHero": {"title": "Soon", "body": "b"}}"#.utf8))
        #expect(vague.minimumSupportedAppVersion == AppVersion([0]))
        #expect(vague.issues.map(\.field) == ["minimumSupportedAppVersion"])
        #expect(vague.eventHero == EventHero(title: "Soon", body: "b"))
    }

    @Test("versions compare component by component")
    func versions() {
        #expect(AppVersion("1.10")! > AppVersion("1.9")!)
        #expect(AppVersion("1.0")! == AppVersion("1")!)
        #expect(AppVersion("1.0.0")!.hashValue == AppVersion("1")!.hashValue)
        #expect(AppVersion("1.a") == nil)
        #expect(AppVersion("") == nil)
    }

    @Test("malformed JSON: the error gives line, column and byte offset")
    func malformed() throws {
        let text = "{\n  \"events\": [],\n  \"contents\": [\n    {\"id\": \"a\",, \"title\": \"x\"}\n  ]\n}"
        do {
            _ = try FeedDecoder.contents(from: Data(text.utf8))
            Issue.record("must fail")
        } catch let error as FeedError {
            #expect(error.kind == .malformedJSON)
            #expect(error.line == 4)
            #expect(error.column == 16)
            #expect(error.offset == 49)
            #expect(error.description == "contents.json is not valid JSON at line 4, column 16 (byte 49): unexpected character ',', expected a quoted key")
        }
        for (document, reason) in [("", "unexpected end of data"), ("{\"events\": [", "end of data"), ("[1, 2] x", "after the end"),
                                   ("{\"a\": \"tab\there\"}", "control character"), ("{\"a\": 01}", "expected ',' or '}'")] {
            #expect(throws: FeedError.self) { try FeedDecoder.contents(from: Data(document.utf8)) }
            do { _ = try FeedDecoder.contents(from: Data(document.utf8)) } catch let error as FeedError {
                #expect(error.kind == .malformedJSON)
                #expect(error.description.contains(reason), "\(document): \(error)")
            }
        }
        var invalid = Data("{\"events\": [], \"contents\": [{\"id\": \"a\", \"title\": \"caf".utf8)
        invalid.append(contentsOf: [0xC3, 0x28])
        invalid.append(contentsOf: Data("\"}]}".utf8))
        do {
            _ = try FeedDecoder.contents(from: invalid)
            Issue.record("must fail")
        } catch let error as FeedError {
            #expect(error.kind == .malformedJSON)
            #expect(error.description.contains("invalid UTF-8"))
            #expect(error.offset == 53)
        }
    }

    @Test("a feed without its top-level collection is rejected, naming it")
    func missingCollection() throws {
        let cases: [(String, FeedError.Kind, String, String)] = [
            (#"{"contents": []}"#, .missingField, "events", "required field \"events\" is missing"),
            (#"{"events": []}"#, .missingField, "contents", "required field \"contents\" is missing"),
            (#"{"events": [], "contents": {"id": "s1"}}"#, .wrongType, "contents", "expected a list but found an object"),
            (#"{"events": "none", "contents": []}"#, .wrongType, "events", "expected a list but found text"),
            (#"[{"id": "s1"}]"#, .wrongType, "", "expected an object but found a list"),
        ]
        for (document, kind, path, detail) in cases {
            do {
                _ = try FeedDecoder.contents(from: Data(document.utf8))
                Issue.record("must fail: \(document)")
            } catch let error as FeedError {
                #expect(error.kind == kind, "\(document)")
                #expect(error.path == path, "\(document)")
                #expect(error.detail == detail, "\(document)")
                #expect(error.recoverySuggestion?.contains("unchanged") == true)
            }
        }
        #expect(throws: FeedError.self) { try FeedDecoder.news(from: Data(#"{"news": []}"#.utf8)) }
        #expect(throws: FeedError.self) { try FeedDecoder.liveVideos(from: Data(#"{"live_sessions": []}"#.utf8)) }
        #expect(throws: FeedError.self) { try FeedDecoder.config(from: Data(#"["feeds"]"#.utf8)) }
    }

    @Test("an unusable item is skipped and reported with its id and field; the others land")
    func skippedItems() throws {
        let feed = try FeedDecoder.contents(from: Data(#"""
            {"events": [{"id": "e"}, {"name": "no id"}, 7],
             "contents": [{"id": "s1", "eventId": "e", "title": "kept"},
                          {"id": "s2", "eventId": "e"},
                          {"eventId": "e", "title": "no id"},
                          {"id": "s4", "eventId": "e", "title": ["a list"]},
                          {"id": "s5", "eventId": "e", "title": null},
                          "not an item",
                          {"id": 6, "eventId": "e", "title": 42}]}
            """#.utf8))
        #expect(feed.sessions.map(\.id) == ["s1", "6"])
        #expect(feed.sessions[1].title == "42")
        #expect(feed.events.map(\.id) == ["e"])
        #expect(feed.events[0].name == "e")
        let skipped = feed.issues.filter { $0.kind == .skipped }.map { [$0.item ?? "-", $0.field ?? "-", $0.reason] }
        #expect(skipped == [
            ["events[1]", "id", "required field \"id\" is missing"],
            ["events[2]", "-", "expected an object, found a number"],
            ["s2", "title", "required field \"title\" is missing"],
            ["contents[2]", "id", "required field \"id\" is missing"],
            ["s4", "title", "expected text, found a list"],
            ["s5", "title", "required field \"title\" is missing"],
            ["contents[5]", "-", "expected an object, found text"],
        ])
        #expect(feed.issues.first { $0.item == "s4" }?.line == "contents.json: s4: title: expected text, found a list")
    }

    @Test("an optional value of the wrong type is ignored and reported; the item is kept without it")
    func ignoredValues() throws {
        let feed = try FeedDecoder.contents(from: Data(#"""
            {"events": [], "contents": [
              {"id": "s1", "eventId": "e", "title": "t", "keywords": ["a", true, "b"], "media": {"duration": "long", "hls": "h"},
               "startTime": {"at": 1}, "endTime": "", "eventContentId": "12a", "platforms": "iOS", "related": []}]}
            """#.utf8))
        let session = try #require(feed.sessions.first)
        #expect(session.keywords == ["a", "b"])
        #expect(session.media?.duration == nil && session.media?.hls == "h")
        #expect(session.startTime == nil && session.endTime == nil && session.eventContentID == nil && session.platforms.isEmpty)
        let ignored = feed.issues.filter { $0.kind == .ignored }.map { "\($0.field ?? "-"): \($0.reason)" }
        #expect(ignored == [
            "keywords[1]: expected text, found true or false",
            "media.duration: expected a number, found text",
            "startTime: expected a date, found an object",
            "eventContentId: expected a whole number, found text",
            "platforms: expected a list, found text",
        ])
        // Lists, dates and ids in every shape the real feeds use.
        let lenient = try FeedDecoder.contents(from: Data(#"""
            {"events": [{"id": "e", "startTime": "", "current": "true"}], "contents": [
              {"id": 820, "eventId": "e", "title": "t", "eventContentId": "820", "trackId": 4.0, "topicIds": ["1", 2, null],
               "startTime": "not a date", "originalPublishingDate": 1591862400.5, "hasLiveStream": 1, "media": null}]}
            """#.utf8))
        #expect(lenient.issues.isEmpty, "\(lenient.issues)")
        let item = try #require(lenient.sessions.first)
        #expect(item.id == "820" && item.eventContentID == 820 && item.trackID == 4 && item.topicIDs == [1, 2])
        #expect(item.startTime == nil && item.originalPublishingDate?.secondsSince1970 == 1_591_862_400.5 && item.hasLiveStream)
        #expect(lenient.events[0].startTime == nil && lenient.events[0].isCurrent)
    }

    @Test("fields later years dropped or added are optional; unknown fields are ignored")
    func optionalFields() throws {
        let feed = try FeedDecoder.contents(from: Data(contentsOf: TestPaths.laterYearsContents))
        #expect(feed.rooms.isEmpty && feed.tracks.isEmpty)
        #expect(feed.topics.map(\.id) == [101, 102, 103, 104])
        #expect(feed.sessions.count == 5)
        let swift = try #require(feed.sessions.first)
        #expect(swift.trackID == nil && swift.startTime == nil && swift.roomID == nil)
        #expect(swift.topicIDs == [101, 104])
        #expect(swift.originalPublishingDate?.secondsSince1970 == 1_718_038_800)
        #expect(swift.media?.duration == 1712)
        #expect(swift.relatedSessionIDs == ["wwdc2023-10164", "wwdc2024-10169"])
        #expect(feed.sessions[1].eventContentID == 10169)
        #expect(feed.sessions[1].topicIDs == [101])
        #expect(feed.sessions[1].originalPublishingDate?.utcOffsetSeconds == -25_200)
        #expect(feed.sessions[2].type == "Article")
        #expect(feed.sessions[2].originalPublishingDate?.secondsSince1970 == 1_717_977_600.25)
        #expect(feed.sessions[3].media == nil && feed.sessions[3].relatedResourceIDs.isEmpty)
    }

    @Test("Apple's 2017 feeds decode", .enabled(if: TestPaths.hasAppleFeeds2017, "needs ../shared/apple-feeds/2017"))
    func apple2017() throws {
        let contents = try FeedDecoder.contents(from: TestPaths.appleFeed("contents.json"))
        #expect(contents.sessions.count == 771)
        let lab = try #require(contents.sessions.first { $0.id == "wwdc2017-8080" })
        #expect(lab.startTime?.description == "2017-06-09T09:00:00-07:00")
        #expect(lab.type == "Lab")
        let news = try FeedDecoder.news(from: TestPaths.appleFeed("news.json"))
        #expect(news.items.count == 17)
        #expect(news.items.contains { !$0.photos.isEmpty })
        let live = try FeedDecoder.liveVideos(from: TestPaths.appleFeed("videos_live.json"))
        #expect(live.streams.count == 111)
        #expect(live.streams.map(\.eventContentID) == live.streams.map(\.eventContentID).sorted())
        #expect(live.streams.filter { $0.actualEndDate == nil }.count == 3)
        let config = try FeedDecoder.config(from: TestPaths.appleFeed("config.json"))
        #expect(config.minimumSupportedAppVersion == AppVersion([0]))
        #expect(config.feeds.keys.sorted() == ["en", "jpn", "kor", "zho"])
        #expect(config.feed("contents")?.etag != nil)
        #expect(config.feed("liveVideos")?.url.hasSuffix("videos_live.json") == true)
    }
}
