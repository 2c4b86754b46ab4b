import Foundation
import TestSupport
import TestTraits
import Testing

/// The sync folder through the built binary: two homes (two machines) and one folder, the
/// commands pushing at once, `wwdc sync` exchanging, an unreachable folder, and real Syncthing
/// replicating between two folders.
@Suite("sync folder: commands and replicators", .offThePool)
struct SyncFolderCommandTests {
    static func folder(in store: BrowseSandbox, _ name: String = "shared") throws -> String {
        let path = store.sandbox.directory.path(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("A's favorite, watched, bookmark and note reach B's store when B syncs; sync and config say so; favorite list says where each stands")
    func twoHomes() async throws {
        let a = try await BrowseSandbox.synced()
        let b = try await BrowseSandbox.synced()
        defer { a.sandbox.remove(); b.sandbox.remove() }
        let shared = try Self.folder(in: a)
        let folder = ["WWDC_SYNC_FOLDER": shared]

        #expect(try await a.run(["favorite", "add", "101"], environment: folder).status == 0)
        #expect(try await a.run(["watched", "102"], environment: folder).status == 0)
        #expect(try await a.run(["bookmark", "add", "103", "--at", "1:00", "--note", "from a"], environment: folder).status == 0)
        let note = try await a.run(["note", "104", "a's note"], environment: folder)
        #expect(note.status == 0 && !note.stderr.contains("Note:"), "\(note.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: shared)
        #expect(files.count == 1 && files[0].hasSuffix(".journal"), "pushed at once: \(files)")
        let listed = try await a.run(["favorite", "list"], environment: folder)
        #expect(listed.stdout.contains("in the sync folder"), "\(listed.stdout)")

        let sync = try await b.run(["sync", "--sync-folder", shared, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("Sync folder: 0 changes sent, 4 received from 1 machine."), "\(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
        let counts = try #require(summary["syncFolder"] as? [String: Any])
        #expect(counts["received"] as? Int == 4 && counts["sent"] as? Int == 0 && counts["machines"] as? Int == 1)
        #expect(try await b.ids(["favorite", "list"]) == ["wwdc2026-101"])
        #expect(try await b.ids(["videos", "--watched"]) == ["wwdc2026-102"])
        let session = try await b.run(["session", "104"])
        #expect(session.stdout.contains("a's note"), "\(session.stdout)")
        let bookmarks = try await b.run(["bookmark", "list", "103"])
        #expect(bookmarks.stdout.contains("from a"), "\(bookmarks.stdout)")

        // B's removal travels back.
        #expect(try await b.run(["favorite", "remove", "101"], environment: folder).status == 0)
        #expect(try await a.run(["sync"], environment: folder).status == 0)
        #expect(try await a.ids(["favorite", "list"]).isEmpty)
        let config = try await a.run(["config", "list"], environment: folder)
        #expect(config.stdout.contains("sync-folder = \(shared)") && config.stdout.contains("This machine's id in the sync folder"), "\(config.stdout)")
    }

    @Test("a folder that is not there: the change waits in the outbox, the sync goes on without it, and the next sync sends it")
    func unreachableFolder() async throws {
        let a = try await BrowseSandbox.synced()
        defer { a.sandbox.remove() }
        let shared = a.sandbox.directory.path("unmounted").path
        let folder = ["WWDC_SYNC_FOLDER": shared]
        let added = try await a.run(["favorite", "add", "101"], environment: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Note: not sent to the sync folder yet (the sync folder \(shared) is not there)"), "\(added.stderr)")
        #expect(try await a.run(["favorite", "list"], environment: folder).stdout.contains("waiting"))
        let offline = try await a.run(["sync"], environment: folder)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("Sync folder: not reached"), "\(offline.stderr)")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let online = try await a.run(["sync"], environment: folder)
        #expect(online.stderr.contains("Sync folder: 1 change sent"), "\(online.stderr)")
    }

    /// A journal as another machine's wwdc writes it: its header, then a line per change
    /// (`kind`, `key`, `value`, `clock`), each a flat JSON object.
    static func journal(machine: String, _ changes: [(kind: String, key: String, value: String?, clock: String)]) -> String {
        #"{"format":1,"machine":"\#(machine)","wwdc":"journal"}"# + "\n" + changes.map { change in
            let object: [String: Any] = ["at": 1_780_000_000, "clock": change.clock, "key": change.key, "kind": change.kind,
                                         "value": change.value.map { $0 as Any } ?? NSNull()]
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        }.joined()
    }

    @Test("a conflict copy whose name carries control bytes: sync --json's damaged and the summary name it cleaned")
    func damagedNamesCleaned() async throws {
        let b = try await BrowseSandbox.synced()
        defer { b.remove() }
        let shared = try Self.folder(in: b)
        // A Dropbox conflict copy, its device name made of escapes (a terminal title, red, a bell), one line not a change.
        let name = "0123456789abcdef (\u{1B}]0;owned\u{07}\u{1B}[31m\u{9B}2J conflicted copy).journal"
        try (Self.journal(machine: "0123456789abcdef", []) + "not a change\n")
            .write(toFile: shared + "/" + name, atomically: true, encoding: .utf8)
        let sync = try await b.run(["sync", "--sync-folder", shared, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
        let counts = try #require(summary["syncFolder"] as? [String: Any])
        let damaged = try #require(counts["damaged"] as? [String])
        #expect(damaged.count == 1 && damaged[0].contains("conflicted copy") && damaged[0].hasSuffix("1 unreadable line skipped"), "\(damaged)")
        let control = { (text: String) in text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
        #expect(!damaged.contains(where: control), "\(damaged.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        #expect(!control(sync.stderr.replacingOccurrences(of: "\n", with: "")), "\(sync.stderr)")
    }

    @Test("Syncthing: two real instances on loopback share the folder; A's favorite reaches B once Syncthing replicated and B syncs")
    func syncthing() async throws {
        guard let syncthing = ["/usr/bin/syncthing", "/usr/local/bin/syncthing"].first(where: FileManager.default.isExecutableFile) else {
            print("Skipped: syncthing is not installed (apt-get install syncthing; .ci/run does)")
            return
        }
        _ = syncthing
        let a = try await BrowseSandbox.synced()
        let b = try await BrowseSandbox.synced()
        defer { a.sandbox.remove(); b.sandbox.remove() }
        let folderA = try Self.folder(in: a, "sync")
        let folderB = try Self.folder(in: b, "sync")
        let pair = try SyncthingPair(work: a.sandbox.directory.path("syncthing").path, a: folderA, b: folderB)
        defer { pair.stop() }
        try pair.expect("ready")

        #expect(try await a.run(["favorite", "add", "101"], environment: ["WWDC_SYNC_FOLDER": folderA]).status == 0)
        try pair.send("replicate")
        try pair.expect("replicated")
        let sync = try await b.run(["sync"], environment: ["WWDC_SYNC_FOLDER": folderB])
        #expect(sync.stderr.contains("1 received from 1 machine"), "\(sync.stderr)")
        #expect(try await b.ids(["favorite", "list"]) == ["wwdc2026-101"])
    }
}

/// Tests/Server/syncthing_pair.py, driven line by line.
final class SyncthingPair {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(work: String, a: String, b: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ProjectPaths.root.appendingPathComponent("Tests/Server/syncthing_pair.py").path,
                             "--work", work, "--a", a, "--b", b]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits for the harness's next line (it gives up on its own after a minute) and checks it.
    func expect(_ expected: String) throws {
        while !buffer.contains(0x0a) {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw BrowseSandbox.Failure(message: "syncthing_pair.py ended before '\(expected)'") }
            buffer.append(data)
        }
        let index = buffer.firstIndex(of: 0x0a)!
        let line = String(decoding: buffer[buffer.startIndex..<index], as: UTF8.self)
        buffer = Data(buffer[(index + 1)...])
        guard line == expected else { throw BrowseSandbox.Failure(message: "syncthing_pair.py said '\(line)', not '\(expected)'") }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
