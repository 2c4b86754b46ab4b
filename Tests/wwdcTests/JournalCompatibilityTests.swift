import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// A sync folder shared with machines running an earlier wwdc: this one reads the journals and
/// snapshots that wwdc wrote, and that wwdc reads what this one writes.
///
/// `Journals/` holds a machine's journal and snapshot as the wwdc of commit d0f5679 wrote them
/// (hostile text in notes and bookmarks, a removal, a compaction), read on every run. The test of
/// both ways runs such a wwdc itself, when `WWDC_EARLIER_BINARY` names one (built from that commit:
/// `git worktree add /tmp/wwdc-d0f5679 d0f5679 && swift build --package-path /tmp/wwdc-d0f5679 --product wwdc`).
@Suite("sync folder: journals read both ways with an earlier wwdc", .offThePool)
struct JournalCompatibilityTests {
    static let journals = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Journals")
    static let earlier: URL? = ProcessInfo.processInfo.environment["WWDC_EARLIER_BINARY"].map(URL.init(fileURLWithPath:))
    static let hasEarlier = earlier.map { FileManager.default.isExecutableFile(atPath: $0.path) } ?? false

    /// Text no line may lose: quotes, a backslash, a tab, a line break, a terminal's escape, the
    /// separators JavaScript reads as line breaks, DEL and characters beyond ASCII.
    static let hostile = "\"q\" \\ tab\there\nnext é 😀 \u{2028} \u{2029} \u{1B}[31m red \u{7F} end"

    /// The folder `wwdc sync --json` reports, with what it received, damaged and skipped.
    static func syncFolderCounts(_ machine: BrowseSandbox, _ shared: String) async throws -> [String: Any] {
        let sync = try await machine.run(["sync", "--sync-folder", shared, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any], "\(sync.stdout)")
        return try #require(summary["syncFolder"] as? [String: Any], "\(summary)")
    }

    /// A note as this wwdc's store keeps it, every character as it was written.
    static func storedNote(_ machine: BrowseSandbox, _ session: String) throws -> String? {
        try ConferenceStore(path: machine.sandbox.database.path).read { try $0.storedNote(sessionID: session)?.text }
    }

    static func storedBookmarkNotes(_ machine: BrowseSandbox, _ session: String) throws -> [String] {
        try ConferenceStore(path: machine.sandbox.database.path).read { try $0.storedBookmarks(sessionID: session).map(\.note) }
    }

    /// A note as `session --json` shows it (cleaned for a terminal): what an earlier wwdc is asked,
    /// whose store this one does not open.
    static func note(_ machine: BrowseSandbox, _ session: String) async throws -> String? {
        let result = try await machine.run(["session", session, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["note"] as? [String: Any])?["text"] as? String
    }

    static func bookmarkNotes(_ machine: BrowseSandbox, _ session: String) async throws -> [String] {
        let result = try await machine.run(["session", session, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["bookmarks"] as? [[String: Any]] ?? []).compactMap { $0["note"] as? String }
    }

    @Test("a journal and a snapshot the earlier wwdc wrote: every change read, none damaged or skipped")
    func readsEarlierFiles() async throws {
        let machine = try await BrowseSandbox.synced()
        defer { machine.remove() }
        let shared = try SyncFolderCommandTests.folder(in: machine)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.journals.path) {
            try FileManager.default.copyItem(atPath: Self.journals.appendingPathComponent(name).path, toPath: shared + "/" + name)
        }
        let counts = try await Self.syncFolderCounts(machine, shared)
        #expect(counts["machines"] as? Int == 1 && (counts["damaged"] as? [String])?.isEmpty == true
                && (counts["skipped"] as? [Any])?.isEmpty == true, "\(counts)")
        #expect(try await machine.ids(["favorite", "list"]) == ["wwdc2026-106"], "101 was removed after it was made one")
        #expect(try await machine.ids(["videos", "--watched"]) == ["wwdc2026-102"])
        #expect(try Self.storedNote(machine, "wwdc2026-104") == "a's note\nline two\t\"quoted\" \\ back é 😀 \u{2028} \u{1}")
        #expect(try Self.storedNote(machine, "wwdc2026-105") == "draft 6", "the snapshot's, the journal's drafts compacted into it")
        #expect(try Self.storedNote(machine, "wwdc2026-107") == "after the snapshot: \u{1B}[31m red \u{2029} \u{7F}")
        #expect(try Self.storedBookmarkNotes(machine, "wwdc2026-103") == ["from a: \"q\" \\ tab\there é 😀 \u{2028} end"])
    }

    @Test("an earlier wwdc and this one share a folder: each reads every change the other writes, journals and snapshots",
          .enabled(if: hasEarlier, "set WWDC_EARLIER_BINARY to a wwdc built from commit d0f5679 to run it"))
    func bothWays() async throws {
        let earlier = try await BrowseSandbox.synced(executable: try #require(Self.earlier))
        let current = try await BrowseSandbox.synced()
        defer { earlier.remove(); current.remove() }
        let shared = try SyncFolderCommandTests.folder(in: earlier)
        let folder = ["WWDC_SYNC_FOLDER": shared]

        // The earlier wwdc writes; this one reads.
        #expect(try await earlier.run(["favorite", "add", "101"], environment: folder).status == 0)
        #expect(try await earlier.run(["watched", "102"], environment: folder).status == 0)
        #expect(try await earlier.run(["bookmark", "add", "103", "--at", "1:00", "--note", Self.hostile], environment: folder).status == 0)
        #expect(try await earlier.run(["note", "104", Self.hostile], environment: folder).status == 0)
        let received = try await Self.syncFolderCounts(current, shared)
        #expect(received["received"] as? Int == 4 && (received["damaged"] as? [String])?.isEmpty == true, "\(received)")
        #expect(try await current.ids(["favorite", "list"]) == ["wwdc2026-101"])
        #expect(try await current.ids(["videos", "--watched"]) == ["wwdc2026-102"])
        #expect(try Self.storedNote(current, "wwdc2026-104") == Self.hostile)
        #expect(try Self.storedBookmarkNotes(current, "wwdc2026-103") == [Self.hostile])
        #expect(try await Self.note(current, "104") == (try await Self.note(earlier, "104")))

        // This one writes (its journal, then a snapshot its sync compacts the journal into); the earlier reads.
        #expect(try await current.run(["favorite", "remove", "101"], environment: folder).status == 0)
        #expect(try await current.run(["favorite", "add", "105"], environment: folder).status == 0)
        #expect(try await current.run(["bookmark", "add", "106", "--at", "2:00", "--note", Self.hostile], environment: folder).status == 0)
        for draft in 1...16 {
            #expect(try await current.run(["note", "107", Self.hostile + " \(draft)"], environment: folder).status == 0)
        }
        let compacted = try await Self.syncFolderCounts(current, shared)
        #expect((compacted["damaged"] as? [String])?.isEmpty == true, "\(compacted)")
        let files = try FileManager.default.contentsOfDirectory(atPath: shared)
        #expect(files.filter { $0.hasSuffix(".snapshot") }.count == 1, "this one compacted its journal: \(files)")
        #expect(try await current.run(["note", "108", Self.hostile], environment: folder).status == 0)

        let back = try await Self.syncFolderCounts(earlier, shared)
        #expect((back["damaged"] as? [String])?.isEmpty == true && (back["skipped"] as? [Any])?.isEmpty == true, "\(back)")
        #expect(try await earlier.ids(["favorite", "list"]) == ["wwdc2026-105"])
        // Written in full here; shown alike by both (cleaned for a terminal the same way).
        #expect(try Self.storedNote(current, "wwdc2026-107") == Self.hostile + " 16")
        #expect(try Self.storedNote(current, "wwdc2026-108") == Self.hostile)
        #expect(try Self.storedBookmarkNotes(current, "wwdc2026-106") == [Self.hostile])
        for session in ["104", "107", "108"] {
            let shown = try #require(try await Self.note(current, session))
            #expect(shown.contains("é 😀") && shown.contains("\\") && shown.contains("\""), "\(shown)")
            #expect(try await Self.note(earlier, session) == shown, "note \(session)")
        }
        let shown = try await Self.bookmarkNotes(current, "106")
        #expect(shown.count == 1 && shown.first?.contains("é 😀") == true, "\(shown)")
        #expect(try await Self.bookmarkNotes(earlier, "106") == shown)
    }
}
