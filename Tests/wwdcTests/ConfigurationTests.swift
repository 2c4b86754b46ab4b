import Foundation
import TestSupport
import Testing

/// The config file: `wwdc config list|get|set`, its errors, and a flag over the environment over
/// the file over the default.
@Suite("configuration file")
struct ConfigurationTests {
    static let keys = ["source": "WWDC_SOURCE", "language": "WWDC_LANGUAGE", "player": "WWDC_PLAYER", "pager": "WWDC_PAGER",
                       "download-dir": "WWDC_DOWNLOAD_DIR", "jobs": "WWDC_JOBS"]

    static func file(_ sandbox: Sandbox) -> URL { sandbox.directory.path("config").appendingPathComponent("wwdc/config") }

    @Test("every key: the environment over the file over nothing; set keeps comments and other lines")
    func precedenceEveryKey() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for (key, variable) in Self.keys.sorted(by: { $0.key < $1.key }) {
            #expect(try await sandbox.run(["config", "get", key]).stdout == "", "\(key) is unset at first")
            let set = try await sandbox.run(["config", "set", key, "from-file-\(key)"])
            #expect(set.status == 0, "\(set.stderr)")
            #expect(try await sandbox.run(["config", "get", key]).stdout == "from-file-\(key)\n")
            let environment = try await sandbox.run(["config", "get", key], environment: [variable: "from-env"])
            #expect(environment.stdout == "from-env\n", "\(key): the environment wins over the file")
            let list = try await sandbox.run(["config", "list"], environment: [variable: "from-env"])
            #expect(list.stdout.contains("\(key) = from-env  (environment: \(variable))"), "\(list.stdout)")
        }
        // `set` replaces the line in place and keeps the rest as written.
        var text = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        text = "# mine\n" + text + "\n   # indented comment\n"
        try Data(text.utf8).write(to: Self.file(sandbox))
        #expect(try await sandbox.run(["config", "set", "player", "mpv --fs"]).status == 0)
        let after = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        #expect(after.hasPrefix("# mine\n") && after.contains("\n   # indented comment\n") && after.contains("player = mpv --fs\n"), "\(after)")
        #expect(after.components(separatedBy: "player =").count == 2, "one player line: \(after)")
    }

    @Test("source: --source over WWDC_SOURCE over the file over the sample")
    func sourcePrecedence() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let missing = sandbox.directory.path("missing").path
        #expect(try await sandbox.run(["config", "set", "source", missing]).status == 0)
        let fromFile = try await sandbox.run(["sync"])
        #expect(fromFile.status != 0 && fromFile.stderr.contains(missing), "the file's source is used: \(fromFile.stderr)")
        #expect(try await sandbox.run(["config", "set", "source", ProjectPaths.fixtures.path]).status == 0)
        #expect(try await sandbox.run(["sync"]).status == 0, "the file's good source")
        let fromEnvironment = try await sandbox.run(["sync"], environment: ["WWDC_SOURCE": missing])
        #expect(fromEnvironment.status != 0 && fromEnvironment.stderr.contains(missing), "the environment over the file: \(fromEnvironment.stderr)")
        let fromFlag = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path], environment: ["WWDC_SOURCE": missing])
        #expect(fromFlag.status == 0, "the flag over the environment: \(fromFlag.stderr)")
    }

    @Test("player: WWDC_PLAYER over the file's player")
    func playerPrecedence() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        #expect(try await store.run(["config", "set", "player", "no-such-player-from-file"]).status == 0)
        let fromFile = try await store.run(["watch", "101"])
        #expect(fromFile.stderr.contains("no-such-player-from-file"), "\(fromFile.stderr)")
        let fromEnvironment = try await store.run(["watch", "101"], environment: ["WWDC_PLAYER": "no-such-player-from-env"])
        #expect(fromEnvironment.stderr.contains("no-such-player-from-env") && !fromEnvironment.stderr.contains("from-file"), "\(fromEnvironment.stderr)")
    }

    @Test("unknown keys are usage errors with a suggestion; a malformed line names the file and the line")
    func errors() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let unknown = try await sandbox.run(["config", "set", "plaeyr", "mpv"])
        #expect(unknown.status == 64)
        #expect(unknown.errorLines == ["Error: Unknown key 'plaeyr'. Did you mean 'player'?"], "\(unknown.stderr)")
        try FileManager.default.createDirectory(at: Self.file(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# ok\njobs = 2\nthis is not a setting\n".utf8).write(to: Self.file(sandbox))
        let malformed = try await sandbox.run(["config", "list"])
        #expect(malformed.status == 1)
        #expect(malformed.errorLines == ["Error: \(Self.file(sandbox).path), line 3: expected 'key = value', found 'this is not a setting'"],
                "\(malformed.stderr)")
        try Data("jobz = 2\n".utf8).write(to: Self.file(sandbox))
        let badKey = try await sandbox.run(["schedule"])
        #expect(badKey.errorLines == ["Error: \(Self.file(sandbox).path), line 1: unknown key 'jobz'"], "\(badKey.stderr)")
        #expect(badKey.stderr.contains("Did you mean 'jobs'?"))
    }
}
