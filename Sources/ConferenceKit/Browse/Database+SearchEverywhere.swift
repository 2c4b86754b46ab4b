import Foundation

extension Database {
    /// One ranked list of what matches `request.query` in the sessions, the transcripts, the code
    /// snippets and the news: every session whose title holds the terms first, then the other
    /// sessions, then transcript lines, code, news (``SearchTier``), by BM25 within each.
    public func searchEverywhere(_ request: SearchRequest) throws -> [SearchResult] {
        try request.query.checkBounds()
        guard request.limit > 0 else { return [] }
        let match = request.query.matchExpression
        var results: [SearchResult] = []
        // The tiers never mix: once the better ones fill the list, the others cannot get in.
        func full() -> Bool { results.count >= request.limit }
        if request.sources.contains(.sessions) {
            results += try sessionHits(match, request)
        }
        if request.sources.contains(.transcripts), !full() {
            results += try transcriptHits(match, request)
        }
        if request.sources.contains(.code), !full() {
            results += try codeHits(match, request)
        }
        if request.searchesNews, !full() {
            results += try newsHits(match, request)
        }
        return Array(results.sorted(by: SearchResult.ranked).prefix(request.limit))
    }

    /// The conditions that keep sessions (as `s`) to the request's events and topics, with their arguments.
    private static func scope(_ request: SearchRequest) -> (sql: String, arguments: [DatabaseValue]) {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let events = request.eventIDs {
            conditions.append("s.event_id IN (\(placeholders(events.count)))")
            arguments += events.map { .text($0) }
        }
        if !request.topicIDs.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM session_topics st WHERE st.sid = s.sid AND st.topic_id IN (\(placeholders(request.topicIDs.count))))")
            arguments += request.topicIDs.map { .integer(Int64($0)) }
        }
        return (conditions.map { "\n  AND " + $0 }.joined(), arguments)
    }

    /// Sessions, ranked as `schedule --search` ranks them (``SearchText/hitsCTE``).
    private func sessionHits(_ match: String, _ request: SearchRequest) throws -> [SearchResult] {
        let scope = Self.scope(request)
        let sql = SearchText.hitsCTE + """
            SELECT s.id, s.title, s.description,
                   (SELECT group_concat(k.keyword, ', ') FROM session_keywords k WHERE k.sid = s.sid),
                   hit.score + hit.in_title * 1000000.0, hit.in_title
            FROM hit JOIN sessions s ON s.sid = hit.sid
            LEFT JOIN events e ON e.id = s.event_id
            WHERE 1\(scope.sql)
            ORDER BY \(SearchText.ranking)
            LIMIT ?
            """
        let arguments = SearchText.hitsArguments(match) + scope.arguments + [.integer(Int64(request.limit))]
        // Title matches are in the catalog's order, not BM25's: their score is their place in it.
        var titlePlace = 0
        return try readAll(sql, arguments) { row in
            let tier: SearchTier = row.bool(5) ? .sessionTitle : .sessionText
            var score = tier.score(bm25: row.double(4))
            if tier == .sessionTitle {
                score = tier.offset - 999 + Double(min(titlePlace, 999))
                titlePlace += 1
            }
            let title = row.text(1)
            // The excerpt shows where the words are: the title, else the description, else the keywords.
            let texts = [title, row.paragraphs(2) ?? "", row.line(3) ?? ""]
            let matched = texts.first { !request.query.matches(in: $0).isEmpty } ?? texts[1]
            return SearchResult(source: .sessions, tier: tier, id: row.text(0), title: title,
                                snippet: request.query.excerpt(of: matched), score: score)
        }
    }

    /// Transcript lines, one hit each, with the second they start at.
    private func transcriptHits(_ match: String, _ request: SearchRequest) throws -> [SearchResult] {
        let scope = Self.scope(request)
        let sql = """
            SELECT s.id, s.title, l.start, l.text, bm25(transcript_search)
            FROM transcript_search
            JOIN transcript_lines l ON l.id = transcript_search.rowid
            JOIN sessions s ON s.id = l.session_id
            WHERE transcript_search MATCH ?\(scope.sql)
            ORDER BY 5, s.id, l.position
            LIMIT ?
            """
        let arguments: [DatabaseValue] = [.text(match)] + scope.arguments + [.integer(Int64(request.limit))]
        return try readAll(sql, arguments) { row in
            SearchResult(source: .transcripts, tier: .transcript, id: row.text(0), title: row.text(1), at: row.double(2),
                         snippet: request.query.excerpt(of: row.text(3), width: 240), score: SearchTier.transcript.score(bm25: row.double(4)))
        }
    }

    /// Code snippets, by their title (weighted 3) and code. The store keeps no index of code, so one is
    /// built for the search, in the connection's temporary database, of the snippets in scope only.
    private func codeHits(_ match: String, _ request: SearchRequest) throws -> [SearchResult] {
        let scope = Self.scope(request)
        try execute(sql: """
            DROP TABLE IF EXISTS temp.search_code;
            CREATE VIRTUAL TABLE temp.search_code USING fts5(
                title, code, sid UNINDEXED, position UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
            """)
        defer { try? execute(sql: "DROP TABLE IF EXISTS temp.search_code") }
        try makeStatement("""
            INSERT INTO temp.search_code (title, code, sid, position)
            SELECT c.title, c.code, c.sid, c.position FROM session_code c JOIN sessions s ON s.sid = c.sid
            WHERE 1\(scope.sql)
            """).execute(scope.arguments)
        let rows = try makeStatement("""
            SELECT s.id, s.title, c.title, c.code, c.start_time,
                   (SELECT count(*) FROM session_code o WHERE o.sid = c.sid AND o.position < c.position) + 1,
                   bm25(search_code, 3.0, 1.0)
            FROM temp.search_code
            JOIN session_code c ON c.sid = search_code.sid AND c.position = search_code.position
            JOIN sessions s ON s.sid = c.sid
            WHERE search_code MATCH ?
            ORDER BY 7, s.id, c.position
            LIMIT ?
            """).fetchAll([DatabaseValue.text(match), DatabaseValue.integer(Int64(request.limit))]) { statement in
            let row = CleanRow(statement)
            let snippetTitle = row.text(2)
            // The line of code that matched, else the title.
            let code = (row.paragraphs(3) ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let line = code.first { !request.query.matches(in: $0).isEmpty } ?? snippetTitle
            return SearchResult(source: .code, tier: .code, id: row.text(0), title: row.text(1), snippetTitle: snippetTitle,
                                snippetNumber: row.int(5), at: row.optionalDouble(4), snippet: request.query.excerpt(of: line),
                                score: SearchTier.code.score(bm25: row.double(6)))
        }
        return rows
    }

    /// News items, by their title (weighted 3) and body, through an index built for the search like
    /// the code's.
    private func newsHits(_ match: String, _ request: SearchRequest) throws -> [SearchResult] {
        try execute(sql: """
            DROP TABLE IF EXISTS temp.search_news;
            CREATE VIRTUAL TABLE temp.search_news USING fts5(
                title, body, id UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO temp.search_news (title, body, id) SELECT title, coalesce(body, ''), id FROM news;
            """)
        defer { try? execute(sql: "DROP TABLE IF EXISTS temp.search_news") }
        let rows = try makeStatement("""
            SELECT n.id, n.title, n.body, bm25(search_news, 3.0, 1.0)
            FROM temp.search_news JOIN news n ON n.id = search_news.id
            WHERE search_news MATCH ?
            ORDER BY 4, n.id
            LIMIT ?
            """).fetchAll([DatabaseValue.text(match), DatabaseValue.integer(Int64(request.limit))]) { statement in
            let row = CleanRow(statement)
            let title = row.text(1)
            let body = row.paragraphs(2) ?? ""
            let matched = request.query.matches(in: body).isEmpty ? title : body
            return SearchResult(source: .news, tier: .news, id: row.text(0), title: title,
                                snippet: request.query.excerpt(of: matched), score: SearchTier.news.score(bm25: row.double(3)))
        }
        return rows
    }
}
