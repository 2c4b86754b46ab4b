import ConferenceData
import ConferenceMedia
import Foundation
import TestSupport
import TestTraits
import Testing

/// The filters the macOS app has: `videos` by track, type and platform as `schedule` does, by
/// what is downloaded or bookmarked; `schedule --has-video`. Checked against the fixtures read
/// independently of the program.
@Suite("browsing: the app's filters", .offThePool)
struct AppFiltersTests {
    let fixtures: FixtureContents

    init() throws {
        fixtures = try FixtureContents.load()
    }

    /// The ids of the current event's items with a video passing `keep`.
    func videos(_ keep: (FixtureContents.Item) -> Bool) -> Set<String> {
        Set(fixtures.items.filter { $0.event == "wwdc2026" && $0.hasMedia && keep($0) }.map(\.id))
    }

    @Test("videos takes --track, --type and --platform as schedule does, each repeatable, all combined")
    func videosByName() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let all = Set(try await store.ids(["videos"]))
        #expect(all == videos { _ in true })
        let visionOS = Set(try await store.ids(["videos", "--platform", "visionOS"]))
        #expect(visionOS == videos { $0.platforms.contains("visionOS") } && !visionOS.isEmpty && visionOS != all)
        let tools = try #require(fixtures.tracks.first { $0.value == "Developer Tools" }?.key)
        let track = Set(try await store.ids(["videos", "--track", "dev"]))
        #expect(track == videos { $0.trackID == tools } && !track.isEmpty)
        let special = Set(try await store.ids(["videos", "--type", "special", "--type", "video"]))
        #expect(special == videos { ["Special Event", "Video"].contains($0.type ?? "") } && !special.isEmpty)
        let combined = Set(try await store.ids(["videos", "--type", "session", "--platform", "macOS", "--track", "dev"]))
        #expect(combined == videos { $0.type == "Session" && $0.platforms.contains("macOS") && $0.trackID == tools })
        // The names are the schedule's: one that names none is refused the same way.
        let typo = try await store.run(["videos", "--type", "sesion"])
        #expect(typo.status == 1 && typo.stderr.hasPrefix("Error: no type 'sesion'\n"), "\(typo.stderr)")
    }

    @Test("schedule --has-video leaves out labs and get-togethers, and whatever else has no video")
    func scheduleHasVideo() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let rows = try await store.json(["schedule", "--has-video"])
        let expected = Set(fixtures.scheduled().filter(\.hasMedia).map(\.id))
        #expect(Set(rows.map { $0["id"] as? String ?? "" }) == expected)
        #expect(!rows.contains { ["Lab", "Get-Together"].contains($0["type"] as? String ?? "") })
        #expect(rows.count < fixtures.scheduled().count)
        let labs = try await store.run(["schedule", "--has-video", "--type", "lab"])
        #expect(labs.status == 0 && labs.stdout.isEmpty, "\(labs.stdout)")
    }

    @Test("videos --not-downloaded and --bookmarked; --downloaded with --not-downloaded is a usage error")
    func downloadedAndBookmarked() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let file = store.sandbox.directory.path("201.mp4")
        try Data("video".utf8).write(to: file)
        try ConferenceStore(path: store.sandbox.database.path).write { db in
            try db.recordDownloadDone(DownloadItem(sessionID: "wwdc2026-201", quality: .hd, url: "https://example.com/201.mp4",
                                                   path: file.path, title: "What's new in Xcode"), totalBytes: 5)
        }
        let all = try await store.ids(["videos"])
        #expect(try await store.ids(["videos", "--downloaded"]) == ["wwdc2026-201"])
        let missing = try await store.ids(["videos", "--not-downloaded"])
        #expect(missing == all.filter { $0 != "wwdc2026-201" })
        #expect(try await store.ids(["videos", "--not-downloaded", "--limit", "3"]) == Array(missing.prefix(3)))
        let both = try await store.run(["videos", "--downloaded", "--not-downloaded"])
        #expect(both.status == 64 && both.stderr.contains("cannot be combined"), "\(both.stderr)")

        let none = try await store.run(["videos", "--bookmarked"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No bookmarked videos match"), "\(none.stderr)")
        #expect(try await store.run(["bookmark", "add", "203", "--at", "1:00"]).status == 0)
        #expect(try await store.run(["bookmark", "add", "202", "--at", "2:00"]).status == 0)
        #expect(try await store.ids(["videos", "--bookmarked"]) == ["wwdc2026-202", "wwdc2026-203"])
        #expect(try await store.ids(["videos", "--bookmarked", "--not-downloaded", "--search", "meet"]) == ["wwdc2026-202"])
    }
}
