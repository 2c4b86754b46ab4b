import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc mcp` as an assistant runs it: protocol messages on its stdin, one a line, answers on its
/// stdout, and nothing else there.
@Suite("mcp: the server", .offThePool)
struct MCPCommandTests {
    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// A tools/call request line.
    static func call(_ id: Int, _ tool: String, _ arguments: [String: Any] = [:]) -> String {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: message), as: UTF8.self)
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) -> String {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return String(decoding: try! JSONSerialization.data(withJSONObject: message), as: UTF8.self)
    }

    /// Runs `wwdc mcp` on `lines` (each ended by a newline, then `tail` as it is) and returns its
    /// answers by id (`null` ids in order under "null#N"); every line of stdout must be JSON.
    static func serve(_ store: BrowseSandbox, _ lines: [String], tail: String = "", arguments: [String] = [],
                      environment: [String: String] = [:]) async throws -> (answers: [String: [String: Any]], result: CommandResult) {
        let result = try await store.sandbox.run(["mcp"] + arguments, environment: ["WWDC_NOW": BrowseSandbox.now, "TZ": "UTC"].merging(environment) { $1 },
                                                 stdin: lines.map { $0 + "\n" }.joined() + tail)
        var answers: [String: [String: Any]] = [:]
        var nulls = 0
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["jsonrpc"] as? String == "2.0", "not a message: \(line.prefix(200))")
            switch object?["id"] {
            case let id as Int: answers["\(id)"] = object
            case let id as String: answers[id] = object
            default:
                answers["null#\(nulls)"] = object
                nulls += 1
            }
        }
        #expect(result.stdout.isEmpty || result.stdout.hasSuffix("\n"))
        return (answers, result)
    }

    static func code(_ answer: [String: Any]?) -> Int? { (answer?["error"] as? [String: Any])?["code"] as? Int }
    static func result(_ answer: [String: Any]?) -> [String: Any]? { answer?["result"] as? [String: Any] }
    static func structured(_ answer: [String: Any]?) -> [String: Any]? { result(answer)?["structuredContent"] as? [String: Any] }
    static func text(_ answer: [String: Any]?) -> String {
        ((result(answer)?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    @Test("raw lines: each answered as JSON-RPC says, the server staying up")
    func rawLines() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let huge = Self.call(90, "search", ["query": String(repeating: "x", count: 10 << 20)])
        let (answers, result) = try await Self.serve(store, [
            Self.request(1, "tools/list"),                                   // before initialize
            Self.request(2, "ping"),
            Self.initialize, Self.initialized,
            "{not json",
            #"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#,
            Self.request(4, "server/discover"),
            Self.request(5, "no/such/method"),
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":"search"}"#,
            Self.call(7, "nope"),
            Self.call(8, "search", ["query": 42]),
            #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}"#,
            huge,
            Self.call(9, "search", ["query": "swiftui", "limit": 3]),
        ], tail: #"{"jsonrpc":"2.0","id":10,"method":"pi"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.code(answers["1"]) == -32600)
        #expect(Self.result(answers["2"]) != nil)
        #expect(Self.result(answers["0"])?["protocolVersion"] as? String == "2025-11-25")
        #expect(Self.code(answers["4"]) == -32601)
        #expect(Self.code(answers["5"]) == -32601)
        #expect(Self.code(answers["6"]) == -32602)
        #expect(Self.code(answers["7"]) == -32602)
        #expect(Self.result(answers["8"])?["isError"] as? Bool == true)
        #expect(Self.text(answers["8"]).contains("'query' must be a string"))
        #expect(answers["90"] == nil, "the 10 MB line was read")
        let hits = Self.structured(answers["9"])?["hits"] as? [[String: Any]] ?? []
        #expect(!hits.isEmpty)
        #expect(answers["10"] == nil)
        // Without ids: the parse error, the batch, the 10 MB line and the cut last line, in that order.
        let anonymous = (0..<4).map { Self.code(answers["null#\($0)"]) }
        #expect(anonymous == [-32700, -32600, -32600, -32700], "\(answers.keys.sorted())")
        #expect(answers.count == 13, "\(answers.keys.sorted())")
        #expect(result.stderr.contains("bytes"), "the refused line is logged on stderr: \(result.stderr)")
    }

    @Test("every tool answers with valid input; search hits carry the command that plays them")
    func everyTool() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (answers, result) = try await Self.serve(store, [
            Self.initialize, Self.initialized,
            Self.call(1, "search", ["query": "swiftui", "in": ["sessions", "transcripts"], "limit": 5]),
            Self.call(2, "get_session", ["id": "wwdc2026-101"]),
            Self.call(3, "get_transcript", ["id": "wwdc2026-102", "around": 30]),
            Self.call(4, "get_code", ["id": "wwdc2025-204"]),
            Self.call(5, "list_videos", ["event": "all", "limit": 2]),
            Self.call(6, "list_topics"),
            Self.call(7, "schedule", ["day": "wed", "limit": 3]),
            Self.call(8, "list_favorites"),
            Self.call(9, "get_session", ["id": "no-such-session"]),
            Self.request(10, "resources/list"),
            Self.request(11, "resources/templates/list"),
            Self.request(12, "resources/read", ["uri": "wwdc://session/wwdc2026-101"]),
            Self.request(13, "resources/read", ["uri": "wwdc://transcript/wwdc2026-102"]),
            Self.request(14, "resources/read", ["uri": "wwdc://session/nope"]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for id in 1...8 {
            #expect(Self.result(answers["\(id)"])?["isError"] as? Bool == false, "\(id): \(Self.text(answers["\(id)"]))")
        }
        let hits = Self.structured(answers["1"])?["hits"] as? [[String: Any]] ?? []
        #expect(hits.contains { ($0["command"] as? String)?.hasPrefix("wwdc session ") == true })
        #expect(Self.structured(answers["2"])?["title"] as? String != nil)
        let paragraphs = Self.structured(answers["3"])?["paragraphs"] as? [[String: Any]] ?? []
        #expect(!paragraphs.isEmpty)
        #expect(Self.structured(answers["5"])?["nextCursor"] as? String != nil)
        #expect((Self.structured(answers["7"])?["sessions"] as? [Any])?.count == 3)
        #expect(Self.result(answers["9"])?["isError"] as? Bool == true)
        #expect(Self.text(answers["9"]).contains("no-such-session"))
        let resources = Self.result(answers["10"])?["resources"] as? [[String: Any]] ?? []
        #expect(resources.contains { $0["uri"] as? String == "wwdc://session/wwdc2026-101" })
        #expect((Self.result(answers["11"])?["resourceTemplates"] as? [Any])?.count == 2)
        let markdown = ((Self.result(answers["12"])?["contents"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(markdown.hasPrefix("# "))
        let transcript = ((Self.result(answers["13"])?["contents"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(transcript.contains("0:"))
        #expect(Self.code(answers["14"]) == -32002)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("get_session has every field of 'session --json', at every level", arguments: ["wwdc2026-101", "wwdc2026-102", "wwdc2026-990"])
    func sessionAsTheCommandHasIt(id: String) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let command = try await store.run(["session", id, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any], "\(command.stderr)")
        let (answers, _) = try await Self.serve(store, [Self.initialize, Self.call(1, "get_session", ["id": id])])
        let session = try #require(Self.structured(answers["1"]), "\(Self.text(answers["1"]))")
        // Where the command's members are objects (the video, a live stream, a signup), the tool's have their members too.
        func missing(_ expected: [String: Any], in actual: [String: Any], at path: String) -> [String] {
            expected.keys.sorted().flatMap { key -> [String] in
                guard let value = actual[key] else { return [path + key] }
                guard let inner = expected[key] as? [String: Any], let other = value as? [String: Any] else { return [] }
                return missing(inner, in: other, at: path + key + ".")
            }
        }
        #expect(missing(document, in: session, at: "") == [])
    }

    @Test("hostile feed text reaches no result unsanitised")
    func hostileText() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.setTranscript("wwdc2026-990", [(0, 1, "Red \u{1B}]0;pwned\u{07}alert \u{1B}[31mnow\u{202E} reversed"),
                                                 (1, 20, "Second \u{9B}2J paragraph")])
        let (answers, result) = try await Self.serve(store, [
            Self.initialize, Self.initialized,
            Self.call(1, "search", ["query": "terminal tricks"]),
            Self.call(2, "search", ["query": "alert", "in": ["transcripts"]]),
            Self.call(3, "get_session", ["id": "wwdc2026-990"]),
            Self.call(4, "get_session", ["id": "wwdc2026-992"]),
            Self.call(5, "get_transcript", ["id": "wwdc2026-990"]),
            Self.call(6, "list_videos", ["event": "all", "limit": 200]),
            Self.call(7, "schedule", ["limit": 200]),
            Self.call(8, "get_session", ["id": "x\u{1B}[31m\u{202E}y"]),
            Self.request(9, "resources/read", ["uri": "wwdc://session/wwdc2026-990"]),
            Self.request(10, "resources/read", ["uri": "wwdc://transcript/wwdc2026-990"]),
            Self.request(11, "resources/list"),
            Self.request(12, "resources/read", ["uri": "wwdc://session/\u{1B}[2J"]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(answers.count == 13)
        // Decoded, so that an escape written as \u001b in the JSON counts too.
        for (id, answer) in answers {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
            let decoded = Self.strings(in: answer).joined(separator: "\n")
            #expect(HostileTextTests.dangerous(decoded).isEmpty, "answer \(id): \(HostileTextTests.dangerous(decoded))")
            #expect(!text.contains("pwned\\u0007"), "answer \(id)")
        }
        #expect(Self.text(answers["3"]).contains("Terminal Tricks Red Alert for Command-Line Tools"))
        #expect(Self.text(answers["5"]).contains("reversed"))
        #expect(HostileTextTests.dangerous(result.stderr).isEmpty)
    }

    /// Every string in a decoded JSON value, keys too.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap { strings(in: $0) }
        case let object as [String: Any]: object.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }

    @Test("without --allow-writes: no write tool; a call of one says that writes need --allow-writes, and the store is left as it was")
    func writesRefused() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let before = try store.sandbox.dump()
        let (answers, result) = try await Self.serve(store, [
            Self.initialize, Self.initialized,
            Self.request(1, "tools/list"),
            Self.call(2, "add_favorite", ["id": "wwdc2026-101"]),
            Self.call(3, "remove_favorite", ["id": "wwdc2026-101"]),
            Self.call(4, "add_bookmark", ["id": "wwdc2026-101", "at": 30]),
            Self.call(5, "set_note", ["id": "wwdc2026-101", "text": "x"]),
            Self.call(6, "mark_watched", ["id": "wwdc2026-101"]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = (Self.result(answers["1"])?["tools"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["search", "get_session", "get_transcript", "get_code", "list_videos", "list_topics", "schedule", "list_favorites",
                          "continue_watching", "list_bookmarks"])
        for (id, tool) in zip(2...6, ["add_favorite", "remove_favorite", "add_bookmark", "set_note", "mark_watched"]) {
            #expect(Self.result(answers["\(id)"])?["isError"] as? Bool == true, "\(tool): \(answers["\(id)"] ?? [:])")
            let text = Self.text(answers["\(id)"])
            #expect(text.hasPrefix("\(tool) changes the user's data, and this server is read-only: writes need it started with --allow-writes"),
                    "\(tool): \(text)")
        }
        #expect(try store.sandbox.dump() == before)
    }

    @Test("with --allow-writes: a favorite added is in 'wwdc favorite list' and the outbox; logged out, the result says to log in")
    func favoriteThroughTheOutbox() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let store = BrowseSandbox(sandbox: sandbox)
        let (answers, result) = try await Self.serve(store, [
            Self.initialize, Self.initialized,
            Self.call(1, "add_favorite", ["id": "wwdc2026-101"]),
            Self.call(2, "list_favorites"),
        ], arguments: ["--allow-writes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.result(answers["1"])?["isError"] as? Bool == false, "\(Self.text(answers["1"]))")
        #expect(Self.structured(answers["1"])?["uploaded"] as? Bool == false)
        #expect(Self.text(answers["1"]).contains("wwdc login"))
        let list = try await sandbox.run(["favorite", "list"])
        #expect(list.stdout.contains("wwdc2026-101"), "\(list.stdout)")
        let outbox = try ConferenceStore(path: sandbox.database.path).read { try $0.outbox() }
        #expect(outbox.map(\.sessionID) == ["wwdc2026-101"])
        #expect(try await server.favorites().isEmpty)

        // Logged in, the same call uploads it, as 'wwdc favorite add' does.
        #expect(try await sandbox.login().status == 0)
        let (again, _) = try await Self.serve(store, [Self.initialize, Self.call(1, "add_favorite", ["id": "wwdc2026-102"])],
                                              arguments: ["--allow-writes"])
        #expect(Self.structured(again["1"])?["uploaded"] as? Bool == true, "\(Self.text(again["1"]))")
        #expect(try await server.favorites().contains("wwdc2026-102"))
    }

    @Test("with --allow-writes: bookmarks, a note and watched marks, seen by the commands and by the reading tools")
    func personalData() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (answers, result) = try await Self.serve(store, [
            Self.initialize, Self.initialized,
            Self.call(1, "add_bookmark", ["id": "wwdc2026-102", "at": 75, "note": "the part about layout"]),
            Self.call(2, "set_note", ["id": "wwdc2026-102", "text": "Try the new API\nin the sample"]),
            Self.call(3, "mark_watched", ["id": "wwdc2026-101"]),
            Self.call(4, "add_bookmark", ["id": "wwdc2026-101"]),
        ], arguments: ["--allow-writes"])
        #expect(result.status == 0, "\(result.stderr)")
        for id in 1...3 { #expect(Self.result(answers["\(id)"])?["isError"] as? Bool == false, "\(id): \(Self.text(answers["\(id)"]))") }
        #expect(Self.structured(answers["1"])?["command"] as? String == "wwdc watch wwdc2026-102 --at 1:15")
        // No time and no saved position: the tool says so, in wwdc's words.
        #expect(Self.result(answers["4"])?["isError"] as? Bool == true)
        #expect(Self.text(answers["4"]).contains("position"), "\(Self.text(answers["4"]))")

        let bookmarks = try await store.run(["bookmark", "list"])
        #expect(bookmarks.stdout.contains("the part about layout"), "\(bookmarks.stdout)")
        let watched = try await store.ids(["videos", "--event", "all", "--watched"])
        #expect(watched == ["wwdc2026-101"])

        let (reads, _) = try await Self.serve(store, [
            Self.initialize,
            Self.call(1, "get_session", ["id": "wwdc2026-102"]),
            Self.call(2, "list_bookmarks"),
            Self.call(3, "list_videos", ["event": "all", "watch": "watched"]),
            Self.call(4, "continue_watching"),
            Self.call(5, "search", ["query": "layout", "in": ["notes"]]),
        ])
        let session = Self.structured(reads["1"])
        #expect((session?["note"] as? [String: Any])?["text"] as? String == "Try the new API\nin the sample")
        #expect((session?["bookmarks"] as? [[String: Any]])?.first?["time"] as? Double == 75)
        let listed = Self.structured(reads["2"])?["bookmarks"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["id"] as? String } == ["wwdc2026-102"])
        let videos = Self.structured(reads["3"])?["videos"] as? [[String: Any]] ?? []
        #expect(videos.map { $0["id"] as? String } == ["wwdc2026-101"])
        #expect(videos.first?["watched"] as? Bool == true)
        #expect(Self.result(reads["4"])?["isError"] as? Bool == false)
        let hits = Self.structured(reads["5"])?["hits"] as? [[String: Any]] ?? []
        #expect(hits.first?["kind"] as? String == "bookmark", "\(hits)")
        #expect(hits.first?["command"] as? String == "wwdc watch wwdc2026-102 --at 1:15")
    }
}
