@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

/// The one query builder (words, "phrases", prefix*), the search across sessions, transcripts,
/// code and news, and its ranking, on a store filled with a feed and plain SQL.
@Suite("Search everywhere", .offThePool)
struct SearchEverywhereTests {
    /// Two events; the word "zebrafinch" in a title (A), a description (C), a transcript only (B),
    /// a code snippet (D) and a news item; phrases to tell apart in B's transcript.
    static func store(in folder: TemporaryFolder) throws -> ConferenceStore {
        let store = try folder.store()
        _ = try store.importContents(ContentsFeed(events: [Event(id: "e1", name: "E1"), Event(id: "e2", name: "E2")], sessions: [
            Session(id: "e1-a", eventID: "e1", title: "Zebrafinch networking", description: "Sockets and streams."),
            Session(id: "e1-b", eventID: "e1", title: "Media playback", description: "Video and audio."),
            Session(id: "e1-c", eventID: "e1", title: "Birdsong", description: "Recording a zebrafinch at dawn."),
            Session(id: "e1-d", eventID: "e1", title: "Code along", description: "Typing together.",
                    codeSnippets: [CodeSnippet(title: "Setup", code: "let x = 1"),
                                   CodeSnippet(title: "Finch model", startTime: 95, code: "struct Zebrafinch {\n    var song: String\n}")]),
            Session(id: "e2-b", eventID: "e2", title: "Older playback", description: "Last year's."),
        ]))
        try store.write { db in
            try TranscriptRows.insert(db, sessionID: "e1-b", lines: [
                (0, 0, "Welcome to media playback."),
                (0, 4, "We saw a zebrafinch on the way in."),
                (1, 61, "Swift testing is how we check the player."),
                (1, 66, "Testing the swift compiler is another story."),
                (2, 125, "SwiftUI shows the controls; the Cafe\u{301} demo follows."),
                (3, 200, "A \u{1B}[2J\u{1B}]0;pwned\u{7} marmot \u{202E}reversed\u{202C} line."),
            ])
            try TranscriptRows.insert(db, sessionID: "e2-b", lines: [(0, 10, "Last year the swift testing story began.")])
            try db.execute("INSERT INTO news (id, title, body) VALUES (?, ?, ?)", ["n1", "Bird news", "A zebrafinch visited the campus."])
        }
        return store
    }

    static func search(_ store: ConferenceStore, _ text: String, sources: Set<SearchSource> = Set(SearchSource.allCases),
                       events: [String]? = nil, limit: Int = 50) throws -> [SearchResult] {
        let query = try #require(SearchQuery(text), "\(text) has something to look for")
        return try store.read { try $0.searchEverywhere(SearchRequest(query: query, sources: sources, eventIDs: events, limit: limit)) }
    }

    // MARK: The query builder

    @Test("words, phrases and prefixes become FTS5 strings; a quoted phrase is one term")
    func builder() throws {
        #expect(SearchQuery("swift testing")?.matchExpression == "\"swift\" \"testing\"")
        #expect(SearchQuery("\"swift testing\"")?.matchExpression == "\"swift testing\"")
        #expect(SearchQuery("“swift testing” ui")?.matchExpression == "\"swift testing\" \"ui\"")
        #expect(SearchQuery("swift*")?.matchExpression == "\"swift\"*")
        #expect(SearchQuery("\"swift test\"*")?.matchExpression == "\"swift test\"*")
        #expect(SearchQuery("\"unclosed phrase")?.matchExpression == "\"unclosed phrase\"")
        let phrase = try #require(SearchQuery("\"Swift Testing\" app*"))
        #expect(phrase.terms.map(\.tokens) == [["swift", "testing"], ["app"]])
        #expect(phrase.terms.map(\.isPhrase) == [true, false])
        #expect(phrase.terms.map(\.isPrefix) == [false, true])
        // Nothing to look for: blank, a lone star, punctuation only.
        for empty in ["", "   ", "*", "**", "\"", "\"\"", "-", "( )", "\" *\""] {
            #expect(SearchQuery(empty) == nil, "\(empty.debugDescription) has nothing to look for")
        }
        // `schedule --search` and `search` read the same syntax: the one builder's.
        #expect(SearchQuery("\"swift testing\" x*")?.matchExpression == "\"swift testing\" \"x\"*")
    }

    @Test("a phrase matches only its words in order; words match apart; a prefix matches longer words")
    func phraseWordsPrefix() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let lines = { (text: String) in try Self.search(store, text, sources: [.transcripts], events: ["e1"]).map { $0.at ?? -1 } }
        #expect(try lines("\"swift testing\"") == [61], "the phrase only where the words follow each other")
        #expect(try Set(lines("swift testing")) == [61, 66], "the words apart, in any order")
        #expect(try Set(lines("testing swift")) == [61, 66])
        #expect(try lines("\"testing swift\"") == [], "the phrase in the other order is nowhere")
        #expect(try Set(lines("swift")) == [61, 66], "a word is not a prefix: SwiftUI is not found")
        #expect(try Set(lines("swift*")) == [61, 66, 125], "a prefix finds SwiftUI too")
        #expect(try lines("cafe") == [125], "diacritics are folded")
        // The schedule's search reads phrases the same way.
        let titled = try store.read { try $0.schedule(ScheduleQuery(eventIDs: nil, search: "\"networking zebrafinch\"")) }
        #expect(titled.isEmpty)
        let found = try store.read { try $0.schedule(ScheduleQuery(eventIDs: nil, search: "\"zebrafinch networking\"")) }
        #expect(found.map(\.sessionID) == ["e1-a"])
    }

    @Test("hostile text is words or nothing, never FTS5 syntax", arguments: [
        "\"", "NEAR(", "NEAR(a b)", "AND", "OR", "NOT", "a AND", "-x", "title:", "title:zebrafinch", "text:x", "^x", "x:y",
        "(", ")", "{text}: x", "a + b", "'", "''); DROP TABLE news; --", "\"a\" OR \"b\"", "* *", "x**", "\"\"\"", "\0", "🎉",
    ])
    func hostile(text: String) throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        guard let query = SearchQuery(text) else { return }
        // Every index is queried (no limit reached before the news), and none fails to parse it.
        _ = try store.read { try $0.searchEverywhere(SearchRequest(query: query, limit: 10_000)) }
        _ = try store.read { try $0.schedule(ScheduleQuery(eventIDs: nil, search: text)) }
        #expect(try store.read { try $0.fetchInt("SELECT count(*) FROM news") } == 1)
    }

    @Test("operator words are searched as words")
    func operatorsAreWords() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        // "and" is in "Video and audio." and in "Sockets and streams.": AND is that word, not an operator.
        let and = try Self.search(store, "AND", sources: [.sessions]).map(\.id)
        #expect(Set(and) == ["e1-a", "e1-b"])
        #expect(try Self.search(store, "zebrafinch OR", sources: [.sessions]).isEmpty, "OR is a word no session has")
        // As a column filter it would find e1-a; as text it is the phrase "title zebrafinch", which no session has.
        #expect(try Self.search(store, "title:zebrafinch", sources: [.sessions]).isEmpty, "not a column filter")
        #expect(try Self.search(store, "-zebrafinch", sources: [.sessions]).map(\.id) == ["e1-a", "e1-c"], "not a negation")
    }

    @Test("what a hit carries from the store is cleaned: no escape sequences, no bidirectional overrides")
    func cleanedSnippets() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let hit = try #require(try Self.search(store, "marmot").first)
        #expect(hit.at == 200)
        #expect(!hit.snippet.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E || $0.value == 0x202C }, "\(hit.snippet.debugDescription)")
        #expect(hit.snippet.contains("marmot") && hit.snippet.contains("reversed"))
    }

    // MARK: Ranking

    @Test("a page of sessions is the start of the whole ranking, ties and scopes included, whatever the limit")
    func pagesAreTheStartOfTheRanking() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        // Title matches in two events, and more description matches than a page, many of them alike
        // (the same BM25: the id decides), the best ones not always first by id.
        var sessions: [Session] = []
        for index in 0..<12 {
            let event = index % 2 == 0 ? "e1" : "e2"
            sessions.append(Session(id: "\(event)-t\(index)", eventID: event, eventContentID: 100 + index % 4,
                                    title: "Otter \(index % 3 == 0 ? "otter " : "")talk", description: "About rivers."))
        }
        for index in 0..<30 {
            let event = index % 3 == 0 ? "e2" : "e1"
            let description = index % 5 == 0 ? "An otter." : index % 2 == 0 ? "An otter swims in the river all day long." : "An otter, twice an otter, by the river."
            sessions.append(Session(id: "\(event)-d\(String(format: "%02d", 29 - index))", eventID: event, title: "River \(index)", description: description))
        }
        _ = try store.importContents(ContentsFeed(events: [Event(id: "e1", name: "E1", isCurrent: true), Event(id: "e2", name: "E2")],
                                                  sessions: sessions))
        for events in [nil, ["e1"], ["e2"]] as [[String]?] {
            let all = try Self.search(store, "otter", sources: [.sessions], events: events, limit: 1000)
            #expect(all.count == (events == nil ? 42 : events == ["e1"] ? 26 : 16))
            for limit in [1, 2, 5, 11, 12, 13, 20, 41] {
                let page = try Self.search(store, "otter", sources: [.sessions], events: events, limit: limit)
                #expect(page.map(\.id) == all.prefix(limit).map(\.id), "limit \(limit), events \(events ?? [])")
                #expect(page.map(\.score) == all.prefix(limit).map(\.score), "limit \(limit), events \(events ?? [])")
            }
        }
    }

    @Test("one list: title match, then description, transcript line, code, news; scores say so")
    func ranking() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        let results = try Self.search(store, "zebrafinch")
        #expect(results.map(\.source) == [.sessions, .sessions, .transcripts, .code, .news])
        #expect(results.map(\.tier) == [.sessionTitle, .sessionText, .transcript, .code, .news])
        #expect(results.map(\.id) == ["e1-a", "e1-c", "e1-b", "e1-d", "n1"])
        #expect(results.map(\.score) == results.map(\.score).sorted(), "scores ascend with the order")
        for result in results {
            #expect(result.score >= result.tier.offset - 999 && result.score <= result.tier.offset, "\(result.id): \(result.score)")
        }
        // What each hit carries.
        #expect(results[2].at == 4 && results[2].snippet == "We saw a zebrafinch on the way in." && results[2].title == "Media playback")
        #expect(results[3].snippetNumber == 2 && results[3].snippetTitle == "Finch model" && results[3].at == 95)
        #expect(results[3].snippet == "struct Zebrafinch {")
        #expect(results[4].title == "Bird news" && results[4].snippet == "A zebrafinch visited the campus.")
        // The limit keeps the best.
        #expect(try Self.search(store, "zebrafinch", limit: 2).map(\.id) == ["e1-a", "e1-c"])
    }

    @Test("a title match ranks above a transcript-only match, both present")
    func titleAboveTranscript() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        // "playback": the title of e1-b and e2-b, the first line of e1-b's transcript.
        let results = try Self.search(store, "playback", sources: [.sessions, .transcripts])
        #expect(results.map(\.source) == [.sessions, .sessions, .transcripts])
        #expect(Set(results.prefix(2).map(\.id)) == ["e1-b", "e2-b"])
        #expect(results.last?.id == "e1-b" && results.last?.at == 0)
    }

    @Test("sources and events narrow the list; naming events leaves the news out")
    func narrowing() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(in: folder)
        #expect(try Self.search(store, "zebrafinch", sources: [.code, .news]).map(\.source) == [.code, .news])
        #expect(try Self.search(store, "zebrafinch", events: ["e1"]).map(\.source) == [.sessions, .sessions, .transcripts, .code])
        #expect(try Set(Self.search(store, "\"swift testing\"", sources: [.transcripts]).map(\.id)) == ["e1-b", "e2-b"])
        #expect(try Self.search(store, "\"swift testing\"", sources: [.transcripts], events: ["e2"]).map(\.id) == ["e2-b"])
        #expect(try Self.search(store, "zebrafinch", events: ["e2"]).isEmpty)
    }

    // MARK: Marking matches

    @Test("a text's folded words: an ASCII one's read by bytes are those the index's rule finds")
    func foldedWords() {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in ["Swift6 and SWIFTUI's_new-API, 2024!", "", "  \t ", "x", "a\r\nB", ascii, "\u{7F}end", "9to5 A1b2"] {
            let general = SearchQuery.tokens(in: text).map { SearchQuery.fold(String(text[$0])) }
            #expect(SearchQuery.asciiFoldedWords(in: text) == general, "\(text.debugDescription)")
            #expect(SearchQuery.foldedWords(in: text) == general, "\(text.debugDescription)")
        }
        #expect(SearchQuery.asciiFoldedWords(in: "Café") == nil)
        #expect(SearchQuery.foldedWords(in: "Le Café, ÜBER naïve 東京") == ["le", "cafe", "uber", "naive", "東京"])
    }

    @Test("the ranges a listing marks: words without case or diacritics, phrases whole, prefixes")
    func marks() throws {
        func marked(_ query: String, _ text: String) throws -> [String] {
            try #require(SearchQuery(query)).matches(in: text).map { String(text[$0]) }
        }
        #expect(try marked("swift", "Swift and swiftly, SWIFT.") == ["Swift", "SWIFT"])
        #expect(try marked("swift*", "Swift and swiftly, SWIFT.") == ["Swift", "swiftly", "SWIFT"])
        #expect(try marked("\"swift testing\"", "Testing Swift; swift testing works; Swift  Testing.") == ["swift testing", "Swift  Testing"])
        #expect(try marked("cafe", "Le Café ouvre.") == ["Café"])
        #expect(try marked("zebra", "zebrafinch") == [])
        let query = try #require(SearchQuery("zebrafinch"))
        let long = String(repeating: "word ", count: 60) + "the zebrafinch sings " + String(repeating: "more ", count: 60)
        let excerpt = query.excerpt(of: long, width: 60)
        #expect(excerpt.contains("zebrafinch") && excerpt.hasPrefix("…") && excerpt.hasSuffix("…"), "\(excerpt)")
        #expect(excerpt.count <= 64)
    }
}
