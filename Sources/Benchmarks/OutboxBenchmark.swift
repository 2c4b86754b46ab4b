import ConferenceData
import Foundation
import Operations
import TestSupport

/// Uploads per change under concurrent processes: 8 release `wwdc` processes on one store, each
/// adding favorites, rating sessions, removing a favorite and syncing, against the reference server.
/// Every upload the service carried out is counted from its log, against the local changes made.
enum OutboxBenchmark {
    static let password = "lovelace-1843"

    static func run(processes: Int = 8, rounds: Int = 6) async throws {
        guard let wwdc = BrowseBenchmark.wwdcBinary.map(URL.init(fileURLWithPath:)) else {
            print("outbox: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let folder = try TemporaryDirectory("wwdc-outbox-bench")
        defer { folder.remove() }
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let environment = [
            "XDG_DATA_HOME": folder.path("data").path, "XDG_CONFIG_HOME": folder.path("config").path,
            "HOME": folder.url.path, "WWDC_DB": folder.path("wwdc.sqlite").path, "NO_COLOR": "1",
        ]
        @Sendable func wwdcRun(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
            try CommandRunner.run(wwdc, arguments, environment: environment, stdin: stdin)
        }
        for setup in [(["sync", "--source", server.baseURL.absoluteString], nil), (["login", "--username", "ada", "--password-stdin"], password + "\n")] {
            let result = try wwdcRun(setup.0, stdin: setup.1)
            guard result.status == 0 else {
                print("outbox: '\(setup.0.joined(separator: " "))' failed: \(result.stderr)")
                return
            }
        }
        let store = try ConferenceStore(path: folder.path("wwdc.sqlite").path)
        // Sessions that have taken place (or have no time), so that each can be rated.
        let ids = try store.read { db in
            try db.fetchAll("""
                SELECT s.id FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM instances i WHERE i.sid = s.sid AND i.start_time > ?)
                ORDER BY s.id LIMIT ?
                """, [Date().timeIntervalSince1970, processes * rounds]) { $0.string("id") ?? "" }
        }
        guard ids.count == processes * rounds else {
            print("outbox: the sample conference has fewer than \(processes * rounds) sessions")
            return
        }

        // Each process's commands, in order; every one but a sync makes one local change.
        let scripts: [[[String]]] = (0..<processes).map { process in
            let mine = Array(ids[(process * rounds)..<((process + 1) * rounds)])
            var script: [[String]] = []
            for (round, id) in mine.enumerated() {
                script.append(["favorite", "add", id])
                if round % 2 == 1 { script.append(["feedback", mine[round - 1], "--rating", "4", "--comment", "round \(round)"]) }
                if round % 3 == 2 { script.append(["sync"]) }
            }
            script.append(["favorite", "remove", mine[0]])
            return script
        }
        let changes = scripts.joined().filter { $0.first != "sync" }.count
        let failures = Locked<[String]>([])
        let start = Date()
        DispatchQueue.concurrentPerform(iterations: processes) { process in
            for arguments in scripts[process] {
                let command = arguments.joined(separator: " ")
                do {
                    let result = try wwdcRun(arguments)
                    if result.status != 0 { failures.withLock { $0.append("\(command): exit \(result.status): \(result.stderr)") } }
                } catch {
                    failures.withLock { $0.append("\(command): \(error)") }
                }
            }
        }
        let seconds = Date().timeIntervalSince(start)

        var uploads: [String: Int] = [:]
        for entry in try await server.log() {
            guard let method = entry["method"] as? String, let path = entry["path"] as? String, let status = entry["status"] as? Int else { continue }
            if path.hasPrefix("/account/favorites/"), ["PUT", "DELETE"].contains(method), status == 204 {
                uploads["\(method) \(path)", default: 0] += 1
            } else if path == "/account/feedback", method == "POST", status == 200 || status == 201 {
                // 200 is the service recognising a feedback it already has: a repeated upload.
                uploads["POST feedback #\(uploads.count)", default: 0] += 1
            }
        }
        let pending = try store.read { try $0.outbox().count }
        let total = uploads.values.reduce(0, +)
        let perChange = Double(total) / Double(changes)
        let repeatedFavorites = uploads.filter { $0.key.hasPrefix("PUT") || $0.key.hasPrefix("DELETE") }.values.max() ?? 0
        print(String(format: "outbox: %d processes, %d local changes, %d uploads: %.2f uploads per change (goal ≤ 1.05), at most %d for one favorite change; %d left pending, %d commands failed; %.1f s",
                     processes, changes, total, perChange, repeatedFavorites, pending, failures.withLock { $0.count }, seconds))
        for failure in failures.withLock({ $0 }).prefix(3) { print("outbox: " + failure.prefix(300)) }
    }
}
