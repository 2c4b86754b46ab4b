import ConferenceData
import Foundation
import TestSupport
import Testing

/// A sandbox with the fixtures synced in, run with a fixed clock and time zone.
struct BrowseSandbox {
    /// Wednesday of the fixtures' main event, at noon conference time.
    static let now = "2026-06-10T12:00:00-07:00"
    let sandbox: Sandbox

    /// A new sandbox holding the fixtures, synced from the folder (no server needed), whose runs
    /// run `executable`.
    static func synced(executable: URL = CommandRunner.wwdc) async throws -> BrowseSandbox {
        let sandbox = try Sandbox(executable: executable)
        let result = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path])
        guard result.status == 0 else {
            sandbox.remove()
            throw Failure(message: "sync failed: \(result.stderr)")
        }
        return BrowseSandbox(sandbox: sandbox)
    }

    /// Runs `wwdc` with `WWDC_NOW` and `TZ` fixed (UTC unless given), colour off, stdout a pipe.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
        // No subtitles for `watch`: the sample's streams are on a host no test reaches (the tests of
        // subtitles serve them: WatchSubtitlesTests).
        try await sandbox.run(arguments, environment: ["WWDC_NOW": Self.now, "TZ": "UTC", "WWDC_SUBTITLES": "off"].merging(environment) { $1 })
    }

    /// Runs `wwdc … --json` and returns the decoded array of objects.
    func json(_ arguments: [String], environment: [String: String] = [:]) async throws -> [[String: Any]] {
        let result = try await run(arguments + ["--json"], environment: environment)
        guard result.status == 0 else { throw Failure(message: "wwdc \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        guard let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            throw Failure(message: "not a JSON array: \(result.stdout.prefix(200))")
        }
        return rows
    }

    /// The session ids of `wwdc … --json`, in order.
    func ids(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String] {
        try await json(arguments, environment: environment).map { $0["id"] as? String ?? "?" }
    }

    /// Marks sessions as favorites directly in the store (as saved on this machine, no account).
    func favorite(_ ids: [String]) throws {
        let store = try ConferenceStore(path: sandbox.database.path)
        for id in ids { try store.setFavorite(sessionID: id, true, syncState: .local, at: Date(timeIntervalSince1970: 1_780_000_000)) }
    }

    func remove() { sandbox.remove() }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
