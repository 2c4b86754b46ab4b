import Foundation
import TestSupport
import TestTraits
import Testing

/// A bare session number the current event does not have (between conferences it has none yet)
/// names the session of the most recent conference that has it, saying which; a number no
/// conference has lists the items that have it; no hint names a command that finds nothing.
@Suite("browsing: bare numbers outside the current event", .offThePool)
struct BareNumberTests {
    /// The fixtures with a new current event that has nothing yet (as every year since 2020 between
    /// conferences), synced into a fresh sandbox.
    static func emptyCurrentEvent() async throws -> BrowseSandbox {
        let sandbox = try Sandbox()
        let feeds = try sandbox.copyOfFixtures()
        try WhatsNewTests.edit(feeds.appendingPathComponent("contents.json")) { contents in
            var events = try #require(contents["events"] as? [[String: Any]])
            for index in events.indices { events[index]["current"] = false }
            events.insert(["id": "wwdc2028", "name": "WWDC 2028", "current": true, "webUrlKey": "wwdc28",
                           "startTime": "2028-06-05T10:00:00-07:00", "endTime": "2028-06-09T16:00:00-07:00"], at: 0)
            contents["events"] = events
        }
        let sync = try await sandbox.run(["sync", "--source", feeds.path])
        guard sync.status == 0 else {
            sandbox.remove()
            throw BrowseSandbox.Failure(message: "sync failed: \(sync.stderr)")
        }
        return BrowseSandbox(sandbox: sandbox)
    }

    @Test("an empty current event: a number is the most recent conference's, said on stderr; the news' numbers are not a conference's")
    func emptyCurrent() async throws {
        let store = try await Self.emptyCurrentEvent()
        defer { store.remove() }
        // 209 is in WWDC 2026 and WWDC 2025 (not in 2027): the most recent of those.
        let session = try await store.run(["session", "209"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.hasPrefix("Swift Testing best practices\nwwdc2026-209 · WWDC 2026"), "\(session.stdout.prefix(200))")
        #expect(session.stderr == "WWDC 2028 has no session 209: using WWDC 2026's, wwdc2026-209.\n", "\(session.stderr)")
        // 8002 is in WWDC 2027 too, the most recent conference.
        let json = try await store.run(["session", "8002", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""id":"wwdc2027-8002""#) || json.stdout.contains(#""id" : "wwdc2027-8002""#), "\(json.stdout.prefix(200))")
        #expect(json.stderr.contains("using WWDC 2027's, wwdc2027-8002"), "\(json.stderr)")
        // What takes a session takes it the same way.
        let favorite = try await store.run(["favorite", "add", "209"])
        #expect(favorite.status == 0, "\(favorite.stderr)")
        #expect(try await store.ids(["favorite", "list"]) == ["wwdc2026-209"])
        // photos too (its picture's address is the feed's, which is not served here: what it said first counts).
        let photos = try await store.run(["photos", "209", "--json"])
        #expect(photos.stderr.hasPrefix("WWDC 2028 has no session 209: using WWDC 2026's, wwdc2026-209.\n"), "\(photos.stderr)")

        // 4101 is only a news item: the candidates, not a session taken for the person.
        let news = try await store.run(["session", "4101"])
        #expect(news.status == 1)
        #expect(news.stdout.isEmpty)
        #expect(news.stderr == "Error: no session '4101'\nHint: Did you mean news-4101 “Lab Appointment Requests Open Soon”?\n", "\(news.stderr)")
        // A number nothing has: the hint names the search of every event, not the empty current one's schedule.
        let nothing = try await store.run(["session", "9999"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("Hint: Find sessions with 'wwdc search TEXT'."), "\(nothing.stderr)")
        #expect(!nothing.stderr.contains("wwdc schedule"), "\(nothing.stderr)")
    }

    @Test("the current event's own number is taken first; a tech talk's number is listed, not taken")
    func currentFirst() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let own = try await store.run(["session", "209"])
        #expect(own.status == 0 && own.stderr.isEmpty, "\(own.stderr)")
        #expect(own.stdout.hasPrefix("Swift Testing best practices\nwwdc2026-209"))
        let talk = try await store.run(["transcript", "3101"])
        #expect(talk.status == 1)
        #expect(talk.stderr.contains("Did you mean tech-talks-3101 “Build a sign-in flow people trust”?"), "\(talk.stderr)")
    }

    @Test("Apple's 2020 feed through the reference server: 'session 209' is WWDC19's",
          .enabled(if: AppleFeeds.has("2020b"), "needs ../shared/apple-feeds/2020b"))
    func apple2020() async throws {
        let folder = try #require(AppleFeeds.folder("2020b"))
        let server = try await ReferenceServer.start(root: folder, arguments: ["--rebase-config"])
        defer { server.stop() }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let sync = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        try #require(sync.status == 0, "\(sync.stderr)")
        let session = try await sandbox.run(["session", "209"], environment: ["TZ": "UTC"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("wwdc2019-209 · WWDC19"), "\(session.stdout.prefix(300))")
        #expect(session.stderr == "WWDC20 has no session 209: using WWDC19's, wwdc2019-209.\n", "\(session.stderr)")
        // The number of an article, which no conference has: the candidates, not a session taken for the person.
        let feed = try #require(try AppleFeeds.json("2020b", "contents.json") as? [String: Any])
        let items = try #require(feed["contents"] as? [[String: Any]])
        let conferences = Set(items.filter { ($0["eventId"] as? String ?? "").hasPrefix("wwdc") }.compactMap { $0["eventContentId"] as? Int })
        let article = try #require(items.first { !($0["eventId"] as? String ?? "wwdc").hasPrefix("wwdc")
            && !conferences.contains($0["eventContentId"] as? Int ?? -1) })
        let number = try #require(article["eventContentId"] as? Int)
        let missing = try await sandbox.run(["session", String(number)])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("Did you mean \(article["id"] as? String ?? "?")"), "\(missing.stderr)")
    }
}
