import ConferenceData
import Foundation

/// `wwdc sync` of the synthetic 20,000-session feed from the reference server into a fresh store, as a
/// whole process: wall time and peak memory, against the store-only import of the same feed. Once in
/// 2017's shape and once in the modern one (topics, publishing dates, articles, chapters, code).
enum SyncBenchmark {
    static func run(sessionCount: Int = 20_000, repetitions: Int = 5) throws {
        for shape in [SyntheticFeed.Shape.classic, .modern] {
            try run(shape: shape, sessionCount: sessionCount, repetitions: repetitions)
        }
        try runAtTheLimit()
    }

    /// The largest feed a sync accepts (just under the 64 MB a feed may hold), plain and as gzip
    /// of two members: peak memory against the feed's size. One more session is refused.
    static func runAtTheLimit() throws {
        let (root, folder, feeds) = try feedFolder("limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = feeds.appendingPathComponent("contents.json")
        // About 1.25 KB a session: as many as stay under the limit.
        var sessions = 50_000
        var feedSize = 0
        for _ in 0..<20 {
            try SyntheticFeed(sessionCount: sessions, shape: .modern).write(to: contents.path)
            feedSize = (try FileManager.default.attributesOfItem(atPath: contents.path)[.size] as? Int) ?? 0
            let target = 63_500_000
            if feedSize <= 64_000_000 && feedSize > target - 1_000_000 { break }
            sessions = max(1, sessions * target / max(feedSize, 1))
        }
        let wwdc = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("wwdc")
        for coding in ["plain", "gzip-members"] {
            let server = try Server(root: feeds, script: root.appendingPathComponent("Tests/Server/conference_server.py"),
                                    arguments: coding == "plain" ? [] : ["--encoding", "/contents.json=\(coding)"])
            defer { server.stop() }
            let database = folder.appendingPathComponent("limit-\(coding).sqlite").path
            let (seconds, peak) = try timeProcess(wwdc, ["sync", "--source", server.url, "--db", database],
                                                  environment: ["XDG_CONFIG_HOME": folder.path, "NO_COLOR": "1"])
            print(String(format: "sync of a feed at the limit (%.1f MB, %d sessions, %@): %.2f s, peak memory %.0f MB (%.1fx the feed; goal < 4x)",
                         Double(feedSize) / 1e6, sessions, coding, seconds, Double(peak) / 1e6, Double(peak) / Double(feedSize)))
        }
    }

    static func run(shape: SyntheticFeed.Shape, sessionCount: Int, repetitions: Int) throws {
        let (root, folder, feeds) = try feedFolder(shape.rawValue)
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = feeds.appendingPathComponent("contents.json")
        try SyntheticFeed(sessionCount: sessionCount, shape: shape).write(to: contents.path)
        let feedSize = (try FileManager.default.attributesOfItem(atPath: contents.path)[.size] as? Int) ?? 0

        let server = try Server(root: feeds, script: root.appendingPathComponent("Tests/Server/conference_server.py"))
        defer { server.stop() }
        let wwdc = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("wwdc")

        var syncTimes: [Double] = []
        var peak = 0
        var importTimes: [Double] = []
        for run in 0..<repetitions {
            let database = folder.appendingPathComponent("sync-\(run).sqlite").path
            let (seconds, maxRSS) = try timeProcess(wwdc, ["sync", "--source", server.url, "--db", database],
                                                    environment: ["XDG_CONFIG_HOME": folder.path, "NO_COLOR": "1"])
            syncTimes.append(seconds)
            peak = max(peak, maxRSS)
            let importDatabase = folder.appendingPathComponent("import-\(run).sqlite").path
            let start = Date()
            let data = try Data(contentsOf: contents)
            _ = try ConferenceStore(path: importDatabase).importContents(json: data)
            importTimes.append(Date().timeIntervalSince(start))
        }
        // Medians of runs that alternate the two, so that a noisy moment of the machine hits both alike.
        let sync = syncTimes.sorted()[syncTimes.count / 2]
        let importOnly = importTimes.sorted()[importTimes.count / 2]
        print(String(format: "sync %d sessions, %@ shape, from the reference server: %.2f s, peak memory %.0f MB (%.1fx the %.1f MB feed; goal < 4x)",
                     sessionCount, shape.rawValue, sync, Double(peak) / 1e6, Double(peak) / Double(feedSize), Double(feedSize) / 1e6))
        print(String(format: "sync vs store-only import of the same feed, %@ shape (medians of %d): %.2f s / %.2f s = %.2fx (goal ≤ 1.5x)",
                     shape.rawValue, repetitions, sync, importOnly, sync / importOnly))
    }

    /// The project's root, and a fresh temporary folder holding `feeds/` with the fixtures' small
    /// feeds (the benchmark writes its own contents.json there).
    static func feedFolder(_ label: String) throws -> (root: URL, folder: URL, feeds: URL) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-sync-bench-\(getpid())-\(label)")
        let feeds = folder.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        for name in ["config.json", "news.json", "videos_live.json", "articles.json"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Fixtures/\(name)"), to: feeds.appendingPathComponent(name))
        }
        return (root, folder, feeds)
    }

    /// Runs a process to the end under `/usr/bin/time`; its wall time and peak resident memory in bytes.
    static func timeProcess(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> (Double, Int) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-o", report.path, "-f", "%M", executable.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable.lastPathComponent) exited with \(process.terminationStatus)"])
        }
        let kilobytes = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        return (seconds, kilobytes * 1024)
    }

    /// The reference server on a folder, for the length of the benchmark.
    final class Server {
        let url: String
        private let process = Process()
        private let input = Pipe()

        init(root: URL, script: URL, arguments: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "--root", root.path, "--quiet", "--exit-with-stdin"] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = Data()
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            url = String(decoding: line, as: UTF8.self).replacingOccurrences(of: "listening on ", with: "")
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
