import ConferenceModel
import Foundation
import SQLiteDatabase

extension Database {
    /// One ranked list of what matches `request.query` in the user's notes, the sessions, the
    /// transcripts, the code snippets and the news: notes and bookmarks first, then every session
    /// whose title holds the terms, then the other sessions, then transcript lines, code, news
    /// (``SearchTier``), by BM25 within each.
    public func searchEverywhere(_ request: SearchRequest) throws -> [SearchResult] {
        try request.query.checkBounds()
        guard request.limit > 0 else { return [] }
        var results: [SearchResult] = []
        // The tiers never mix: once the better ones fill the list, the others cannot get in.
        func full() -> Bool { results.count >= request.limit }
        if request.sources.contains(.notes) {
            results += try noteHits(request)
        }
        if request.sources.contains(.sessions), !full() {
            results += try sessionHits(request)
        }
        if request.sources.contains(.transcripts), !full() {
            results += try transcriptHits(request)
        }
        if request.sources.contains(.code), !full() {
            results += try codeHits(request)
        }
        if request.searchesNews, !full() {
            results += try newsHits(request)
        }
        return Array(results.sorted(by: SearchResult.ranked).prefix(request.limit))
    }

    /// The conditions that keep sessions (as `s`) to the request's events and topics, each after `AND`.
    private static func scope(_ request: SearchRequest) -> SQL {
        var conditions: [SQL] = []
        if let events = request.eventIDs {
            conditions.append("s.event_id IN (\(list: events))")
        }
        if !request.topicIDs.isEmpty {
            conditions.append(hasTopic(request.topicIDs))
        }
        return conditions.map { "\n  AND \($0)" }.joined(separator: "")
    }

    /// Sessions, ranked as `schedule --search` ranks them (``SearchText/hits(_:)``, ``SearchText/ranking``).
    ///
    /// In the same order as ranking every hit, but only what can be on the page is ranked: the
    /// title matches come first, so the others are read only when they fall short of the limit, and
    /// then (when no event or topic narrows the search) only those whose BM25 is no worse than the
    /// limit-th best; the text shown (description, keywords) is read for the page alone.
    private func sessionHits(_ request: SearchRequest) throws -> [SearchResult] {
        let match = request.query.matchExpression
        let scope = Self.scope(request)
        let bound: SQL = scope.text.isEmpty
            ? "hit.score <= coalesce((SELECT score FROM other_hit ORDER BY score LIMIT 1 OFFSET \(request.limit - 1)), 1e308)" : "1"
        // `+rowid` keeps the title set a filter: FTS5 would otherwise run the match once per id in it.
        let sql: SQL = """
            WITH titled(sid) AS (
                SELECT rowid FROM session_search WHERE session_search MATCH \("title : (" + match + ")")),
            title_hit(sid, score, in_title) AS (
                SELECT rowid, bm25(session_search, \(SearchText.sessionWeights)) - 1000000.0, 1
                FROM session_search WHERE session_search MATCH \(match) AND +rowid IN titled),
            other_hit(sid, score, in_title) AS (
                SELECT rowid, bm25(session_search, \(SearchText.sessionWeights)), 0
                FROM session_search WHERE session_search MATCH \(match) AND +rowid NOT IN titled),
            page(sid, score, in_title) AS (
                SELECT * FROM (
                    SELECT hit.sid, hit.score, hit.in_title
                    FROM title_hit AS hit JOIN sessions s ON s.sid = hit.sid
                    LEFT JOIN events e ON e.id = s.event_id
                    WHERE 1\(scope)
                    ORDER BY \(SearchText.ranking)
                    LIMIT \(request.limit))
                UNION ALL
                SELECT * FROM (
                    SELECT hit.sid, hit.score, hit.in_title
                    FROM other_hit AS hit JOIN sessions s ON s.sid = hit.sid
                    LEFT JOIN events e ON e.id = s.event_id
                    WHERE \(bound)\(scope)
                    ORDER BY \(SearchText.ranking)
                    LIMIT \(request.limit))
                LIMIT \(request.limit))
            SELECT s.id, s.title, s.description,
                   (SELECT group_concat(k.keyword, ', ') FROM session_keywords k WHERE k.sid = s.sid) AS keywords,
                   hit.score + hit.in_title * 1000000.0 AS score, hit.in_title
            FROM page AS hit JOIN sessions s ON s.sid = hit.sid
            LEFT JOIN events e ON e.id = s.event_id
            ORDER BY \(SearchText.ranking)
            """
        // Title matches are in the catalog's order, not BM25's: their score is their place in it.
        var titlePlace = 0
        return try readAll(literal: sql) { row in
            let tier: SearchTier = row.bool("in_title") ? .sessionTitle : .sessionText
            var score = tier.score(bm25: row.double("score"))
            if tier == .sessionTitle {
                score = tier.offset - 999 + Double(min(titlePlace, 999))
                titlePlace += 1
            }
            let title = row.text("title")
            // The excerpt shows where the words are: the title, else the description, else the keywords.
            let texts = [title, row.paragraphs("description") ?? "", row.line("keywords") ?? ""]
            let matched = texts.first { !request.query.matches(in: $0).isEmpty } ?? texts[1]
            return SearchResult(source: .sessions, tier: tier, id: row.text("id"), title: title,
                                snippet: request.query.excerpt(of: matched), score: score)
        }
    }

    /// The user's notes and bookmark notes, one hit each, a bookmark with its time and number.
    private func noteHits(_ request: SearchRequest) throws -> [SearchResult] {
        let sql: SQL = """
            SELECT personal_search.kind AS kind, personal_search.session_id AS id, coalesce(s.title, personal_search.session_id) AS title,
                   personal_search.time AS time, personal_search.text AS text, bm25(personal_search) AS score, \(SessionLink.columns),
                   (SELECT count(*) FROM bookmarks b JOIN bookmarks o ON o.session_id = b.session_id
                    AND (o.time, o.created_at, o.id) <= (b.time, b.created_at, b.id)
                    WHERE b.id = personal_search.ref) AS number
            FROM personal_search
            LEFT JOIN sessions s ON s.id = personal_search.session_id
            WHERE personal_search MATCH \(request.query.matchExpression)\(Self.scope(request))
            ORDER BY 6, 2, 4
            LIMIT \(request.limit)
            """
        return try readAll(literal: sql) { row in
            let isBookmark = row.text("kind") == "bookmark"
            return SearchResult(source: .notes, tier: .notes, id: row.text("id"), title: row.text("title"),
                                at: isBookmark ? row.optionalDouble("time") : nil, bookmarkNumber: isBookmark ? row.int("number") : nil,
                                snippet: request.query.excerpt(of: row.paragraphs("text") ?? "", width: 240),
                                score: SearchTier.notes.score(bm25: row.double("score")), link: SessionLink.read(row))
        }
    }

    /// Transcript lines, one hit each, with the second they start at: by BM25, then session id,
    /// then the line's place in its transcript.
    ///
    /// FTS5 scores every matching line alone, joined to nothing: which transcript a line is in
    /// comes from the transcripts' first lines (their lines are one range of the index's rowids),
    /// looked up for a few hits, else read once, and a session is looked up only when one of its lines can still make the page,
    /// once. The index keeps no text: the lines shown are read from their transcripts once the
    /// page is known, each transcript once.
    private func transcriptHits(_ request: SearchRequest) throws -> [SearchResult] {
        guard let (scored, transcripts) = try scoredTranscriptLines(request) else { return [] }
        var hits: [(score: Double, transcript: Int, position: Int64)] = []
        hits.reserveCapacity(scored.count)
        for hit in scored {
            guard let transcript = transcripts.index(containing: hit.line) else { continue }
            hits.append((hit.score, transcript, hit.line - transcripts.firstLines[transcript]))
        }
        hits.sort { a, b in
            if a.score != b.score { return a.score < b.score }
            let (x, y) = (transcripts.idOrder[a.transcript], transcripts.idOrder[b.transcript])
            return x != y ? x < y : a.position < b.position
        }
        // The session of each transcript on the page (its title and page), in scope; nil for one out of scope or gone.
        var sessions: [Int: (title: String, link: SessionLink?)?] = [:]
        var page: [(score: Double, transcript: Int, position: Int64, title: String, link: SessionLink?)] = []
        for hit in hits {
            if page.count == request.limit { break }
            let session: (title: String, link: SessionLink?)?
            if let known = sessions[hit.transcript] {
                session = known
            } else {
                let query: SQL = """
                    SELECT s.title, \(SessionLink.columns) FROM sessions s
                    WHERE s.id = \(transcripts.sessionIDs[hit.transcript])\(Self.scope(request))
                    """
                session = try readOne(literal: query) { ($0.text("title"), SessionLink.read($0)) }
                sessions[hit.transcript] = session
            }
            if let session { page.append((hit.score, hit.transcript, hit.position, session.title, session.link)) }
        }
        // Only the lines shown are read out of their transcripts, each transcript once.
        var shown: [Int: [Int: Transcript.Line]] = [:]
        for (transcript, lines) in Dictionary(grouping: page, by: \.transcript) {
            let blob = try fetchOne("SELECT lines FROM transcripts WHERE first_line = ?", [transcripts.firstLines[transcript]]) { $0.blob("lines") } ?? nil
            shown[transcript] = try blob.map { try TranscriptArchive.lines(at: Set(lines.map { Int($0.position) }), in: $0) } ?? [:]
        }
        return page.map { hit in
            let line = shown[hit.transcript]?[Int(hit.position)] ?? Transcript.Line(start: 0, text: "", paragraph: 0)
            return SearchResult(source: .transcripts, tier: .transcript, id: Clean.line(transcripts.sessionIDs[hit.transcript]), title: hit.title,
                                at: CleanRow.finite(line.start), snippet: request.query.excerpt(of: Clean.line(line.text), width: 240),
                                score: SearchTier.transcript.score(bm25: CleanRow.finite(hit.score)), link: hit.link)
        }
    }

    /// Every transcript line matching the request, with its BM25 (`bm25()`'s own score), and the
    /// transcripts they are in; nil when none matches.
    ///
    /// FTS5 gives each line's terms (`bm25_terms`), and the lengths come from the transcripts' rows
    /// of lengths, read once per transcript: `bm25()` would look each line's length up alone. Where
    /// a transcript has no lengths recorded, `bm25()` scores every line.
    private func scoredTranscriptLines(_ request: SearchRequest) throws -> (lines: [(line: Int64, score: Double)], transcripts: TranscriptRanges)? {
        let match: SQL = "SELECT rowid, bm25_terms(transcript_search) FROM transcript_search WHERE transcript_search MATCH \(request.query.matchExpression)"
        let terms = try bm25Terms(match.text, match.arguments)
        guard !terms.rows.isEmpty else { return nil }
        let transcripts = try TranscriptRanges(self, lines: terms.rows)
        if let scored = try scoreByRecordedLengths(terms, transcripts) { return (scored, transcripts) }
        let bm25: SQL = """
            SELECT rowid AS line, bm25(transcript_search) AS score FROM transcript_search WHERE transcript_search MATCH \(request.query.matchExpression)
            """
        return (try fetchAll(literal: bm25) { (line: $0.int64("line"), score: $0.double("score")) }, transcripts)
    }

    /// The lines' scores from their terms and the lengths recorded for their transcripts: looked up
    /// one transcript at a time for a few, else all read at once; nil when one is missing.
    private func scoreByRecordedLengths(_ terms: BM25Terms, _ transcripts: TranscriptRanges) throws -> [(line: Int64, score: Double)]? {
        // The lines of each transcript, by its index; a line in no transcript is left out of the
        // hits afterwards, so its score does not matter.
        var linesOf = [[Int]](repeating: [], count: transcripts.firstLines.count)
        var wanted: [Int] = []
        for (index, line) in terms.rows.enumerated() {
            guard let transcript = transcripts.index(containing: line) else { continue }
            if linesOf[transcript].isEmpty { wanted.append(transcript) }
            linesOf[transcript].append(index)
        }
        var scored = terms.rows.map { (line: $0, score: 0.0) }
        var scoredTranscripts = 0
        // `lengths` is the index of the lengths' column, resolved by name once per statement.
        func score(_ transcript: Int, _ row: Statement, lengths column: Int32) -> Bool {
            row.withUnsafeBlob(at: column) { lengths in
                for index in linesOf[transcript] {
                    guard let length = TranscriptLineLengths.length(at: Int(scored[index].line - transcripts.firstLines[transcript]), in: lengths) else {
                        return false
                    }
                    scored[index].score = terms.score(index, length: length)
                }
                scoredTranscripts += 1
                return true
            }
        }
        if wanted.count <= TranscriptRanges.linesLookedUpAlone {
            let lookup = try cachedStatement("SELECT lengths FROM transcript_search_lengths WHERE first_line = ?")
            let lengths = lookup.columnIndex("lengths")
            for transcript in wanted {
                try lookup.bind(transcripts.firstLines[transcript], at: 1)
                defer { lookup.reset() }
                guard try lookup.step(), score(transcript, lookup, lengths: lengths) else { return nil }
            }
        } else {
            let all = try cachedStatement("SELECT lengths, first_line FROM transcript_search_lengths ORDER BY first_line")
            defer { all.reset() }
            let lengths = all.columnIndex("lengths"), firstLine = all.columnIndex("first_line")
            while try all.step() {
                let first = all.int64(at: firstLine)
                guard let transcript = transcripts.index(containing: first), transcripts.firstLines[transcript] == first,
                      !linesOf[transcript].isEmpty else { continue }
                guard score(transcript, all, lengths: lengths) else { return nil }
            }
        }
        return scoredTranscripts == wanted.count ? scored : nil
    }

    /// Code snippets, by their title (weighted 3) and code. The store keeps no index of code, so one is
    /// built for the search, in the connection's temporary database, of the snippets in scope only.
    private func codeHits(_ request: SearchRequest) throws -> [SearchResult] {
        try execute(sql: """
            DROP TABLE IF EXISTS temp.search_code;
            CREATE VIRTUAL TABLE temp.search_code USING fts5(
                title, code, sid UNINDEXED, position UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
            """)
        defer { try? execute(sql: "DROP TABLE IF EXISTS temp.search_code") }
        let fill: SQL = """
            INSERT INTO temp.search_code (title, code, sid, position)
            SELECT c.title, c.code, c.sid, c.position FROM session_code c JOIN sessions s ON s.sid = c.sid
            WHERE 1\(Self.scope(request))
            """
        try makeStatement(fill.text).execute(fill.arguments)
        let hits: SQL = """
            SELECT s.id, s.title, c.title AS snippet_title, c.code, c.start_time,
                   (SELECT count(*) FROM session_code o WHERE o.sid = c.sid AND o.position < c.position) + 1 AS number,
                   bm25(search_code, 3.0, 1.0) AS score
            FROM temp.search_code
            JOIN session_code c ON c.sid = search_code.sid AND c.position = search_code.position
            JOIN sessions s ON s.sid = c.sid
            WHERE search_code MATCH \(request.query.matchExpression)
            ORDER BY 7, s.id, c.position
            LIMIT \(request.limit)
            """
        return try makeStatement(hits.text).fetchAll(hits.arguments) { statement in
            let row = CleanRow(statement)
            let snippetTitle = row.text("snippet_title")
            // The line of code that matched, else the title.
            let code = (row.paragraphs("code") ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let line = code.first { !request.query.matches(in: $0).isEmpty } ?? snippetTitle
            return SearchResult(source: .code, tier: .code, id: row.text("id"), title: row.text("title"), snippetTitle: snippetTitle,
                                snippetNumber: row.int("number"), at: row.optionalDouble("start_time"),
                                snippet: request.query.excerpt(of: line), score: SearchTier.code.score(bm25: row.double("score")))
        }
    }

    /// News items, by their title (weighted 3) and body, through an index built for the search like
    /// the code's.
    private func newsHits(_ request: SearchRequest) throws -> [SearchResult] {
        try execute(sql: """
            DROP TABLE IF EXISTS temp.search_news;
            CREATE VIRTUAL TABLE temp.search_news USING fts5(
                title, body, id UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO temp.search_news (title, body, id) SELECT title, coalesce(body, ''), id FROM news;
            """)
        defer { try? execute(sql: "DROP TABLE IF EXISTS temp.search_news") }
        let hits: SQL = """
            SELECT n.id, n.title, n.body, bm25(search_news, 3.0, 1.0) AS score
            FROM temp.search_news JOIN news n ON n.id = search_news.id
            WHERE search_news MATCH \(request.query.matchExpression)
            ORDER BY 4, n.id
            LIMIT \(request.limit)
            """
        return try makeStatement(hits.text).fetchAll(hits.arguments) { statement in
            let row = CleanRow(statement)
            let title = row.text("title")
            let body = row.paragraphs("body") ?? ""
            let matched = request.query.matches(in: body).isEmpty ? title : body
            return SearchResult(source: .news, tier: .news, id: row.text("id"), title: title,
                                snippet: request.query.excerpt(of: matched), score: SearchTier.news.score(bm25: row.double("score")))
        }
    }
}
