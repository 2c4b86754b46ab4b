import ConferenceData
import ConferenceModel
import Foundation

/// Import of a synthetic feed into a fresh store, against the `sqlite3` shell running the C baseline
/// (`../shared/bench/baseline-import.sql`) on the same file, then one-word full-text search of the
/// sessions (`wwdc search --in sessions`).
///
/// The shared baseline stores fewer rows than wwdc and builds no search index; a second anchor,
/// `baseline-import-store.sql` beside this file, has the shell store what wwdc's store holds for the
/// same feed (the same tables, secondary indexes and FTS5 index), and both figures are printed.
///
/// Runs alternate between the two so that load from other processes hits both alike; the figures
/// are the best of `repetitions` runs, each from reading the file to closing the database.
enum ImportBenchmark {
    static func run(sessionCount: Int = 20_000, repetitions: Int = 5) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let feedPath = folder + "/contents.json"
        try SyntheticFeed(sessionCount: sessionCount).write(to: feedPath)
        let size = (try FileManager.default.attributesOfItem(atPath: feedPath)[.size] as? Int) ?? 0
        let baseline = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/baseline-import.sql").path
        let hasBaseline = FileManager.default.fileExists(atPath: baseline)
        let sameWork = packageRoot.appendingPathComponent("Sources/Benchmarks/baseline-import-store.sql").path

        var ours: [Double] = []
        var twoStep: [Double] = []
        var decodeOnly: [Double] = []
        var shell: [Double] = []
        var shellSameWork: [Double] = []
        var storePath = ""
        for run in 0..<repetitions {
            storePath = folder + "/wwdc-\(run).sqlite"
            ours.append(try measure {
                let data = try Data(contentsOf: URL(fileURLWithPath: feedPath))
                let store = try ConferenceStore(path: storePath)
                _ = try store.importContents(json: data)
            })
            if hasBaseline {
                shell.append(try measure {
                    try runShell(database: folder + "/shell-\(run).sqlite", feed: feedPath, script: baseline)
                })
            }
            shellSameWork.append(try measure {
                try runShell(database: folder + "/shell-store-\(run).sqlite", feed: feedPath, script: sameWork)
            })
            var decoded = 0.0
            twoStep.append(try measure {
                let data = try Data(contentsOf: URL(fileURLWithPath: feedPath))
                let start = monotonicSeconds()
                let contents = try FeedDecoder.contents(from: data)
                decoded = monotonicSeconds() - start
                let store = try ConferenceStore(path: folder + "/two-step-\(run).sqlite")
                _ = try store.importContents(contents)
            })
            decodeOnly.append(decoded)
        }
        let wwdc = ours.min()!
        if hasBaseline {
            let sqlite3 = shell.min()!
            print(String(format: "import %d sessions: wwdc %.2f s, sqlite3 shell %.2f s, ratio %.2f (%@)",
                         sessionCount, wwdc, sqlite3, wwdc / sqlite3, Goal.ratio(atMost: 1.0).verdict(wwdc / sqlite3)))
        } else {
            print(String(format: "import %d sessions: wwdc %.2f s (sqlite3 shell baseline skipped: %@ absent)",
                         sessionCount, wwdc, baseline))
        }
        let sqlite3SameWork = shellSameWork.min()!
        print(String(format: "import %d sessions, the store's tables, indexes and search index: wwdc %.2f s, sqlite3 shell %.2f s, ratio %.2f (%@)",
                     sessionCount, wwdc, sqlite3SameWork, wwdc / sqlite3SameWork, Goal.ratio(atMost: 1.0).verdict(wwdc / sqlite3SameWork)))
        print(String(format: "import %d sessions (%.1f MB feed): medians wwdc %.2f s%@; decode-then-save %.2f s (whole decode %.2f s)",
                     sessionCount, Double(size) / 1e6, median(ours),
                     hasBaseline ? String(format: ", sqlite3 shell %.2f s", median(shell)) : "",
                     median(twoStep), median(decodeOnly)))

        let store = try ConferenceStore(path: storePath)
        let reimport = try measure {
            let report = try store.importContents(json: try Data(contentsOf: URL(fileURLWithPath: feedPath)))
            precondition(report.isEmpty, "re-import changed \(report)")
        }
        print(String(format: "re-import of the same %d sessions (no change): %.2f s", sessionCount, reimport))
        for word in ["swift", "metal"] {
            var hits = 0
            var times: [Double] = []
            let request = SearchRequest(query: SearchQuery(word)!, sources: [.sessions], limit: 50)
            for _ in 0..<51 {
                times.append(try measure { hits = try store.read { try $0.searchEverywhere(request) }.count })
            }
            print(String(format: "fts search '%@' over %d sessions: %.1f ms (median of 51, %d hits shown)",
                         word, sessionCount, median(times) * 1000, hits))
        }
    }

    /// The package's root folder, found from this file's path.
    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func runShell(database: String, feed: String, script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database, "-cmd", ".parameter set :feed \(feed)"]
        process.standardInput = FileHandle(forReadingAtPath: script)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "sqlite3 exited with status \(process.terminationStatus)"])
        }
    }

    private static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = monotonicSeconds()
        try body()
        return monotonicSeconds() - start
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
