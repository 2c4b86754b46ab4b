@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Re-importing: only differences are written", .offThePool)
struct ReimportTests {
    @Test("importing the same feed again rewrites no row", arguments: [false, true])
    func sameFeedIsANoOp(streaming: Bool) throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let data = try TestFeeds.contentsData(sessionCount: 300)
        let feed = try FeedDecoder.contents(from: data)
        let first = streaming ? try store.importContents(json: data) : try store.importContents(feed)
        #expect(first[.sessions].inserted == 300)
        let before = try store.dump()
        let changesBefore = try store.read { $0.totalChangesCount }
        let again = streaming ? try store.importContents(json: data) : try store.importContents(feed)
        #expect(again.isEmpty, "\(again)")
        #expect(again.rowsChanged == 0)
        #expect(!again.rebuiltSearchIndex)
        #expect(try store.read { $0.totalChangesCount } == changesBefore)
        #expect(try store.dump() == before)
    }

    @Test("an item gone from the feed disappears; its favorite and feedback stay")
    func removedItem() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        var feed = try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 20))
        _ = try store.importContents(feed)
        let gone = feed.sessions.remove(at: 3)
        try store.setFavorite(sessionID: gone.id, true, syncState: .pending, at: Date(timeIntervalSince1970: 10))
        try store.saveFeedback(Feedback(sessionID: gone.id, overall: 5, content: 4, presentation: 3, comment: "great",
                                        syncState: .local, createdAt: Date(timeIntervalSince1970: 20)))
        let ownedRows = try store.read { db in
            try ["session_keywords", "session_platforms", "session_related", "session_resources", "videos", "instances"]
                .reduce(0) { $0 + (try db.fetchInt("SELECT count(*) FROM \($1) WHERE sid = (SELECT sid FROM sessions WHERE id = ?)", [gone.id]) ?? 0) }
        }
        #expect(ownedRows > 0)
        let changesBefore = try store.read { $0.totalChangesCount }

        let report = try store.importContents(feed)
        #expect(report[.sessions] == ChangeCounts(deleted: 1))
        #expect(report.rowsChanged == 1 + ownedRows)
        #expect(try store.read { $0.totalChangesCount } - changesBefore >= report.rowsChanged)
        #expect(try store.count("SELECT count(*) FROM sessions") == 19)
        #expect(try store.read { try $0.fetchInt("SELECT count(*) FROM sessions WHERE id = ?", [gone.id]) } == 0)
        #expect(try store.searchSessions(gone.title).allSatisfy { $0.id != gone.id })
        #expect(try store.favorite(sessionID: gone.id)?.isFavorite == true)
        #expect(try store.feedback(sessionID: gone.id)?.comment == "great")
        // No owned row is left behind.
        #expect(try store.count("SELECT count(*) FROM session_keywords WHERE sid NOT IN (SELECT sid FROM sessions)") == 0)
        #expect(try store.count("SELECT count(*) FROM videos WHERE sid NOT IN (SELECT sid FROM sessions)") == 0)
    }

    @Test("changes are counted per kind and equal the rows SQLite changed")
    func changesAreCounted() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        var feed = try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 40))
        _ = try store.importContents(feed)
        feed.sessions[0].title = "A new title"
        feed.sessions[1].keywords = ["only", "two"]
        feed.sessions[2].keywords += ["extra"]
        feed.sessions[4].media = nil
        feed.sessions[3].startTime = nil
        feed.sessions[6].platforms = []
        feed.sessions[8].media?.duration = 1
        feed.sessions.append(Session(id: "new-1", eventID: "wwdc2017", title: "Brand new", keywords: ["fresh"]))
        feed.events[1].name = "WWDC Sixteen"
        feed.rooms.removeLast()

        let original = try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 40))
        let oldKeywords1 = original.sessions[1].keywords
        let changesBefore = try store.read { $0.totalChangesCount }
        let report = try store.importContents(feed)
        let changed = try store.read { $0.totalChangesCount } - changesBefore
        #expect(report[.sessions] == ChangeCounts(inserted: 1, updated: 1))
        #expect(report[.events] == ChangeCounts(updated: 1))
        #expect(report[.rooms] == ChangeCounts(deleted: 1))
        #expect(report[.videos] == ChangeCounts(updated: 1, deleted: 1))
        #expect(report[.instances] == ChangeCounts(deleted: 1))
        #expect(report[.platforms] == ChangeCounts(deleted: original.sessions[6].platforms.count))
        let keywordUpdates = zip(oldKeywords1, ["only", "two"]).filter { $0 != $1 }.count
        #expect(report[.keywords].inserted == 1 + 1 + max(0, 2 - oldKeywords1.count))
        #expect(report[.keywords].updated == keywordUpdates)
        #expect(report[.keywords].deleted == max(0, oldKeywords1.count - 2))
        #expect(report.rebuiltSearchIndex)
        // The search index rebuild writes its own tables; everything else is in the report.
        #expect(changed >= report.rowsChanged)
        #expect(try store.searchSessions("brand").map(\.id) == ["new-1"])
        #expect(try store.read { try $0.fetchAll("SELECT keyword FROM session_keywords k JOIN sessions s USING (sid) WHERE s.id = ? ORDER BY position", [feed.sessions[1].id]) { $0.string(at: 0) } } == ["only", "two"])

        // And the store equals a fresh import of the same feed, apart from row identifiers.
        let fresh = try folder.store("fresh.sqlite")
        _ = try fresh.importContents(feed)
        let query = """
            SELECT s.id, s.title, group_concat(k.keyword, ',') FROM sessions s LEFT JOIN session_keywords k USING (sid)
            GROUP BY s.id ORDER BY s.id
            """
        let read: (Database) throws -> [String] = { db in
            try db.fetchAll(query) { "\($0.string(at: 0) ?? "")|\($0.string(at: 1) ?? "")|\($0.string(at: 2) ?? "")" }
        }
        #expect(try store.read(read) == fresh.read(read))
    }

    @Test("rowsChanged matches SQLite's own count when nothing but rows changes")
    func rowsChangedMatchesSQLite() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        _ = try store.importNews(NewsFeed(items: [NewsItem(id: "a", title: "A", photos: [.init(id: "p")])]))
        let before = try store.read { $0.totalChangesCount }
        let report = try store.importNews(NewsFeed(items: [NewsItem(id: "b", title: "B", photos: [.init(id: "q"), .init(id: "r")])]))
        #expect(report.rowsChanged == 5)
        #expect(try store.read { $0.totalChangesCount } - before == 5)
    }

    @Test("a feed listing one identifier twice keeps its first occurrence and reports the later one, decoded whole or streamed")
    func duplicates() throws {
        let folder = try TemporaryFolder()
        var object = TestFeeds.contents(sessionCount: 5)
        var contents = object["contents"] as! [[String: Any]]
        var copy = contents[1]
        let id = copy["id"] as! String
        copy["title"] = "Second copy"
        copy["keywords"] = ["dup"]
        copy["media"] = nil
        contents.append(copy)
        object["contents"] = contents
        let data = try TestFeeds.json(object)
        let decoded = try FeedDecoder.contents(from: data)
        #expect(decoded.sessions.count == 5)
        #expect(decoded.issues == [FeedIssue(kind: .skipped, feed: "contents.json", item: id, field: "id",
                                             reason: "the same id as contents[1], which is kept")])
        for streaming in [false, true] {
            let target = try folder.store("dup-\(streaming).sqlite")
            _ = streaming ? try target.importContents(json: data) : try target.importContents(decoded)
            #expect(try target.count("SELECT count(*) FROM sessions") == 5)
            #expect(try target.read { try $0.fetchString("SELECT title FROM sessions WHERE id = ?", [id]) } == contents[1]["title"] as? String)
            #expect(try target.read { try $0.fetchAll("SELECT keyword FROM session_keywords JOIN sessions USING (sid) WHERE id = ?", [id]) { $0.string(at: 0) } } != ["dup"])
        }
    }
}

@Suite("Importing lists many sessions' at a time", .offThePool)
struct ListBatchTests {
    @Test("every element of every list is stored at its position, decoded whole or streamed")
    func everyElementStored() throws {
        let folder = try TemporaryFolder()
        let data = try TestFeeds.contentsData(sessionCount: 300)
        let feed = try FeedDecoder.contents(from: data)
        #expect(feed.sessions.map(\.keywords.count).reduce(0, +) > 64)
        for streaming in [false, true] {
            let store = try folder.store("lists-\(streaming).sqlite")
            let report = streaming ? try store.importContents(json: data) : try store.importContents(feed)
            #expect(report[.keywords].inserted == feed.sessions.map(\.keywords.count).reduce(0, +))
            for session in feed.sessions {
                let keywords = try store.read { try $0.fetchAll(
                    "SELECT keyword FROM session_keywords JOIN sessions USING (sid) WHERE id = ? ORDER BY position", [session.id]) { $0.string(at: 0) ?? "" } }
                #expect(keywords == session.keywords, "\(session.id)")
                let platforms = try store.read { try $0.fetchAll(
                    "SELECT platform FROM session_platforms JOIN sessions USING (sid) WHERE id = ? ORDER BY position", [session.id]) { $0.string(at: 0) ?? "" } }
                #expect(platforms == session.platforms, "\(session.id)")
            }
        }
    }

    @Test("a session given twice in code ends as its last occurrence, its lists included, after many rows were waiting")
    func duplicateAfterWaitingRows() throws {
        let folder = try TemporaryFolder()
        var feed = try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 40))
        var again = feed.sessions[30]
        again.title = "Second occurrence"
        again.keywords = ["last", "wins"]
        feed.sessions.append(again)
        let store = try folder.store()
        let report = try store.importContents(feed)
        #expect(report[.sessions].inserted == 40)
        #expect(try store.read { try $0.fetchString("SELECT title FROM sessions WHERE id = ?", [again.id]) } == "Second occurrence")
        let keywords = try store.read { try $0.fetchAll(
            "SELECT keyword FROM session_keywords JOIN sessions USING (sid) WHERE id = ? ORDER BY position", [again.id]) { $0.string(at: 0) ?? "" } }
        #expect(keywords == ["last", "wins"])
        let total = feed.sessions.dropLast().enumerated().map { $0.offset == 30 ? 2 : $0.element.keywords.count }.reduce(0, +)
        #expect(try store.count("SELECT count(*) FROM session_keywords") == total)
    }
}
