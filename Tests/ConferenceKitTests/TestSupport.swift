import ConferenceData
import Foundation
import Testing

/// Paths of the project and of the shared test data.
enum TestPaths {
    /// The package root (the folder holding Package.swift), found from this file's path.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// Apple's real 2017 feeds (`../shared/apple-feeds/2017`), absent on a fresh clone.
    /// `WWDC_TEST_APPLE_FEEDS` points elsewhere (to check that the tests skip cleanly).
    static var appleFeeds2017: URL {
        if let override = ProcessInfo.processInfo.environment["WWDC_TEST_APPLE_FEEDS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/apple-feeds/2017")
    }

    static var hasAppleFeeds2017: Bool {
        FileManager.default.fileExists(atPath: appleFeeds2017.appendingPathComponent("contents.json").path)
    }

    static func appleFeed(_ name: String) throws -> Data {
        try Data(contentsOf: appleFeeds2017.appendingPathComponent(name))
    }

    /// The project's own feed shaped like later years.
    static var laterYearsContents: URL {
        packageRoot.appendingPathComponent("Fixtures/later-years/contents.json")
    }
}

/// A fresh folder under the system's temporary folder, deleted with the object.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// A new store in this folder.
    func store(_ name: String = "wwdc.sqlite") throws -> ConferenceStore {
        try ConferenceStore(path: file(name))
    }
}

/// Feeds written by the tests, in Apple's format.
enum TestFeeds {
    /// A `contents.json` with `count` sessions spread over two events, each with keywords,
    /// platforms, related sessions and, for some, media and a schedule slot. `variant` changes the
    /// text so that two variants differ in every session.
    static func contents(sessionCount count: Int, variant: Int = 0, firstIndex: Int = 0) -> [String: Any] {
        var sessions: [[String: Any]] = []
        for index in firstIndex..<(firstIndex + count) {
            var session: [String: Any] = [
                "id": sessionID(index),
                "eventId": index % 2 == 0 ? "wwdc2017" : "wwdc2016",
                "eventContentId": 100 + index,
                "staticContentId": 5000 + index,
                "title": "Session \(index) about \(["Swift", "Metal", "Xcode", "SwiftUI"][index % 4]) v\(variant)",
                "description": "Learn about topic \(index) in depth, revision \(variant). " +
                    String(repeating: "Developers build great apps. ", count: 1 + index % 5),
                "type": ["Session", "Lab", "Video"][index % 3],
                "trackId": 1 + index % 3,
                "webPermalink": "https://example.invalid/\(index)",
                "platforms": Array(["iOS", "macOS", "tvOS", "watchOS"].prefix(1 + index % 4)),
                "keywords": (0..<(index % 6)).map { "keyword\($0 + variant)" },
                "related": ["activities": [sessionID(index + 1), sessionID(index + 2)], "resources": [1 + index % 2]],
            ]
            if index % 4 != 3 {
                session["media"] = [
                    "hls": "https://example.invalid/\(index)/hls.m3u8",
                    "downloadHD": "https://example.invalid/\(index)/hd.mp4",
                    "downloadSD": "https://example.invalid/\(index)/sd.mp4",
                    "slides": "https://example.invalid/\(index)/slides.pdf",
                    "duration": 600 + index,
                ]
            }
            if index % 3 == 0 {
                session["startTime"] = "2017-06-0\(5 + index % 5)T\(10 + index % 8):00:00-07:00"
                session["endTime"] = "2017-06-0\(5 + index % 5)T\(10 + index % 8):40:00-07:00"
                session["roomId"] = 1 + index % 4
            }
            sessions.append(session)
        }
        return [
            "updated": "2017-08-01T14:48:53-07:00",
            "events": [
                ["id": "wwdc2017", "name": "WWDC 2017", "current": true,
                 "startTime": "2017-06-05T10:00:00-07:00", "endTime": "2017-06-09T16:00:00-07:00"],
                ["id": "wwdc2016", "name": "WWDC 2016", "current": false],
            ],
            "rooms": (1...4).map { ["id": $0, "name": "Hall \($0)", "ordinal": $0] },
            "tracks": (1...3).map { ["id": $0, "name": "Track \($0)", "ordinal": $0, "color": "#3C5B72"] },
            "resources": [
                ["id": 1, "title": "Guide", "url": "https://example.invalid/guide", "resource_type": "guide"],
                ["id": 2, "title": "Sample", "url": "https://example.invalid/sample", "resource_type": "samplecode"],
            ],
            "contents": sessions,
        ]
    }

    static func sessionID(_ index: Int) -> String { "wwdc\(index % 2 == 0 ? 2017 : 2016)-\(100 + index)" }

    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func contentsData(sessionCount: Int, variant: Int = 0) throws -> Data {
        try json(contents(sessionCount: sessionCount, variant: variant))
    }
}

extension ConferenceStore {
    /// One integer from a query, for assertions.
    func count(_ sql: String) throws -> Int {
        try read { try $0.fetchInt(sql) ?? -1 }
    }
}
