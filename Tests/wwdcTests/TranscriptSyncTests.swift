import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// A conference with a transcript per video, written by the reference server's corpus script into a
/// sandbox folder, and the server serving it.
struct TranscriptCorpus {
    let folder: URL
    /// What the script said it wrote (`phraseSession`, `rareWord`, ...).
    let facts: [String: Any]
    let server: ReferenceServer

    static func start(sessions: Int, in sandbox: Sandbox, arguments: [String] = []) async throws -> TranscriptCorpus {
        let folder = sandbox.directory.path("corpus")
        let script = ProjectPaths.root.appendingPathComponent("Tests/Server/transcript_corpus.py")
        let made = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--out", folder.path, "--sessions", "\(sessions)",
                                                                     "--transcript-bytes", "3000", "--seed", "7"])
        guard made.status == 0, let facts = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any] else {
            throw BrowseSandbox.Failure(message: "the corpus script failed: \(made.stderr)")
        }
        let server = try await ReferenceServer.start(root: folder, arguments: arguments)
        return TranscriptCorpus(folder: folder, facts: facts, server: server)
    }

    var ids: [String] { (1...(facts["sessions"] as? Int ?? 0)).map { String(format: "%@-%05d", event, 10000 + $0) } }
    var event: String { facts["event"] as? String ?? "" }

    func path(of id: String) -> String { "/transcripts/\(id)-transcript-eng.json" }
    var manifestPath: String { "/" + (facts["manifest"] as? String ?? "") }
    var digestPath: String { "/" + (facts["digest"] as? String ?? "") }

    /// Rewrites one transcript's first line on the server's disk.
    func change(_ id: String, to text: String) throws {
        let file = folder.appendingPathComponent(String(path(of: id).dropFirst()))
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var item = try #require(object[id] as? [String: Any])
        var lines = try #require(item["transcript"] as? [[Any]])
        lines[0] = [lines[0][0], text + " "]
        item["transcript"] = lines
        object[id] = item
        try JSONSerialization.data(withJSONObject: object).write(to: file)
    }

    /// The transcript requests the server saw (the manifest and the digest included), by path.
    func transcriptRequests() async throws -> [[String: Any]] {
        try await server.log().filter { ($0["path"] as? String)?.hasPrefix("/transcripts/") == true }
    }
}

@Suite("wwdc sync: transcripts", .offThePool)
struct TranscriptSyncTests {
    func sync(_ sandbox: Sandbox, _ corpus: TranscriptCorpus, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> [String: Any] {
        let result = try await sandbox.run(["sync", "--source", corpus.server.baseURL.absoluteString, "--json"] + extra, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    func storedTranscripts(_ sandbox: Sandbox) throws -> [String: String] {
        try ConferenceStore(path: sandbox.database.path).read { db in
            Dictionary(uniqueKeysWithValues: try db.fetchAll("SELECT session_id, etag FROM transcripts") { ($0.string(at: 0) ?? "", $0.string(at: 1) ?? "") })
        }
    }

    @Test("a second sync asks for the manifest with its ETag and fetches no transcript; one changed on the server: exactly that one")
    func onlyWhatChanged() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let corpus = try await TranscriptCorpus.start(sessions: 20, in: sandbox)
        defer { corpus.server.stop() }
        _ = try await sync(sandbox, corpus)
        #expect(try storedTranscripts(sandbox).count == 20)

        try await corpus.server.clearLog()
        _ = try await sync(sandbox, corpus)
        var requests = try await corpus.transcriptRequests()
        #expect(requests.count == 1, "\(requests)")
        #expect(requests.first?["path"] as? String == corpus.manifestPath)
        #expect(requests.first?["ifNoneMatch"] as? Bool == true)
        #expect(requests.first?["status"] as? Int == 304)

        let changed = corpus.ids[4]
        try corpus.change(changed, to: "A sentence written by the test.")
        try await corpus.server.clearLog()
        let summary = try await sync(sandbox, corpus)
        requests = try await corpus.transcriptRequests()
        #expect(requests.map { $0["path"] as? String ?? "" } == [corpus.manifestPath, corpus.path(of: changed)], "\(requests)")
        #expect(requests.first?["status"] as? Int == 200)
        #expect((summary["changes"] as? [String: Any])?["transcripts"] != nil, "\(summary)")
        let text = try ConferenceStore(path: sandbox.database.path).read { db in
            try db.transcript(sessionID: changed)?.paragraphs.first?.text
        }
        #expect(text?.hasPrefix("A sentence written by the test.") == true, "\(text ?? "nil")")
    }

    @Test("content ids that are not ids, as the manifest's keys and in a transcript file: skipped and reported like the feeds' unusable ids, never stored")
    func unusableContentIDs() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let corpus = try await TranscriptCorpus.start(sessions: 3, in: sandbox)
        defer { corpus.server.stop() }
        let hostile = ["wwdc2026-$(touch \(sandbox.directory.path("pwned").path))", "-rf"]
        let manifest = corpus.folder.appendingPathComponent(String(corpus.manifestPath.dropFirst()))
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        var individual = try #require(document["individual"] as? [String: Any])
        let entry = try #require(individual[corpus.ids[0]] as? [String: Any])
        for id in hostile { individual[id] = entry }
        document["individual"] = individual
        try JSONSerialization.data(withJSONObject: document).write(to: manifest)
        func unusable(_ summary: [String: Any]) -> [[String: Any]] {
            (summary["skipped"] as? [[String: Any]] ?? []).filter { ($0["reason"] as? String)?.hasPrefix("expected an id as its key, found ") == true }
        }
        let first = try await sync(sandbox, corpus)
        let keys = unusable(first)
        #expect(keys.compactMap { $0["item"] as? String }.filter { $0.hasPrefix("individual[") }.count == 2, "\(first["skipped"] ?? [])")
        #expect(keys.contains { ($0["reason"] as? String)?.hasSuffix("found text starting with '-', which a command line would take for an option") == true },
                "\(first["skipped"] ?? [])")
        #expect(try storedTranscripts(sandbox).keys.sorted() == corpus.ids.sorted())

        // A transcript's own file, fetched alone once it changed, also holds one under a hostile key.
        try corpus.change(corpus.ids[1], to: "Changed by the test.")
        let file = corpus.folder.appendingPathComponent(String(corpus.path(of: corpus.ids[1]).dropFirst()))
        var transcripts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        transcripts[hostile[0]] = transcripts[corpus.ids[1]]
        try JSONSerialization.data(withJSONObject: transcripts).write(to: file)
        let second = try await sync(sandbox, corpus)
        #expect(unusable(second).compactMap { $0["item"] as? String }.filter { $0.hasPrefix("[") }.count == 1, "the file's: \(second["skipped"] ?? [])")
        #expect(try storedTranscripts(sandbox).keys.sorted() == corpus.ids.sorted())
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path("pwned").path))
    }

    @Test("500 on 3 of 100: 97 land and the 3 are reported, the next sync fetches only those; 429 with Retry-After and a stall are retried")
    func partialFailure() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let corpus = try await TranscriptCorpus.start(sessions: 100, in: sandbox)
        defer { corpus.server.stop() }
        let failing = [corpus.ids[10], corpus.ids[50], corpus.ids[90]]
        let busy = corpus.ids[20], stalled = corpus.ids[30]
        // The digest fails too, so that the first sync asks for each transcript on its own.
        for path in [corpus.digestPath] + failing.map(corpus.path(of:)) {
            _ = try await corpus.server.request("POST", "/_control/faults", json: ["path": path, "kind": "status", "value": 500])
        }
        _ = try await corpus.server.request("POST", "/_control/faults", json: ["path": corpus.path(of: busy), "kind": "status", "value": 429,
                                                                               "retryAfter": 1, "times": 1])
        _ = try await corpus.server.request("POST", "/_control/faults", json: ["path": corpus.path(of: stalled), "kind": "delay", "value": 60, "times": 1])

        let first = try await sync(sandbox, corpus, environment: ["WWDC_TIMEOUT": "2"])
        #expect(first["transcriptsFailed"] as? [String] == failing)
        let step = (first["steps"] as? [[String: Any]])?.first { $0["step"] as? String == "transcripts" }
        #expect(step?["status"] as? String == "ok")
        #expect((step?["detail"] as? String)?.contains("97 of 100 fetched, 3 failed, will retry") == true, "\(step ?? [:])")
        var stored = try storedTranscripts(sandbox)
        #expect(stored.count == 97)
        #expect(failing.allSatisfy { stored[$0] == nil })
        #expect(stored[busy] != nil && stored[stalled] != nil)

        let requests = try await corpus.transcriptRequests()
        let busyRequests = requests.filter { $0["path"] as? String == corpus.path(of: busy) }
        #expect(busyRequests.map { $0["status"] as? Int } == [429, 200])
        if busyRequests.count == 2, let asked = busyRequests[0]["time"] as? Double, let retried = busyRequests[1]["time"] as? Double {
            #expect(retried - asked >= 1.0, "retried \(retried - asked) s after a Retry-After of 1 s")
        } else {
            Issue.record("no times in the server's log: \(busyRequests)")
        }
        // The first request is still in its 60 s stall (the server logs a request when it answers): the
        // one answered, which brought the stored transcript, is the retry.
        #expect(requests.filter { $0["path"] as? String == corpus.path(of: stalled) }.map { $0["status"] as? Int } == [200])
        for path in failing.map(corpus.path(of:)) {
            #expect(requests.filter { $0["path"] as? String == path }.count == 3, "\(path): not three attempts")
        }

        try await corpus.server.clearFaults()
        try await corpus.server.clearLog()
        let second = try await sync(sandbox, corpus)
        #expect((second["transcriptsFailed"] as? [String])?.isEmpty == true)
        // The first sync's stalled request is logged when the server gives up on it, which may be
        // after the log was cleared: what the client abandoned is not this sync's.
        let again = try await corpus.transcriptRequests().filter { $0["error"] as? String != "client went away" }
        #expect(again.first?["path"] as? String == corpus.manifestPath && again.first?["status"] as? Int == 304)
        #expect(Set(again.dropFirst().map { $0["path"] as? String ?? "" }) == Set(failing.map(corpus.path(of:))) && again.count == 4, "\(again)")
        stored = try storedTranscripts(sandbox)
        #expect(stored.count == 100)
    }
}

@Suite("transcripts: the sample conference and Apple's real ones, synced and searched", .offThePool)
struct TranscriptSearchTests {
    @Test("the sample's transcripts land; a phrase found in one transcript only, at its time; transcript --at starts at that paragraph")
    func sample() async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let counts = try browse.sandbox.counts()
        #expect(counts["transcripts"] == 178, "\(counts)")
        let hits = try await browse.json(["search", "\"the lighthouse protocol\""])
        #expect(hits.count == 1, "\(hits)")
        #expect(hits.first?["kind"] as? String == "transcript")
        #expect(hits.first?["id"] as? String == "wwdc2026-303")
        #expect(hits.first?["at"] as? Double == 1742)
        let plain = try await browse.run(["search", "lighthouse protocol"])
        #expect(plain.stdout.contains("wwdc watch wwdc2026-303 --at 29:02"), "\(plain.stdout)")
        let transcript = try await browse.run(["transcript", "wwdc2026-303", "--at", "29:02"])
        #expect(transcript.status == 0, "\(transcript.stderr)")
        let paragraphs = transcript.stdout.split(separator: "\n").filter { $0.first == " " || $0.first?.isNumber == true }
        #expect(paragraphs.first?.contains("Think of it as the lighthouse protocol") == true, "\(transcript.stdout)")
        #expect(paragraphs.first?.trimmingCharacters(in: .whitespaces).hasPrefix("29:02") == true, "\(transcript.stdout)")
        // Japanese: the six the sample has in Japanese, English for the others.
        let jpn = try await browse.sandbox.run(["sync", "--language", "jpn"])
        #expect(jpn.status == 0, "\(jpn.stderr)")
        let languages = try ConferenceStore(path: browse.sandbox.database.path).read { db in
            try db.fetchAll("SELECT language, count(*) FROM transcripts GROUP BY 1 ORDER BY 1") { "\($0.string(at: 0) ?? "")=\($0.int(at: 1))" }
        }
        #expect(languages == ["eng=172", "jpn=6"])
    }

    @Test("Apple's real transcripts, served as the real config names them: they decode, and a sentence of each is found (skipped when ../shared is absent)",
          .enabled(if: AppleFeeds.has("2020b") && ProjectPaths.appleTranscripts != nil, "../shared/apple-feeds is absent"))
    func real() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // The 2020b feeds and the transcript samples side by side, in the test's temporary folder.
        let folder = sandbox.directory.path("real")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let transcripts = try #require(ProjectPaths.appleTranscripts)
        for source in [try #require(AppleFeeds.folder("2020b")), transcripts] {
            for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasSuffix(".json") {
                try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
        }
        let server = try await ReferenceServer.start(root: folder, arguments: ["--rebase-config"])
        defer { server.stop() }
        let sync = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        for id in ["wwdc2019-103", "wwdc2019-104"] {
            // A sentence picked without the reader: three words of one segment halfway through.
            let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: transcripts.appendingPathComponent("\(id)-transcript-eng.json")))
            let segments = try #require(((raw as? [String: Any])?[id] as? [String: Any])?["transcript"] as? [[Any]])
            let picked = segments[(segments.count / 2)...].compactMap { segment -> (Double, String)? in
                let words = (segment.last as? String ?? "").split(separator: " ").filter { $0.allSatisfy(\.isLetter) }
                guard words.count >= 3, let seconds = (segment.first as? NSNumber)?.doubleValue else { return nil }
                return (seconds, words.prefix(3).joined(separator: " "))
            }.first
            let (seconds, phrase) = try #require(picked)
            let result = try await sandbox.run(["search", "\"\(phrase)\"", "--in", "transcripts", "--json", "--limit", "200"])
            let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
            #expect(hits.contains { $0["id"] as? String == id && ($0["at"] as? Double ?? .infinity) <= seconds }, "\(id): \(phrase) at \(seconds): \(hits.prefix(3))")
        }
    }
}

@Suite("wwdc sync: transcripts on a terminal", .offThePool)
struct TranscriptInterruptTests {
    @Test("Ctrl-C during the transcripts step: exit 130, the store as it was, the terminal sane")
    func ctrlC() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let corpus = try await TranscriptCorpus.start(sessions: 12, in: sandbox)
        defer { corpus.server.stop() }
        let source = corpus.server.baseURL.absoluteString
        #expect(try await sandbox.run(["sync", "--source", source]).status == 0)
        for id in corpus.ids.prefix(4) { try corpus.change(id, to: "Changed, so fetched again.") }
        let before = try sandbox.dump()
        let server = corpus.server
        let hold = try await server.hold(corpus.path(of: corpus.ids[2]))
        var environment = sandbox.environment()
        environment["NO_COLOR"] = nil
        async let outcome = TerminalSession.run(["sync", "--source", source], environment: environment, script: [
            .expect("Transcripts"), .wait { try await server.waitForHeld(hold) }, .type("\u{3}"), .expect("nterrupted"),
        ])
        let finished = try await outcome
        #expect(finished.problem == nil, "\(finished.problem ?? "")")
        #expect(finished.exit == .exited(130))
        #expect(finished.sttyAfter == finished.sttyBefore)
        #expect(try sandbox.dump() == before)
        try await corpus.server.release(hold)
    }
}

