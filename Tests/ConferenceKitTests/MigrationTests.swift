import CSQLite
@testable import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import SQLiteDatabase
import TestTraits
import Testing

@Suite("Migrations and opening files", .offThePool)
struct MigrationTests {
    @Test("a fresh file gets every table and the latest schema version")
    func freshFile() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        #expect(try store.count("PRAGMA user_version") == ConferenceStore.schemaVersion)
        #expect(ConferenceStore.schemaVersion == 16)
        let tables = try store.tableCounts()
        for table in ["events", "rooms", "tracks", "topics", "resources", "sessions", "instances", "videos",
                      "session_keywords", "session_platforms", "session_topics", "session_related",
                      "session_resources", "live_streams", "news", "news_photos", "favorites", "feedback",
                      "sync_metadata", "topic_categories", "topic_category_topics", "session_images", "session_chapters",
                      "session_code", "video_links", "articles", "settings", "transcripts",
                      "transcript_manifest", "downloads", "watch_progress", "bookmarks", "notes", "personal_changes", "whats_new",
                      "image_variants"] {
            #expect(tables[table] == 0, "table \(table)")
        }
        #expect(try store.searchSessions("anything").isEmpty)
    }

    @Test("an older database is upgraded in place, keeping its rows")
    func upgrade() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        do {
            let db = try Database(path: path)
            try Migrator([StoreSchema.catalogue]).migrate(db)
            try db.execute("INSERT INTO events (id, name) VALUES (?, ?)", ["wwdc2017", "WWDC 2017"])
            try db.execute("""
                INSERT INTO sessions (id, event_id, title, description) VALUES ('wwdc2017-102', 'wwdc2017', 'Keynote talk', '')
                """)
            #expect(try Migrator.version(of: db) == 1)
        }
        let store = try ConferenceStore(path: path)
        #expect(try store.count("PRAGMA user_version") == 16)
        #expect(try store.count("SELECT count(*) FROM events") == 1)
        // The modern columns arrive empty on the rows that were there.
        #expect(try store.count("SELECT count(*) FROM sessions WHERE has_live_stream = 0 AND article_id IS NULL") == 1)
        #expect(try store.searchSessions("keynote").map(\.id) == ["wwdc2017-102"])
        try store.setFavorite(sessionID: "wwdc2017-102", true)
        #expect(try store.favorites().count == 1)
    }

    @Test("a store from before pending subtitles (version 15) keeps its downloads, none with subtitles pending; the languages then asked are kept until written")
    func pendingSubtitles() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("v15.sqlite")
        do {
            let db = try Database(path: path)
            try Migrator(Array(StoreSchema.migrator.migrations.prefix(15))).migrate(db)
            try db.execute("""
                INSERT INTO downloads (session_id, quality, url, path, title, state, total_bytes, updated_at)
                VALUES ('wwdc2026-101', 'hd', 'https://x.example/a.mp4', '/v/a.mp4', 'A', 'done', 10, 1)
                """)
        }
        let store = try ConferenceStore(path: path)
        #expect(try store.count("PRAGMA user_version") == 16)
        let record = try #require(try store.read { try $0.downloadRecord(sessionID: "wwdc2026-101", quality: .hd) })
        #expect(record.state == .done && record.totalBytes == 10 && record.pendingSubtitles == nil)

        func pending() throws -> [String]? {
            try store.read { try $0.downloadRecord(sessionID: "wwdc2026-101", quality: .hd) }?.pendingSubtitles?.map(\.code)
        }
        let ja = try #require(SubtitleLanguage("ja")), jpn = try #require(SubtitleLanguage("jpn")), fr = try #require(SubtitleLanguage("fr"))
        try store.write { try $0.recordSubtitlesPending(record.item, languages: [ja]) }
        // Asked again with more: added to, one language once whatever its code.
        try store.write { try $0.recordSubtitlesPending(record.item, languages: [jpn, fr]) }
        #expect(try pending() == ["ja", "fr"])
        try store.write { try $0.recordSubtitlesPending(record.item, languages: nil) }
        #expect(try pending() == nil)
        // The default language is pending as no code at all.
        try store.write { try $0.recordSubtitlesPending(record.item, languages: []) }
        #expect(try pending() == [])
        #expect(try store.read { try $0.downloadRecord(sessionID: "wwdc2026-101", quality: .hd) }?.state == .done)
    }

    @Test("a store from before picture sizes (version 10) forgets the contents feed's ETag, so the next sync reads imageTypes; other ETags stay")
    func pictureSizesRefetchContents() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("v10.sqlite")
        do {
            let db = try Database(path: path)
            try Migrator(Array(StoreSchema.migrator.migrations.prefix(10))).migrate(db)
            #expect(try Migrator.version(of: db) == 10)
            for (feed, etag) in [("contents", "\"c1\""), ("news", "\"n1\""), ("config", "\"k1\"")] {
                try db.execute("INSERT INTO sync_metadata (feed, etag, last_sync) VALUES (?, ?, 1)", [feed, etag])
            }
        }
        let store = try ConferenceStore(path: path)
        let etags = try store.read { db in
            try db.fetchAll("SELECT feed, etag FROM sync_metadata ORDER BY feed") { "\($0.string("feed") ?? ""): \($0.string("etag") ?? "none")" }
        }
        #expect(etags == ["config: \"k1\"", "contents: none", "news: \"n1\""])
        #expect(try store.count("SELECT count(*) FROM image_variants") == 0)
    }

    @Test("a store with transcripts as rows of lines (version 11) keeps every line, its time and its paragraph, and finds them as before")
    func compressedTranscripts() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("v11.sqlite")
        let lines: [(id: String, position: Int, paragraph: Int, start: Double, text: String)] = [
            ("wwdc2017-102", 0, 0, 1.5, "Welcome to the keynote."), ("wwdc2017-102", 1, 0, 4, "The zebrafinch sings."),
            ("wwdc2017-102", 2, 1, 9.25, "Caf\u{E9} au lait, \u{65E5}\u{672C}."), ("wwdc2017-103", 0, 0, 2, "A zebrafinch again."),
        ]
        do {
            let db = try Database(path: path)
            try Migrator(Array(StoreSchema.migrator.migrations.prefix(11))).migrate(db)
            try db.execute("INSERT INTO events (id, name) VALUES ('wwdc2017', 'WWDC 2017')")
            for id in ["wwdc2017-102", "wwdc2017-103", "wwdc2017-104"] {
                try db.execute("INSERT INTO sessions (id, event_id, title, description) VALUES (?, 'wwdc2017', ?, '')", [id, "Talk \(id)"])
                try db.execute("INSERT INTO transcripts (session_id, language, etag, duration, line_count, bytes) VALUES (?, 'eng', '\"e\"', 9.25, ?, 100)",
                               [id, lines.filter { $0.id == id }.count])
            }
            for line in lines.reversed() {
                try db.execute("INSERT INTO transcript_lines (session_id, position, paragraph, start, text) VALUES (?, ?, ?, ?, ?)",
                               [line.id, line.position, line.paragraph, line.start, line.text])
            }
            try db.execute("INSERT INTO transcript_search (rowid, text) SELECT id, text FROM transcript_lines")
        }
        let store = try ConferenceStore(path: path)
        #expect(try store.count("PRAGMA user_version") == 16)
        #expect(try store.count("SELECT count(*) FROM sqlite_schema WHERE name = 'transcript_lines'") == 0)
        let keynote = try #require(try store.read { try $0.transcript(sessionID: "wwdc2017-102") })
        #expect(keynote.paragraphs == [.init(start: 1.5, text: "Welcome to the keynote. The zebrafinch sings."),
                                       .init(start: 9.25, text: "Caf\u{E9} au lait, \u{65E5}\u{672C}.")])
        #expect(try store.read { try $0.transcript(sessionID: "wwdc2017-104") }?.paragraphs == [])
        #expect(try store.read { try $0.transcriptSummary(sessionID: "wwdc2017-103") }?.lineCount == 1)
        let query = try #require(SearchQuery("zebrafinch"))
        let hits = try store.read { try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], limit: 10)) }
        #expect(hits.map { "\($0.id) \($0.at ?? -1)" }.sorted() == ["wwdc2017-102 4.0", "wwdc2017-103 2.0"])
        #expect(hits.map(\.snippet).contains { $0.contains("The zebrafinch sings.") })
        let integrity = try store.read { try $0.fetchAll("INSERT INTO transcript_search(transcript_search, rank) VALUES ('integrity-check', 1)") { _ in 0 } }
        #expect(integrity.isEmpty)
        // A transcript replaced after the move leaves none of its words behind.
        try store.write { try TranscriptRows.insert($0, sessionID: "wwdc2017-102", lines: [(0, 1, "Only marmots now.")]) }
        let after = try store.read { try $0.searchEverywhere(SearchRequest(query: query, sources: [.transcripts], limit: 10)) }
        #expect(after.map(\.id) == ["wwdc2017-103"])
    }

    @Test("a store from before the personal search rows (version 11) keeps its notes' and bookmarks' search; a changed note or removed bookmark then changes only its own row")
    func personalSearchRows() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("v11.sqlite")
        do {
            let db = try Database(path: path)
            try Migrator(Array(StoreSchema.migrator.migrations.prefix(11))).migrate(db)
            try db.execute("INSERT INTO notes (session_id, text, updated_at) VALUES ('wwdc2024-101', 'swiftdata migration', 1), ('wwdc2024-102', 'regex builder', 1)")
            try db.execute("""
                INSERT INTO bookmarks (id, session_id, time, note, created_at) VALUES ('b1', 'wwdc2024-101', 10, 'observation macro', 1),
                    ('b2', 'wwdc2024-102', 20, 'result builder', 1)
                """)
        }
        let store = try ConferenceStore(path: path)
        func matches(_ query: String) throws -> [String] {
            try store.read { db in
                try db.fetchAll("SELECT kind, ref FROM personal_search WHERE personal_search MATCH ? ORDER BY kind, ref", [query]) {
                    "\($0.string("kind") ?? "") \($0.string("ref") ?? "")"
                }
            }
        }
        #expect(try matches("swiftdata") == ["note wwdc2024-101"])
        #expect(try matches("builder") == ["bookmark b2", "note wwdc2024-102"])
        try store.write { db in
            _ = try db.edit(.setNote(session: "wwdc2024-101", text: "swift testing"), at: Date())
            _ = try db.edit(.removeBookmark(session: "wwdc2024-102", number: 1), at: Date())
            _ = try db.edit(.clearNote(session: "wwdc2024-102"), at: Date())
        }
        #expect(try matches("swiftdata").isEmpty)
        #expect(try matches("swift") == ["note wwdc2024-101"])
        #expect(try matches("builder").isEmpty)
        #expect(try matches("observation") == ["bookmark b1"])
        #expect(try store.count("SELECT count(*) FROM personal_search") == 2)
        #expect(try store.count("SELECT count(*) FROM personal_search_rows") == 2)
    }

    @Test("read-only opening works on a current store and refuses one that needs migrating")
    func readOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("ro.sqlite")
        do {
            let store = try ConferenceStore(path: path)
            _ = try store.importContents(json: TestFeeds.contentsData(sessionCount: 5))
        }
        let reader = try ConferenceStore(path: path, configuration: Database.Configuration(readOnly: true))
        #expect(try reader.count("SELECT count(*) FROM sessions") == 5)
        #expect(throws: DatabaseError.self) { try reader.setFavorite(sessionID: "x", true) }

        // Browsing (listings and searches alike) reads it through a memory map.
        let browsing = try ConferenceStore.openForBrowsing(path: path)
        #expect(try browsing.count("PRAGMA mmap_size") == 256 << 20)
        #expect(throws: DatabaseError.self) { try browsing.setFavorite(sessionID: "x", true) }

        let old = folder.file("old-ro.sqlite")
        do { try Migrator([StoreSchema.catalogue]).migrate(try Database(path: old)) }
        #expect(throws: DatabaseError.self) { try ConferenceStore(path: old, configuration: Database.Configuration(readOnly: true)) }
    }

    @Test("a database from a newer wwdc is refused with a clear message and left as it was")
    func newerRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("new.sqlite")
        do {
            let store = try ConferenceStore(path: path)
            _ = try store.read { try $0.tableCounts() }
        }
        do {
            let db = try Database(path: path)
            try db.execute(sql: "PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try ConferenceStore(path: path)
            Issue.record("a newer schema must be refused")
        } catch let error as DatabaseError {
            #expect(error.message.contains("newer version of wwdc"))
            #expect(error.message.contains("99"))
            #expect(ErrorText.hint(error)?.contains("Upgrade wwdc") == true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a file that is not a database is refused at open and not touched", arguments: [
        Data("just some notes\n".utf8),
        Data(repeating: 0x41, count: 100_000),
        Data("SQLite format 2\0 but not really a database".utf8),
    ])
    func notADatabase(content: Data) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        try content.write(to: URL(fileURLWithPath: path))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        do {
            _ = try ConferenceStore(path: path)
            Issue.record("must be refused")
        } catch let error as DatabaseError {
            #expect(error.code == SQLITE_NOTADB)
            #expect(error.description.contains("not a database"))
            #expect(ErrorText.hint(error)?.contains("untouched") == true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }
}
