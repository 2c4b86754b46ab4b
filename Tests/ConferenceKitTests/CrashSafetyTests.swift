import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import SQLiteDatabase
import TestSupport
import TestTraits
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The crash test runs a second copy of this test binary, filtered to `crashChildProcess`, which
/// imports in one transaction until it is killed; the parent kills it with SIGKILL mid-transaction.
@Suite("Crash safety", .offThePool)
struct CrashSafetyTests {
    static let childDatabaseVariable = "WWDC_TEST_CRASH_CHILD_DB"
    static let marker = "WWDC-CHILD-IN-TRANSACTION"

    static var isChild: Bool { ProcessInfo.processInfo.environment[childDatabaseVariable] != nil }

    /// Re-running the test binary with a filter works where SwiftPM runs it directly (Linux).
    static var canRunChild: Bool {
        #if os(Linux)
        return !isChild
        #else
        return false
        #endif
    }

    @Test("SIGKILL in the middle of a large import leaves the previous data intact",
          .enabled(if: CrashSafetyTests.canRunChild, "needs to re-run the test binary (Linux)"))
    func killedMidImport() async throws {
        let folder = try TemporaryFolder()
        // The folder is removed when released: kept until the end, whatever the optimiser does.
        defer { withExtendedLifetime(folder) {} }
        let path = folder.file("crash.sqlite")
        let before: String
        do {
            let store = try ConferenceStore(path: path)
            _ = try store.importContents(json: TestFeeds.contentsData(sessionCount: 1_000))
            try store.setFavorite(sessionID: TestFeeds.sessionID(7), true, at: Date(timeIntervalSince1970: 1))
            before = try store.dump()
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closing the last connection checkpoints")

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "crashChildProcess"]
        var environment = ProcessInfo.processInfo.environment
        environment[CrashSafetyTests.childDatabaseVariable] = path
        child.environment = environment
        let output = Pipe().closingOnExec()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        // Wait for the child to say it is inside its write transaction, with pages already written
        // (off the cooperative pool: reading a pipe blocks).
        let reader = output.fileHandleForReading
        let seen = try await onThread {
            var seen = ""
            while !seen.contains(CrashSafetyTests.marker) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            return seen
        }
        guard seen.contains(CrashSafetyTests.marker) else {
            try await onThread { child.waitUntilExit() }
            Issue.record("the child ended before its transaction: \(seen)")
            return
        }
        let walSize = (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize > 1_000_000, "the transaction has spilled uncommitted pages into the WAL")

        kill(child.processIdentifier, SIGKILL)
        try await onThread { child.waitUntilExit() }
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)

        let store = try ConferenceStore(path: path)
        #expect(try store.read { try $0.fetchString("PRAGMA integrity_check") } == "ok")
        #expect(try store.dump() == before)
        #expect(try store.favorite(sessionID: TestFeeds.sessionID(7))?.isFavorite == true)
    }

    @Test("child process for the crash test (runs only when started by it)",
          .enabled(if: CrashSafetyTests.isChild, "started by killedMidImport only"))
    func crashChildProcess() throws {
        let path = try #require(ProcessInfo.processInfo.environment[CrashSafetyTests.childDatabaseVariable])
        // A small page cache makes the transaction spill its pages into the WAL before it commits.
        let store = try ConferenceStore(path: path, configuration: Database.Configuration(pageCacheKiB: 256))
        let feeds = [try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 4_000, variant: 1)),
                     try FeedDecoder.contents(from: TestFeeds.contentsData(sessionCount: 4_000, variant: 2))]
        struct GaveUp: Error {}
        let deadline = Date().addingTimeInterval(60)
        try store.write { db in
            _ = try db.importContents(feeds[0])
            FileHandle.standardOutput.write(Data((CrashSafetyTests.marker + "\n").utf8))
            var round = 1
            // Keep writing until killed; give up (rolling back) if nobody does.
            while Date() < deadline {
                _ = try db.importContents(feeds[round % 2])
                round += 1
            }
            throw GaveUp()
        }
    }
}
