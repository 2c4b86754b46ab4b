import Foundation
import TestSupport
import TestTraits
import Testing

/// Every filter of `wwdc schedule` alone and combined, checked against what the
/// fixtures hold (read independently of the program); search ranks title matches first.
@Suite("browsing: schedule filters", .offThePool)
struct ScheduleFilterTests {
    let fixtures: FixtureContents

    init() throws {
        fixtures = try FixtureContents.load()
    }

    /// The ids `wwdc schedule` should list: the current event's scheduled items passing `keep`, by start time.
    func expected(event: String? = "wwdc2026", _ keep: (FixtureContents.Item) -> Bool = { _ in true }) -> Set<String> {
        Set(fixtures.scheduled(in: event).filter(keep).map(\.id))
    }

    func conferenceDate(_ item: FixtureContents.Item) -> String {
        FixtureContents.date(item.start!, offset: item.offset!)
    }

    @Test("each filter alone, then all of them combined")
    func filters() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-201", "wwdc2026-302", "wwdc2026-8001", "wwdc2027-101"])
        let now = FixtureContents.parse(BrowseSandbox.now).seconds

        // No filter: the current event, in start order.
        let all = try await store.json(["schedule"])
        #expect(Set(all.map { $0["id"] as! String }) == expected())
        #expect(all.count == 218)
        let starts = all.map { $0["start"] as! String }
        #expect(starts == starts.sorted(), "rows are in start order")

        // --day, in every form: a date, a weekday of the event, today and tomorrow (from WWDC_NOW).
        let tuesday = expected { conferenceDate($0) == "2026-06-09" }
        #expect(tuesday.count == 62)
        #expect(Set(try await store.ids(["schedule", "--day", "2026-06-09"])) == tuesday)
        #expect(Set(try await store.ids(["schedule", "--day", "tue"])) == tuesday)
        #expect(Set(try await store.ids(["schedule", "--day", "Tuesday"])) == tuesday)
        #expect(Set(try await store.ids(["schedule", "--day", "today"])) == expected { conferenceDate($0) == "2026-06-10" })
        #expect(Set(try await store.ids(["schedule", "--day", "tomorrow"])) == expected { conferenceDate($0) == "2026-06-11" })

        // --local moves day boundaries to the machine's zone (TZ respected).
        let tokyo = expected { FixtureContents.date($0.start!, zone: "Asia/Tokyo") == "2026-06-09" }
        let tokyoRows = try await store.json(["schedule", "--day", "2026-06-09", "--local"], environment: ["TZ": "Asia/Tokyo"])
        #expect(Set(tokyoRows.map { $0["id"] as! String }) == tokyo)
        #expect(tokyo != tuesday, "the local day differs from the conference day")
        #expect(tokyoRows.allSatisfy { ($0["start"] as! String).hasSuffix("+09:00") })

        // --event.
        #expect(Set(try await store.ids(["schedule", "--event", "wwdc2027"])) == expected(event: "wwdc2027"))
        #expect(Set(try await store.ids(["schedule", "--event", "2027"])) == expected(event: "wwdc2027"))
        #expect(Set(try await store.ids(["schedule", "--event", "all"])) == expected(event: nil))

        // --track by name, prefix or id; --type; --platform; --favorites.
        let developerTools = expected { $0.trackID == 12 }
        #expect(Set(try await store.ids(["schedule", "--track", "Developer Tools"])) == developerTools)
        #expect(Set(try await store.ids(["schedule", "--track", "dev"])) == developerTools)
        #expect(Set(try await store.ids(["schedule", "--track", "12", "--track", "design"])) == expected { $0.trackID == 12 || $0.trackID == 18 })
        #expect(Set(try await store.ids(["schedule", "--type", "lab"])) == expected { $0.type == "Lab" })
        let visionOS = expected { $0.platforms.contains("visionOS") }
        #expect(!visionOS.isEmpty && visionOS != expected())
        #expect(Set(try await store.ids(["schedule", "--platform", "visionos"])) == visionOS)
        #expect(Set(try await store.ids(["schedule", "--favorites"])) == ["wwdc2026-201", "wwdc2026-302", "wwdc2026-8001"])
        let favoriteRows = try await store.json(["schedule", "--favorites"])
        #expect(favoriteRows.allSatisfy { $0["favorite"] as? Bool == true })

        // --upcoming: still running or to come at WWDC_NOW.
        let upcoming = expected { ($0.end ?? $0.start!) > now }
        #expect(!upcoming.isEmpty && upcoming != expected())
        #expect(Set(try await store.ids(["schedule", "--upcoming"])) == upcoming)

        // --search: a number finds that session; words find title, description or keywords.
        #expect(try await store.ids(["schedule", "--search", "990"]).first == "wwdc2026-990")
        let swiftUI = expected { ($0.title + " " + $0.description).lowercased().contains("swiftui") }
        let found = Set(try await store.ids(["schedule", "--search", "SwiftUI"]))
        #expect(swiftUI.isSubset(of: found), "every item mentioning SwiftUI is found")

        // --limit keeps the first rows of the same order.
        let limited = try await store.ids(["schedule", "--limit", "5"])
        #expect(limited == Array(all.prefix(5).map { $0["id"] as! String }))

        // Everything at once: Wednesday (today), Developer Tools sessions for macOS, still to come.
        let combined = expected { item in
            conferenceDate(item) == "2026-06-10" && item.trackID == 12 && item.type == "Session"
                && item.platforms.contains("macOS") && (item.end ?? item.start!) > now
        }
        #expect(!combined.isEmpty)
        let combinedRows = try await store.ids(["schedule", "--day", "today", "--track", "Developer Tools", "--type", "Session",
                                                 "--platform", "macOS", "--upcoming"])
        #expect(Set(combinedRows) == combined)
        // Adding --favorites and --search narrows further, to exactly what passes all filters.
        let narrowed = try await store.ids(["schedule", "--day", "mon", "--track", "dev", "--favorites", "--search", "xcode"])
        #expect(narrowed == ["wwdc2026-201", "wwdc2026-8001"] || narrowed == ["wwdc2026-8001", "wwdc2026-201"], "\(narrowed)")
    }

    @Test("search ranks a title match above a description match")
    func searchRanksTitleFirst() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        // "welcome" is in the title of 150 and only in the description of 104.
        #expect(try await store.ids(["schedule", "--search", "welcome"]) == ["wwdc2026-150", "wwdc2026-104"])
        // Every title match before every description-only match, whatever the word.
        for word in ["developers", "platforms", "technology", "swiftui", "xcode"] {
            let rows = try await store.json(["schedule", "--search", word])
            #expect(!rows.isEmpty, "\(word)")
            let inTitle = rows.map { ($0["title"] as! String).lowercased().contains(word) }
            if let firstDescriptionOnly = inTitle.firstIndex(of: false) {
                #expect(!inTitle[firstDescriptionOnly...].contains(true), "\(word): a title match ranks below a description match")
            }
        }
        // The text view shows the same order under one heading.
        let text = try await store.run(["schedule", "--search", "welcome"])
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Best matches for “welcome”") == true)
        #expect(lines.count == 3 && lines[1].contains("Welcome Get-Together") && lines[2].contains("Morning Run"), "\(text.stdout)")
    }

    @Test("bad filter values: usage errors for the form, runtime errors naming the choices for unknown names")
    func badValues() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let badDay = try await store.run(["schedule", "--day", "someday"])
        #expect(badDay.status == 64)
        #expect(badDay.stderr.contains("Error: Invalid value 'someday' for '--day'"))
        #expect(badDay.stderr.contains("Usage: wwdc schedule"))
        let saturday = try await store.run(["schedule", "--day", "sat"])
        #expect(saturday.status == 1)
        #expect(saturday.stderr.contains("has no Saturday"))
        let track = try await store.run(["schedule", "--track", "cooking"])
        #expect(track.status == 1)
        #expect(track.errorLines == ["Error: no track 'cooking'"])
        #expect(track.stderr.contains("Hint: The tracks: Featured, Developer Tools"), "\(track.stderr)")
        let event = try await store.run(["schedule", "--event", "wwdc1999"])
        #expect(event.status == 1)
        #expect(event.stderr.contains("Events: wwdc2026 (current), wwdc2027, articles, news, wwdc2025, tech-talks, or 'all'"))
        let limit = try await store.run(["schedule", "--limit", "0"])
        #expect(limit.status == 64)
        let none = try await store.run(["schedule", "--search", "zzzqqq"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("No sessions match."))
        #expect(try await store.json(["schedule", "--search", "zzzqqq"]).isEmpty)
    }
}
