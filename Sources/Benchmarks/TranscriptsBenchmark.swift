import ConferenceKit
import Foundation
import TestSupport

/// The transcripts section: a generated corpus of 2,000 transcripts of about 40 KB of text, served
/// by the reference server. The sync against `curl --parallel --parallel-max 8` fetching the same
/// URLs in the same run; a re-sync with nothing changed; `wwdc search` against `rg -i` over the same
/// transcripts as text files; the store's size against the raw text.
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
        print(String(format: "transcripts: sync of %d transcripts, one by one: %.2f s vs curl --parallel-max 8 %.2f s = %.2fx (goal ≤ 1.5x)",
                     urls.count, syncTime, curlTime, syncTime / curlTime))
        let resync = (0..<rounds).map { _ in BrowseBenchmark.spawn(wwdc, ["sync", "--source", server.baseURL.absoluteString], environment: environment).seconds }
        print(String(format: "transcripts: re-sync with nothing changed: %.3f s (goal < 1 s)", median(resync)))

        // The first sync as users have it: through the digest, into a fresh store. This digest is
        // larger than the 64 MB a file may hold by default: the limit is raised for it.
        try manifestData.write(to: manifestPath)
        environment["WWDC_DB"] = folder.path("digest.sqlite").path
        var digestEnvironment = environment
        digestEnvironment["WWDC_MAX_FEED_MB"] = "256"
        let viaDigest = BrowseBenchmark.spawn(wwdc, ["sync", "--source", server.baseURL.absoluteString], environment: digestEnvironment)
        print(String(format: "transcripts: first sync through the digest (%@): %.2f s", byteCount(facts["digestBytes"] as? Int ?? 0), viaDigest.seconds))

        let textBytes = facts["textBytes"] as? Int ?? 0
        let storeBytes = ((try? FileManager.default.attributesOfItem(atPath: environment["WWDC_DB"]!)[.size]) as? NSNumber)?.intValue ?? 0
        print(String(format: "transcripts: store %@ for %@ of text = %.2fx (goal ≤ 1.5x)", byteCount(storeBytes), byteCount(textBytes),
                     Double(storeBytes) / Double(max(textBytes, 1))))

        let ripgrep = ["/usr/bin/rg", "/usr/local/bin/rg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        for (label, query) in [("a rare word", facts["rareWord"] as? String ?? ""), ("a common word", facts["commonWord"] as? String ?? ""),
                               ("a phrase", "\"\(facts["phrase"] as? String ?? "")\"")] {
            let search = median((0..<5).map { _ in BrowseBenchmark.spawn(wwdc, ["search", query, "--in", "transcripts"], environment: environment).seconds })
            guard let ripgrep else {
                print(String(format: "transcripts: search %@: %.1f ms (goal < 50 ms); rg is not installed, no comparison", label, search * 1000))
                continue
            }
            let pattern = query.replacingOccurrences(of: "\"", with: "")
            let rg = median((0..<5).map { _ in BrowseBenchmark.spawn(ripgrep, ["-i", pattern, text.path], environment: environment).seconds })
            print(String(format: "transcripts: search %@: wwdc %.1f ms vs rg -i %.1f ms = %.2fx (goal ≤ 0.5x, < 50 ms)", label, search * 1000, rg * 1000, search / rg))
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
