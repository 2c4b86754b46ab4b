@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// The one reading of what a filter names (events, topics, tracks, types), which the commands and
/// the assistants' tools share.
@Suite("Filter names", .offThePool)
struct FilterNamesTests {
    /// Two events (2025, and 2026 marked current), tracks, and topics, one name in two categories.
    static func store(in folder: TemporaryFolder, topics: Bool = true) throws -> ConferenceStore {
        let store = try folder.store()
        _ = try store.importContents(ContentsFeed(
            events: [Event(id: "wwdc2025", name: "WWDC25", startTime: FeedDate(secondsSince1970: 1_749_427_200), webURLKey: "wwdc25"),
                     Event(id: "wwdc2026", name: "WWDC26", startTime: FeedDate(secondsSince1970: 1_780_963_200), isCurrent: true)],
            tracks: [Track(id: 1, name: "Featured"), Track(id: 2, name: "Developer Tools"), Track(id: 3, name: "Design")],
            topics: topics ? [Topic(id: 10, name: "Swift"), Topic(id: 11, name: "SwiftUI & UI Frameworks"), Topic(id: 12, name: "Maps"),
                              Topic(id: 13, name: "Maps")] : [],
            sessions: [Session(id: "wwdc2026-101", eventID: "wwdc2026", title: "Keynote")]))
        return store
    }

    @Test func anEventIsNamedByItsIdNameOrYearAndNothingNamesTheCurrentOne() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        try store.read { (db: Database) throws -> Void in
            #expect(try FilterNames.events(nil, in: db).ids == ["wwdc2026"])
            #expect(try FilterNames.events("WWDC2025", in: db).ids == ["wwdc2025"])
            #expect(try FilterNames.events("wwdc25", in: db).ids == ["wwdc2025"])
            #expect(try FilterNames.events("2025", in: db).ids == ["wwdc2025"])
            #expect(try FilterNames.events("25", in: db).primary?.id == "wwdc2025")
            #expect(try FilterNames.events("all", in: db).ids == nil)
            #expect(throws: BrowseError.unknownEvent("2019", known: ["wwdc2026", "wwdc2025"], current: "wwdc2026")) {
                try FilterNames.events("2019", in: db)
            }
        }
        let error = BrowseError.unknownEvent("2019", known: ["wwdc2026", "wwdc2025"], current: "wwdc2026")
        #expect(ErrorText.message(error) == "no event '2019'")
        #expect(ErrorText.hint(error) == "Events: wwdc2026 (current), wwdc2025, or 'all'.")
    }

    @Test func aTopicIsNamedByItsNameAUniquePrefixOrItsIdInAnyCase() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        try store.read { (db: Database) throws -> Void in
            #expect(try FilterNames.topicIDs([], in: db) == [])
            #expect(try FilterNames.topicIDs(["swift"], in: db) == [10])
            #expect(try FilterNames.topicIDs(["swiftui"], in: db) == [11])
            #expect(try FilterNames.topicIDs(["12"], in: db) == [12])
            // One name in two places is one topic to the person: a prefix of it is not ambiguous.
            #expect(try FilterNames.topicIDs(["ma"], in: db) == [12, 13])
            #expect(try FilterNames.topicIDs(["maps"], in: db) == [12, 13])
            #expect(throws: BrowseError.ambiguousName("sw", kind: "topic", choices: ["Maps", "Swift", "SwiftUI & UI Frameworks"])) {
                try FilterNames.topicIDs(["sw"], in: db)
            }
            #expect(throws: BrowseError.unknownName("cooking", kind: "topic", choices: ["Maps", "Swift", "SwiftUI & UI Frameworks"])) {
                try FilterNames.topicIDs(["cooking"], in: db)
            }
            #expect(try FilterNames.trackIDs(["dev"], in: db) == [2])
            #expect(try FilterNames.trackIDs(["3"], in: db) == [3])
            #expect(throws: BrowseError.ambiguousName("De", kind: "track", choices: ["Featured", "Developer Tools", "Design"])) {
                try FilterNames.trackIDs(["De"], in: db)
            }
        }
        #expect(ErrorText.message(BrowseError.ambiguousName("sw", kind: "topic", choices: ["Swift", "SwiftUI"])) == "'sw' could be more than one topic")
        #expect(ErrorText.hint(BrowseError.unknownName("x", kind: "track", choices: ["Featured", "Design"])) == "The tracks: Featured, Design.")
        #expect(ErrorText.hint(BrowseError.unknownName("desgin", kind: "track", choices: ["Featured", "Design"]))
                == "Did you mean \"Design\"? The tracks: Featured, Design.")
        #expect(ErrorText.hint(BrowseError.ambiguousName("sw", kind: "topic", choices: ["Maps", "Swift", "SwiftUI & UI Frameworks"]))
                == "Did you mean \"Swift\" or \"SwiftUI & UI Frameworks\"?")
    }

    @Test func theNearestNamesAreTyposBeginningsAndWordsOfThem() {
        let topics = ["Swift", "UI Frameworks", "Machine Learning and Vision", "Maps and Location", "Siri and Voice", "Xcode"]
        #expect(FilterNames.nearest("swiftui", among: topics) == ["Swift"])
        #expect(FilterNames.nearest("swfit", among: topics) == ["Swift"])
        #expect(FilterNames.nearest("learning", among: topics) == ["Machine Learning and Vision"])
        #expect(FilterNames.nearest("machin lerning", among: topics) == ["Machine Learning and Vision"])
        #expect(FilterNames.nearest("xcod", among: topics) == ["Xcode"])
        #expect(FilterNames.nearest("location maps", among: topics) == ["Maps and Location"])
        #expect(FilterNames.nearest("uiframeworks", among: topics) == ["UI Frameworks"])
        #expect(FilterNames.nearest("cooking", among: topics).isEmpty)
        #expect(FilterNames.nearest("", among: topics).isEmpty)
        #expect(FilterNames.nearest("labs", among: ["Lab", "Session", "Special Event"]) == ["Lab"])
        #expect(FilterNames.nearest("s", among: ["Lab", "Session", "Special Event"]).isEmpty)
    }

    @Test func aStoreWithoutTopicsSaysSoWhenOneIsNamed() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder, topics: false)
        try store.read { (db: Database) throws -> Void in
            #expect(try FilterNames.topicIDs([], in: db) == [])
            #expect(throws: BrowseError.noTopics) { try FilterNames.topicIDs(["swift"], in: db) }
        }
    }

    @Test func typesAndPlatformsAreMatchedTheSameWayAndReadOnlyWhenNamed() throws {
        #expect(try FilterNames.match(["lab", "SESS"], kind: "type", known: ["Lab", "Session", "Special Event"]) == ["Lab", "Session"])
        #expect(throws: BrowseError.ambiguousName("s", kind: "type", choices: ["Lab", "Session", "Special Event"])) {
            try FilterNames.match(["s"], kind: "type", known: ["Lab", "Session", "Special Event"])
        }
        #expect(try FilterNames.match([], kind: "type", known: { () throws -> [String] in throw BrowseError.emptyStore }()) == [])
    }
}
