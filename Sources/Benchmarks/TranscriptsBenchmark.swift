import ConferenceModel
import Foundation
import TestSupport

/// The transcripts section: a generated corpus of 2,000 transcripts of about 40 KB of text, served
/// by the reference server. The sync against `curl --parallel --parallel-max 8` fetching the same
/// URLs in the same run; a re-sync with nothing changed; the first sync through the digest against
/// the `sqlite3` shell loading the digest's text into FTS5 (`baseline-transcripts.sql`); `wwdc
/// search` against `rg -i` over the same transcripts as text files; the store's size against the
/// raw text. Each figure is printed with its goal and whether this run met it.
enum TranscriptsBenchmark {
    static func run(sessions: Int = 2_000, rounds: Int = 3) async throws {
        guard let wwdc = BrowseBenchmark.wwdcBinary else {
            print("transcripts: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let folder = try TemporaryDirectory("wwdc-transcripts-bench")
        defer { folder.remove() }
        let corpus = folder.path("corpus"), text = folder.path("text")
        let script = ProjectPaths.root.appendingPathComponent("Tests/Server/transcript_corpus.py")
        let made = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--out", corpus.path,
                                                                              "--sessions", "\(sessions)", "--text-dir", text.path])
        guard made.status == 0, let facts = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any] else {
            print("transcripts: the corpus script failed: \(made.stderr)")
            return
        }
        let manifestPath = corpus.appendingPathComponent(facts["manifest"] as? String ?? "")
        let manifestData = try Data(contentsOf: manifestPath)
        // First without the digest, so that wwdc fetches the very URLs curl does.
        var manifest = try JSONSerialization.jsonObject(with: manifestData) as? [String: Any] ?? [:]
        manifest["digest"] = nil
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestPath)

        let server = try await ReferenceServer.start(root: corpus)
        defer { server.stop() }
        let base = server.baseURL.appendingPathComponent(facts["manifest"] as? String ?? "").deletingLastPathComponent()
        let urls = ((manifest["individual"] as? [String: Any]) ?? [:]).values.compactMap { ($0 as? [String: Any])?["url"] as? String }
            .map { base.appendingPathComponent($0).absoluteString }
        let curlConfig = folder.path("curl.config")
        try urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"" }.joined(separator: "\n").write(to: curlConfig, atomically: true, encoding: .utf8)

        var environment = ["HOME": folder.url.path, "NO_COLOR": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        var curlTimes: [Double] = [], syncTimes: [Double] = []
        for round in 0..<rounds {
            let curl = BrowseBenchmark.spawn("/usr/bin/env", ["curl", "--silent", "--fail", "--parallel", "--parallel-max", "8", "--config", curlConfig.path],
                                             environment: environment)
            guard curl.status == 0 else { return print("transcripts: curl failed (exit \(curl.status))") }
            curlTimes.append(curl.seconds)
            environment["WWDC_DB"] = folder.path("round\(round).sqlite").path
            let sync = BrowseBenchmark.spawn(wwdc, ["sync", "--source", server.baseURL.absoluteString], environment: environment)
            guard sync.status == 0 else { return print("transcripts: wwdc sync failed (exit \(sync.status))") }
            syncTimes.append(sync.seconds)
        }
        let curlTime = median(curlTimes), syncTime = median(syncTimes)
        print(String(format: "transcripts: sync of %d transcripts, one by one: %.2f s vs curl --parallel-max 8 %.2f s = %.2fx (%@)",
                     urls.count, syncTime, curlTime, syncTime / curlTime, Goal.ratio(atMost: 1.1).verdict(syncTime / curlTime)))
        let resync = median((0..<rounds).map { _ in
            BrowseBenchmark.spawn(wwdc, ["sync", "--source", server.baseURL.absoluteString], environment: environment).seconds
        })
        print(String(format: "transcripts: re-sync with nothing changed: %.3f s (%@)", resync, Goal.seconds(below: 1).verdict(resync)))

        // The first sync as users have it: through the digest, into a fresh store, against the
        // sqlite3 shell loading the same file into FTS5; alternated, as the rounds above. This
        // digest is larger than the 64 MB a file may hold by default: the limit is raised for it.
        try manifestData.write(to: manifestPath)
        var digestEnvironment = environment
        digestEnvironment["WWDC_MAX_FEED_MB"] = "256"
        let digestFile = corpus.appendingPathComponent(facts["digest"] as? String ?? "").path
        let baseline = ProjectPaths.root.appendingPathComponent("Sources/Benchmarks/baseline-transcripts.sql").path
        var digestTimes: [Double] = [], shellTimes: [Double] = []
        for round in 0..<rounds {
            digestEnvironment["WWDC_DB"] = folder.path("digest\(round).sqlite").path
            let viaDigest = BrowseBenchmark.spawn(wwdc, ["sync", "--source", server.baseURL.absoluteString], environment: digestEnvironment)
            guard viaDigest.status == 0 else { return print("transcripts: wwdc sync through the digest failed (exit \(viaDigest.status))") }
            digestTimes.append(viaDigest.seconds)
            let shell = BrowseBenchmark.spawn("/bin/sh", ["-c", "exec sqlite3 \"$1\" -cmd \".parameter set :digest $2\" < \"$3\"", "sh",
                                                          folder.path("shell\(round).sqlite").path, digestFile, baseline],
                                              environment: environment)
            guard shell.status == 0 else { return print("transcripts: the sqlite3 shell failed on \(baseline) (exit \(shell.status))") }
            shellTimes.append(shell.seconds)
        }
        let digestTime = median(digestTimes), shellTime = median(shellTimes)
        print(String(format: "transcripts: first sync through the digest (%@): %.2f s vs sqlite3 shell into FTS5 %.2f s = %.2fx (%@)",
                     byteCount(facts["digestBytes"] as? Int ?? 0), digestTime, shellTime, digestTime / shellTime,
                     Goal.ratio(atMost: 1.5).verdict(digestTime / shellTime)))

        environment["WWDC_DB"] = digestEnvironment["WWDC_DB"]
        let textBytes = facts["textBytes"] as? Int ?? 0
        let storeBytes = ((try? FileManager.default.attributesOfItem(atPath: environment["WWDC_DB"]!)[.size]) as? NSNumber)?.intValue ?? 0
        let storeRatio = Double(storeBytes) / Double(max(textBytes, 1))
        print(String(format: "transcripts: store %@ for %@ of text = %.2fx (%@)", byteCount(storeBytes), byteCount(textBytes),
                     storeRatio, Goal.ratio(atMost: 1.5).verdict(storeRatio)))

        let ripgrep = ["/usr/bin/rg", "/usr/local/bin/rg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        for (label, query) in [("a rare word", facts["rareWord"] as? String ?? ""), ("a common word", facts["commonWord"] as? String ?? ""),
                               ("a phrase", "\"\(facts["phrase"] as? String ?? "")\"")] {
            let search = median((0..<5).map { _ in BrowseBenchmark.spawn(wwdc, ["search", query, "--in", "transcripts"], environment: environment).seconds })
            guard let ripgrep else {
                print(String(format: "transcripts: search %@: %.1f ms (%@); rg is not installed, no comparison", label, search * 1000,
                             Goal.milliseconds(below: 50).verdict(search * 1000)))
                continue
            }
            let pattern = query.replacingOccurrences(of: "\"", with: "")
            let rg = median((0..<5).map { _ in BrowseBenchmark.spawn(ripgrep, ["-i", pattern, text.path], environment: environment).seconds })
            print(String(format: "transcripts: search %@: wwdc %.1f ms vs rg -i %.1f ms = %.2fx (%@; %@)", label, search * 1000, rg * 1000,
                         search / rg, Goal.ratio(atMost: 0.5).verdict(search / rg), Goal.milliseconds(below: 50).verdict(search * 1000)))
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func byteCount(_ bytes: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
    }
}
