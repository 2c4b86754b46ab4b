import ConferenceData
import Foundation
import TestSupport
import TestTraits
import Testing

/// The command-line conventions, for every command of the table (listed by the hidden `wwdc __commands`, so
/// commands added later are covered): `--help` and `wwdc help` exit 0 with examples, a bad flag
/// exits 64 with the usage line. Also: an empty store asks for `wwdc sync`, never a stack trace.
@Suite("CLI conventions", .offThePool)
struct CLIConventionsTests {
    static func commandPaths(_ sandbox: Sandbox) async throws -> [String] {
        let result = try await sandbox.run(["__commands"])
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("every command: --help and 'wwdc help' exit 0 with usage and examples; a bad flag exits 64 with the usage line")
    func helpAndBadFlags() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let paths = try await Self.commandPaths(sandbox)
        for expected in ["sync", "schedule", "session", "news", "videos", "watch", "export", "completion", "favorite add", "__complete-ids"] {
            #expect(paths.contains(expected), "\(expected) is not in the table")
        }
        for path in paths {
            let words = path.split(separator: " ").map(String.init)
            let help = try await sandbox.run(words + ["--help"])
            #expect(help.status == 0, "\(path) --help: \(help.stderr)")
            #expect(help.stderr.isEmpty, "\(path) --help wrote to stderr")
            #expect(help.stdout.contains("USAGE: wwdc \(path)"), "\(path) --help: \(help.stdout)")
            #expect(help.stdout.contains("\nEXAMPLES:\n  "), "\(path) --help has no examples")
            let short = try await sandbox.run(words + ["-h"])
            #expect(short.status == 0 && short.stdout == help.stdout, "\(path) -h")
            let topic = try await sandbox.run(["help"] + words)
            #expect(topic.status == 0 && topic.stdout == help.stdout, "wwdc help \(path)")

            let bad = try await sandbox.run(words + ["--definitely-not-an-option"])
            #expect(bad.status == 64, "\(path): exit \(bad.status)")
            #expect(bad.stdout.isEmpty, "\(path): a usage error wrote to stdout")
            let lines = bad.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "Error: Unknown option '--definitely-not-an-option'", "\(path): \(bad.stderr)")
            #expect(lines.contains { $0.hasPrefix("Usage: wwdc \(path)") }, "\(path): no usage line in \(bad.stderr)")
            #expect(lines.last == "  See 'wwdc \(path) --help' for more information.", "\(path): \(bad.stderr)")
        }
        let version = try await sandbox.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("wwdc "))
        let unknown = try await sandbox.run(["schedul"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Did you mean 'schedule'?"))
        // Hidden commands are not advertised.
        let root = try await sandbox.run(["--help"])
        #expect(root.stdout.contains("schedule") && !root.stdout.contains("__complete-ids"))
    }

    @Test("an empty store: every browsing command says to run 'wwdc sync' first, exit 1, and creates no file")
    func emptyStore() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let commands: [[String]] = [
            ["schedule"], ["schedule", "--json"], ["session", "101"], ["news"], ["videos"], ["watch", "101"],
            ["export", "--ics"], ["favorite", "list"],
        ]
        func check(_ state: String) async throws {
            for command in commands {
                let result = try await sandbox.run(command)
                #expect(result.status == 1, "\(state) \(command): exit \(result.status)")
                #expect(result.stdout.isEmpty, "\(state) \(command)")
                #expect(result.stderr == "Error: the store is empty\nHint: Run 'wwdc sync' first.\n", "\(state) \(command): \(result.stderr)")
            }
        }
        try await check("no database:")
        #expect(!FileManager.default.fileExists(atPath: sandbox.database.path), "browsing created the database")
        // A database with the schema and nothing synced.
        _ = try ConferenceStore(path: sandbox.database.path)
        try await check("empty database:")
        // Completion stays quiet.
        let ids = try await sandbox.run(["__complete-ids"])
        #expect(ids.status == 0 && ids.stdout.isEmpty && ids.stderr.isEmpty)
    }

    @Test("a reader that has gone (wwdc … | head): the command ends quietly with exit 0", arguments: [
        ["schedule", "--event", "all"], ["schedule", "--json"], ["export", "--ics"], ["completion", "bash"],
    ])
    func readerGone(_ command: [String]) async throws {
        let browse = try await BrowseSandbox.synced()
        defer { browse.remove() }
        let running = try browse.sandbox.start(command, readerGone: true)
        let result = try await onThread { running.wait() }
        #expect(!result.signalled, "\(command): killed by signal \(result.status)")
        #expect(result.status == 0, "\(command): exit \(result.status)")
        #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
    }
}
