import Foundation
import TestSupport
import TestTraits
import Testing

/// The sync folder beside the other places changes go: where each favorite and rating stands with
/// no backend, a folder, an account service or both; ratings carried as your ratings; favorites
/// going to an account service and a folder at once; two stores sharing one config folder.
@Suite("sync folder: standings, ratings, the account service, two stores", .offThePool)
struct SyncFolderServiceTests {
    static func folder(_ sandbox: Sandbox, _ name: String = "shared") throws -> String {
        let path = sandbox.directory.path(name).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `favorite list` (or `feedback --list`) in a pipe: the standing of each id.
    static func standings(_ result: CommandResult) -> [String: String] {
        Dictionary(result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return fields.count >= 3 ? (fields[0], fields[fields.count - 2]) : nil
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test("no backend, then a folder: favorite list, feedback --list and session say here only, waiting for the sync folder, in the sync folder")
    func standingsWithoutService() async throws {
        let a = try await BrowseSandbox.synced()
        defer { a.remove() }
        let shared = try Self.folder(a.sandbox)
        let folder = ["WWDC_SYNC_FOLDER": shared]

        #expect(try await a.run(["favorite", "add", "101"]).status == 0)
        let rated = try await a.run(["feedback", "101", "--rating", "4"])
        #expect(rated.stderr.contains("This source has no account service: it stays on this machine."), "\(rated.stderr)")
        #expect(Self.standings(try await a.run(["favorite", "list"])) == ["wwdc2026-101": "here only"])
        #expect(Self.standings(try await a.run(["feedback", "--list"])) == ["wwdc2026-101": "here only"])
        let page = try await a.run(["session", "101"])
        #expect(page.stdout.contains("★ yes (here only)") && page.stdout.contains("presentation not rated (here only)"), "\(page.stdout)")

        // A folder is set: what was made before waits for it, and goes with the next change pushed.
        #expect(Self.standings(try await a.run(["favorite", "list"], environment: folder)) == ["wwdc2026-101": "waiting for the sync folder"])
        #expect(Self.standings(try await a.run(["feedback", "--list"], environment: folder)) == ["wwdc2026-101": "waiting for the sync folder"])
        #expect(try await a.run(["favorite", "add", "102"], environment: folder).status == 0)
        let pushed = try await a.run(["feedback", "102", "--rating", "5"], environment: folder)
        #expect(pushed.stderr.contains("Saved your feedback on wwdc2026-102 and sent it to the sync folder."), "\(pushed.stderr)")
        #expect(Self.standings(try await a.run(["favorite", "list"], environment: folder))
                == ["wwdc2026-101": "in the sync folder", "wwdc2026-102": "in the sync folder"])
        #expect(Self.standings(try await a.run(["feedback", "--list"], environment: folder))
                == ["wwdc2026-101": "in the sync folder", "wwdc2026-102": "in the sync folder"])
        let json = try await a.json(["feedback", "--list"], environment: folder)
        #expect(json.map { $0["stands"] as? String } == ["in the sync folder", "in the sync folder"])
    }

    @Test("ratings travel as your ratings: pushed at once by feedback, shown by session and videos --rated on the other machine")
    func ratingsTravel() async throws {
        let a = try await BrowseSandbox.synced()
        let b = try await BrowseSandbox.synced()
        defer { a.remove(); b.remove() }
        let shared = try Self.folder(a.sandbox)
        let folder = ["WWDC_SYNC_FOLDER": shared]
        let rated = try await a.run(["feedback", "101", "--rating", "4", "--content", "3", "--comment", "From A"], environment: folder)
        #expect(rated.status == 0, "\(rated.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: shared)
        #expect(files.count == 1 && files[0].hasSuffix(".journal"), "pushed at once: \(files)")
        #expect(try await b.ids(["videos", "--rated", "--event", "all"], environment: folder).isEmpty)
        let none = try await b.run(["videos", "--rated"], environment: folder)
        #expect((none.stdout + none.stderr).contains("No rated videos match"), "\(none.stdout)\(none.stderr)")

        #expect(try await b.run(["sync"], environment: folder).stderr.contains("1 received from 1 machine"))
        #expect(try await b.ids(["videos", "--rated", "--event", "all"], environment: folder) == ["wwdc2026-101"])
        let page = try await b.run(["session", "101"], environment: folder)
        #expect(page.stdout.contains("overall 4/5, content 3/5, presentation not rated (in the sync folder)"), "\(page.stdout)")
        let listed = try await b.json(["feedback", "--list"], environment: folder)
        #expect(listed.map { $0["comment"] as? String } == ["From A"])
    }

    @Test("an account service only, then both: sent to the service, waiting for the service, in the sync folder")
    func standingsWithService() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        let shared = try Self.folder(sandbox)
        let folder = ["WWDC_SYNC_FOLDER": shared]
        // Not logged in, no terminal: the favorite waits for the service.
        _ = try await sandbox.run(["favorite", "add", "102"])
        #expect(Self.standings(try await sandbox.run(["favorite", "list"])) == ["wwdc2026-102": "waiting for the service"])
        #expect(try await sandbox.login().status == 0)
        #expect(try await sandbox.run(["favorite", "add", "101"]).status == 0)
        #expect(try await sandbox.run(["feedback", "101", "--rating", "4"], environment: ["WWDC_NOW": BrowseSandbox.now]).status == 0)
        #expect(Self.standings(try await sandbox.run(["favorite", "list"]))
                == ["wwdc2026-101": "sent to the service", "wwdc2026-102": "sent to the service"])
        #expect(Self.standings(try await sandbox.run(["feedback", "--list"])) == ["wwdc2026-101": "sent to the service"])

        // Both: made before the folder was set, they wait for it; a new change goes to both, and takes them along.
        #expect(Self.standings(try await sandbox.run(["favorite", "list"], environment: folder))
                == ["wwdc2026-101": "sent to the service, waiting for the sync folder",
                    "wwdc2026-102": "sent to the service, waiting for the sync folder"])
        #expect(try await sandbox.run(["favorite", "add", "103"], environment: folder).status == 0)
        #expect(Set(Self.standings(try await sandbox.run(["favorite", "list"], environment: folder)).values)
                == ["sent to the service, in the sync folder"])
        try await server.fault("/account/*", "status", value: 503)
        _ = try await sandbox.run(["favorite", "add", "104"], environment: folder)
        #expect(Self.standings(try await sandbox.run(["favorite", "list"], environment: folder))["wwdc2026-104"]
                == "in the sync folder, waiting for the service")
        try await server.clearFaults()
        #expect(try await sandbox.run(["sync"], environment: folder).status == 0)
        #expect(Set(Self.standings(try await sandbox.run(["favorite", "list"], environment: folder)).values)
                == ["sent to the service, in the sync folder"])
    }

    @Test("favorites with an account service and a sync folder: they go to both, and two machines end with the service's favorites")
    func serviceAndFolder() async throws {
        let (a, server) = try await Sandbox.synced()
        let b = try Sandbox()
        defer { a.remove(); b.remove(); server.stop() }
        #expect(try await b.run(["sync", "--source", server.baseURL.absoluteString]).status == 0)
        let shared = try Self.folder(a)
        let folder = ["WWDC_SYNC_FOLDER": shared]
        #expect(try await a.login().status == 0)
        #expect(try await b.login().status == 0)

        #expect(try await a.run(["favorite", "add", "101", "102"], environment: folder).status == 0)
        #expect(try await server.favorites() == ["wwdc2026-101", "wwdc2026-102"], "sent to the service")
        let journal = try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasSuffix(".journal") }
        #expect(journal.count == 1, "\(journal)")
        let lines = try String(contentsOfFile: shared + "/" + journal[0], encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""kind":"favorite""#) }.count == 2, "and written to the folder: \(lines)")

        // B takes them from both, removes one and adds another; A follows.
        #expect(try await b.run(["sync"], environment: folder).status == 0)
        #expect(try b.localFavorites() == ["wwdc2026-101": "synced", "wwdc2026-102": "synced"])
        #expect(try await b.run(["favorite", "remove", "101"], environment: folder).status == 0)
        #expect(try await b.run(["favorite", "add", "103"], environment: folder).status == 0)
        #expect(try await server.favorites() == ["wwdc2026-102", "wwdc2026-103"])
        for machine in [a, b, a, b] { #expect(try await machine.run(["sync"], environment: folder).status == 0) }
        #expect(try a.localFavorites() == ["wwdc2026-102": "synced", "wwdc2026-103": "synced"])
        #expect(try b.localFavorites() == a.localFavorites())
        #expect(try await server.favorites() == ["wwdc2026-102", "wwdc2026-103"])
        for machine in [a, b] {
            let listed = Self.standings(try await machine.run(["favorite", "list"], environment: folder))
            #expect(listed == ["wwdc2026-102": "sent to the service, in the sync folder", "wwdc2026-103": "sent to the service, in the sync folder"])
        }
    }

    @Test("two stores sharing one config folder (--db) write as two machines: two journals, each store's changes reach the other")
    func twoStoresOneConfig() async throws {
        let a = try await BrowseSandbox.synced()
        defer { a.remove() }
        let other = a.sandbox.directory.path("other.sqlite").path
        #expect(try await a.run(["sync", "--source", ProjectPaths.fixtures.path, "--db", other]).status == 0)
        let shared = try Self.folder(a.sandbox)
        let folder = ["WWDC_SYNC_FOLDER": shared]
        #expect(try await a.run(["favorite", "add", "101"], environment: folder).status == 0)
        #expect(try await a.run(["favorite", "add", "102", "--db", other], environment: folder).status == 0)
        let journals = try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasSuffix(".journal") }.sorted()
        #expect(journals.count == 2, "one journal per store: \(journals)")
        let config = try await a.run(["config", "list"], environment: folder)
        let machine = try #require(config.stdout.split(separator: "\n").first { $0.hasPrefix("This machine's id") }?.split(separator: " ").last)
        #expect(journals.contains("\(machine).journal") && journals.contains { $0.hasPrefix("\(machine)-") }, "\(journals), \(machine)")

        #expect(try await a.run(["sync", "--db", other], environment: folder).stderr.contains("1 received from 1 machine"))
        #expect(try await a.run(["sync"], environment: folder).stderr.contains("1 received from 1 machine"))
        #expect(try await a.ids(["favorite", "list"]) == ["wwdc2026-101", "wwdc2026-102"])
        #expect(try await a.ids(["favorite", "list", "--db", other]) == ["wwdc2026-101", "wwdc2026-102"])
    }
}
