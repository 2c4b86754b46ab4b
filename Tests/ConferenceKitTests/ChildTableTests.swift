@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

/// The child tables (chapters, code snippets, other links, news photos): their columns are the ones
/// their field tables name, and one reader of a row serves the sync's writer and the reads.
@Suite("Child tables: columns from the field tables, one reader", .offThePool)
struct ChildTableTests {
    static let chapters = [Chapter(title: "Intro", start: 0, end: 60.5, summary: "First\nlines"), Chapter(title: "More", start: 60.5)]
    static let code = [CodeSnippet(title: "Hello", language: "swift", startTime: 12, endTime: 20, code: "let a = 1\nprint(a)"),
                       CodeSnippet(code: "only code")]
    static let links = [Media.Link(kind: "appleTV", url: "https://example.com/a.m3u8"), Media.Link(kind: "other", url: "https://example.com/b")]
    static let photos = [NewsItem.Photo(id: "p1", ratio: 1.5), NewsItem.Photo(id: "p2")]

    @Test("each child table's columns are those its field table names, in the order the store declares them")
    func columnsFromFieldTables() throws {
        let db = try Database(path: ":memory:")
        try StoreSchema.migrator.migrate(db)
        func tableColumns(_ table: String) throws -> [String] {
            try db.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]) { $0.string("name") ?? "" }
        }
        #expect(Chapter.storedColumns.map(\.name) == Chapter.fields.columns.map(\.name))
        #expect(CodeSnippet.storedColumns.map(\.name) == CodeSnippet.fields.columns.map(\.name))
        #expect(NewsItem.Photo.storedColumns.map(\.name) == NewsItem.Photo.fields.columns.map(\.name))
        #expect(try tableColumns(Chapter.table) == ["sid", "position"] + Chapter.storedColumns.map(\.name))
        #expect(try tableColumns(CodeSnippet.table) == ["sid", "position"] + CodeSnippet.storedColumns.map(\.name))
        #expect(try tableColumns(Media.Link.table) == ["sid", "position"] + Media.Link.storedColumns.map(\.name))
        #expect(try tableColumns(NewsItem.Photo.table) == ["news_id", "position"] + NewsItem.Photo.storedColumns.map(\.name))
    }

    @Test("what the sync writes, the reads give back, and a second sync finds nothing changed")
    func writtenThenRead() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let session = Session(id: "s1", eventID: "e", title: "Talk", media: Media(hls: "https://example.com/s1.m3u8", chapters: Self.chapters,
                                                                                  otherLinks: Self.links),
                              codeSnippets: Self.code)
        let feed = ContentsFeed(events: [Event(id: "e", name: "E")], sessions: [session])
        let news = NewsFeed(items: [NewsItem(id: "n1", title: "News", photos: Self.photos)])
        let first = try store.importContents(feed)
        #expect(first[.chapters].inserted == 2 && first[.codeSnippets].inserted == 2 && first[.videoLinks].inserted == 2)
        #expect(try store.importNews(news)[.newsPhotos].inserted == 2)

        let detail = try #require(try store.read { try $0.sessionDetail(id: "s1") })
        #expect(detail.media?.chapters == Self.chapters)
        #expect(detail.media?.otherLinks == Self.links)
        #expect(detail.codeSnippets == Self.code)
        #expect(try store.read { try $0.news() }.first?.photos == Self.photos)

        #expect(try store.importContents(feed).isEmpty)
        #expect(try store.importNews(news).isEmpty)
        var changed = session
        changed.media?.chapters[1].summary = "Now with a summary"
        changed.codeSnippets[0].language = nil
        let again = try store.importContents(ContentsFeed(events: feed.events, sessions: [changed]))
        #expect(again[.chapters] == ChangeCounts(updated: 1) && again[.codeSnippets] == ChangeCounts(updated: 1))
        #expect(again[.videoLinks].total == 0)
        #expect(try store.read { try $0.sessionDetail(id: "s1") }?.media?.chapters[1].summary == "Now with a summary")
    }
}
