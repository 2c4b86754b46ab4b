@testable import ConferenceKit
import Foundation
import Testing

@Suite("Decoding Apple's feeds")
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
        let base = URL(string: "http://127.0.0.1:8080/feeds/config.json")
        #expect(config.feed("news")?.resolved(against: base)?.absoluteString == "http://127.0.0.1:8080/feeds/news.json")
        #expect(config.accountService?.resolved(against: base)?.absoluteString == "http://127.0.0.1:8080/api/v1/")

        let numeric = try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": 3}"#.utf8))
        #expect(numeric.minimumSupportedAppVersion == AppVersion("3.0"))
        #expect(numeric.accountService == nil)
        #expect(try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": 1.5}"#.utf8)).minimumSupportedAppVersion == AppVersion("1.5"))
        #expect(throws: FeedError.self) { try FeedDecoder.config(from: Data(#"{"minimumSupportedAppVersion": "soon"}"#.utf8)) }
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

    @Test("a missing required field names the item, its id when known, and the field")
    func missingField() throws {
        let cases: [(String, String, String?, String)] = [
            (#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": "t"}, {"id": "s2", "eventId": "e"}]}"#,
             "contents[1].title", "s2", "required field \"title\" is missing"),
            (#"{"events": [], "contents": [{"eventId": "e", "title": "t"}]}"#, "contents[0].id", nil, "required field \"id\" is missing"),
            (#"{"events": [], "contents": [{"id": "s1", "title": "t"}]}"#, "contents[0].eventId", "s1", "required field \"eventId\" is missing"),
            (#"{"contents": []}"#, "events", nil, "required field \"events\" is missing"),
            (#"{"events": [{"id": "wwdc2017"}], "contents": []}"#, "events[0].name", "wwdc2017", "required field \"name\" is missing"),
        ]
        for (document, path, id, detail) in cases {
            do {
                _ = try FeedDecoder.contents(from: Data(document.utf8))
                Issue.record("must fail: \(document)")
            } catch let error as FeedError {
                #expect(error.kind == .missingField)
                #expect(error.path == path)
                #expect(error.itemID == id)
                #expect(error.detail == detail)
            }
        }
        do {
            _ = try FeedDecoder.contents(from: Data(#"{"events": [], "contents": [{"id": "s2", "eventId": "e"}]}"#.utf8))
        } catch let error as FeedError {
            #expect(error.description == #"contents.json: contents[0].title (item id "s2"): required field "title" is missing"#)
            #expect(error.recoverySuggestion?.contains("unchanged") == true)
        }
    }

    @Test("a wrong type names the field path and what was found")
    func wrongType() throws {
        let cases: [(String, String, String?, String)] = [
            (#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": 42}]}"#, "contents[0].title", "s1",
             "expected a string but found a number"),
            (#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": "t", "keywords": ["a", true]}]}"#,
             "contents[0].keywords[1]", "s1", "expected a string but found true or false"),
            (#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": "t", "media": {"duration": "long"}}]}"#,
             "contents[0].media.duration", "s1", "expected a number but found a string"),
            (#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": null}]}"#, "contents[0].title", "s1",
             "expected a string but found null"),
            (#"{"events": [], "contents": {"id": "s1"}}"#, "contents", nil, "expected a list but found an object"),
        ]
        for (document, path, id, detail) in cases {
            do {
                _ = try FeedDecoder.contents(from: Data(document.utf8))
                Issue.record("must fail: \(document)")
            } catch let error as FeedError {
                #expect(error.kind == .wrongType, "\(document)")
                #expect(error.path == path)
                #expect(error.itemID == id)
                #expect(error.detail == detail)
            }
        }
        do {
            _ = try FeedDecoder.contents(from: Data(#"{"events": [], "contents": [{"id": "s1", "eventId": "e", "title": "t", "startTime": "June 8"}]}"#.utf8))
            Issue.record("must fail")
        } catch let error as FeedError {
            #expect(error.kind == .invalidValue)
            #expect(error.path == "contents[0].startTime")
            #expect(error.itemID == "s1")
            #expect(error.detail.contains("\"June 8\" is not a date"))
        }
        do {
            _ = try FeedDecoder.liveVideos(from: Data(#"{"live_sessions": {"201": {"iosUrl": 5}}}"#.utf8))
            Issue.record("must fail")
        } catch let error as FeedError {
            #expect(error.path == "live_sessions.201.iosUrl")
            #expect(error.itemID == "201")
        }
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
