import Foundation
import TestSupport
import TestTraits
import Testing

/// An empty listing says why and where to look, as `--day sun` does: a topic with nothing
/// scheduled, a day or `--upcoming` outside the event; the three searches rank alike; and no
/// suggestion for an unknown session when the match is weak.
@Suite("browsing: empty results explain themselves", .offThePool)
struct EmptyResultsTests {
    @Test("schedule --topic of a topic whose items are all unscheduled, elsewhere: says so and names the videos command, which lists them")
    func topicWithNothingScheduled() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let result = try await store.run(["schedule", "--topic", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            Swift & Developer Tools has nothing in WWDC 2026; other events have 3 items of it, none scheduled.
            Its videos: wwdc videos --topic swift --event all

            """, "\(result.stderr)")
        let videos = try await store.ids(["videos", "--topic", "swift", "--event", "all"])
        #expect(videos.count == 3, "\(videos)")
        // Every event: its items are there, none with a time.
        let all = try await store.run(["schedule", "--topic", "swift", "--event", "all"])
        #expect(all.stderr == """
            Nothing of Swift & Developer Tools is scheduled: its 3 items have no time.
            Its videos: wwdc videos --topic swift --event all

            """, "\(all.stderr)")
    }

    @Test("videos of an event with no videos, with any filter (--unwatched, --watched, --in-progress, --downloaded, --favorites): says so and names the latest event's videos, filter kept")
    func eventWithoutVideos() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        #expect(try await store.run(["watched", "101"]).status == 0)
        for flag in ["", "--unwatched", "--watched", "--in-progress", "--downloaded", "--favorites"] {
            let result = try await store.run(["videos", "--event", "wwdc2027"] + (flag.isEmpty ? [] : [flag]))
            #expect(result.status == 0, "\(flag): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(flag)")
            let kept = ["--unwatched", "--watched", "--in-progress", "--downloaded"].contains(flag) ? " " + flag : ""
            #expect(result.stderr == "WWDC 2027 has no videos yet. The latest: wwdc videos\(kept) --event wwdc2026 (or --event all).\n",
                    "\(flag): \(result.stderr)")
        }
        // The command named lists videos; an event with videos says only that none match.
        #expect(try await store.ids(["videos", "--watched", "--event", "wwdc2026"]) == ["wwdc2026-101"])
        let none = try await store.run(["videos", "--in-progress", "--event", "wwdc2026"])
        #expect(none.stderr == "No videos in progress match.\n", "\(none.stderr)")
    }

    @Test("--day today, tomorrow or a date outside the event, and --upcoming after it: 'today is outside WWDC 2026, June 8–12'")
    func outsideTheEvent() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let after = ["WWDC_NOW": "2026-07-01T12:00:00-07:00"]
        let today = try await store.run(["schedule", "--day", "today"], environment: after)
        #expect(today.status == 0)
        #expect(today.stdout.isEmpty)
        #expect(today.stderr == "Today (Wednesday, July 1, 2026) is outside WWDC 2026, June 8–12.\nIts schedule: wwdc schedule\n", "\(today.stderr)")
        let upcoming = try await store.run(["schedule", "--upcoming"], environment: after)
        #expect(upcoming.stderr == "Nothing is to come: WWDC 2026 is over (June 8–12).\nIts schedule: wwdc schedule\n", "\(upcoming.stderr)")
        let before = try await store.run(["schedule", "--day", "tomorrow"], environment: ["WWDC_NOW": "2026-05-31T09:00:00-07:00"])
        #expect(before.stderr.hasPrefix("Tomorrow (Monday, June 1, 2026) is outside WWDC 2026, June 8–12."), "\(before.stderr)")
        let date = try await store.run(["schedule", "--day", "2026-06-20"])
        #expect(date.stderr.hasPrefix("Saturday, June 20, 2026 is outside WWDC 2026, June 8–12."), "\(date.stderr)")
        // During the event, today lists its sessions.
        let during = try await store.run(["schedule", "--day", "today"])
        #expect(during.stdout.contains("Wednesday, June 10, 2026"), "\(during.stdout)")
        #expect(!during.stderr.contains("outside"))
    }

    @Test("videos --search, schedule --search and search rank the same sessions in the same order", arguments: ["swift", "app", "design", "xcode"])
    func oneRanking(_ query: String) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        var seen = Set<String>()
        let schedule = try await store.ids(["schedule", "--search", query, "--event", "all"]).filter { seen.insert($0).inserted }
        let videos = try await store.ids(["videos", "--search", query, "--event", "all"])
        let search = try await store.json(["search", query, "--in", "sessions", "--event", "all", "--limit", "1000"]).compactMap { $0["id"] as? String }
        #expect(schedule.count > 3, "\(query): \(schedule)")
        #expect(search == schedule, "\(query)")
        #expect(videos == schedule.filter(Set(videos).contains), "\(query): \(videos)")
    }

    @Test("an unknown session: no 'Did you mean' for a weak match (a short common word, words only in a description or only half in a title)")
    func noWeakSuggestions() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        for typed in ["new", "a", "1", "metal shaders", "apps"] {
            let result = try await store.run(["session", typed])
            #expect(result.status == 1, "\(typed)")
            if typed == "apps" {
                // Only sessions with the word in their title, if any.
                for line in result.stderr.split(separator: "\n") where line.contains("Did you mean") {
                    let titles = line.split(separator: "“").dropFirst().map { $0.prefix { $0 != "”" } }
                    #expect(titles.allSatisfy { $0.lowercased().contains("app") }, "\(line)")
                }
            } else {
                #expect(!result.stderr.contains("Did you mean"), "\(typed): \(result.stderr)")
                #expect(result.stderr.contains("Hint: Find sessions with 'wwdc search TEXT'."), "\(typed): \(result.stderr)")
            }
        }
        // Strong ones still come.
        for (typed, id) in [("keynote", "wwdc2026-101"), ("design awards", "wwdc2026-103"), ("wwdc2026-1", "wwdc2026-101"), ("xcode", "wwdc2026-201")] {
            let result = try await store.run(["session", typed])
            #expect(result.stderr.contains("Did you mean \(id)"), "\(typed): \(result.stderr)")
        }
    }
}
