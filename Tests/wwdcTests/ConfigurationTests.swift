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

    @Test("language: --language over WWDC_LANGUAGE over the file over the default")
    func languagePrecedence() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let plain = ["LANG": "C"]
        let (byDefault, defaultSummary) = try await LanguageAndSourceTests.sync(sandbox, environment: plain)
        #expect(byDefault.status == 0 && defaultSummary["language"] as? String == "en", "\(byDefault.stderr)")
        #expect(try await sandbox.run(["config", "set", "language", "jpn"]).status == 0)
        let (fromFile, fileSummary) = try await LanguageAndSourceTests.sync(sandbox, environment: plain)
        #expect(fromFile.status == 0 && fileSummary["language"] as? String == "jpn", "\(fromFile.stderr)")
        let (fromEnvironment, environmentSummary) = try await LanguageAndSourceTests.sync(sandbox, environment: plain.merging(["WWDC_LANGUAGE": "en"]) { $1 })
        #expect(fromEnvironment.status == 0 && environmentSummary["language"] as? String == "en", "\(fromEnvironment.stderr)")
        let (fromFlag, flagSummary) = try await LanguageAndSourceTests.sync(sandbox, ["--language", "jpn"],
                                                                            environment: plain.merging(["WWDC_LANGUAGE": "en"]) { $1 })
        #expect(fromFlag.status == 0 && flagSummary["language"] as? String == "jpn", "\(fromFlag.stderr)")
    }

    @Test("jobs: --jobs over WWDC_JOBS over the file; a bad value is said, naming both")
    func jobsPrecedence() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let nothing = "Nothing to resume: every download is complete."
        #expect(try await store.run(["download", "--resume"]).stderr.contains(nothing), "the default")
        #expect(try await store.run(["config", "set", "jobs", "99"]).status == 0)
        let fromFile = try await store.run(["download", "--resume"])
        #expect(fromFile.status == 1)
        #expect(fromFile.errorLines == ["Error: WWDC_JOBS (or the config file's 'jobs') is '99': expected a whole number from 1 to 16"], "\(fromFile.stderr)")
        let fromEnvironment = try await store.run(["download", "--resume"], environment: ["WWDC_JOBS": "2"])
        #expect(fromEnvironment.status == 0 && fromEnvironment.stderr.contains(nothing), "the environment over the file: \(fromEnvironment.stderr)")
        let badEnvironment = try await store.run(["download", "--resume"], environment: ["WWDC_JOBS": "0"])
        #expect(badEnvironment.errorLines.first?.contains("is '0'") == true, "\(badEnvironment.stderr)")
        let fromFlag = try await store.run(["download", "--resume", "--jobs", "2"], environment: ["WWDC_JOBS": "0"])
        #expect(fromFlag.status == 0 && fromFlag.stderr.contains(nothing), "the flag over the environment: \(fromFlag.stderr)")
    }

    @Test("download-dir: --dir over WWDC_DOWNLOAD_DIR over the file over the data folder")
    func downloadFolderPrecedence() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let fileFolder = bench.sandbox.directory.path("from-file").path
        let environmentFolder = bench.sandbox.directory.path("from-env").path
        let flagFolder = bench.sandbox.directory.path("from-flag").path
        for id in ["101", "102", "103", "201"] {
            try await bench.server.configureMedia(try DownloadBench.mediaPath("wwdc2026-\(id)"), size: 20_000)
        }
        #expect(try await bench.run(["download", "101"]).status == 0)
        #expect(try await bench.run(["config", "set", "download-dir", fileFolder]).status == 0)
        #expect(try await bench.run(["download", "102"]).status == 0)
        #expect(try await bench.run(["download", "103"], environment: ["WWDC_DOWNLOAD_DIR": environmentFolder]).status == 0)
        #expect(try await bench.run(["download", "201", "--dir", flagFolder], environment: ["WWDC_DOWNLOAD_DIR": environmentFolder]).status == 0)
        let downloads = try await bench.downloads()
        func folder(_ id: String) -> String? {
            (downloads["wwdc2026-\(id) hd"]?["path"] as? String).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        }
        #expect(folder("101") == bench.folder.path, "the default")
        #expect(folder("102") == fileFolder, "the file")
        #expect(folder("103") == environmentFolder, "the environment over the file")
        #expect(folder("201") == flagFolder, "the flag over the environment")
    }

    @Test("pager: WWDC_PAGER over the file's pager over $PAGER")
    func pagerPrecedence() async throws {
        let store = try await PagerTests.store()
        defer { store.remove() }
        let fileDirectory = try TemporaryDirectory("wwdc-pager-file")
        let environmentDirectory = try TemporaryDirectory("wwdc-pager-env")
        defer { fileDirectory.remove(); environmentDirectory.remove() }
        let filePager = try PagerTests.RecordingPager(in: fileDirectory)
        let environmentPager = try PagerTests.RecordingPager(in: environmentDirectory)
        #expect(try await store.run(["config", "set", "pager", filePager.script.path]).status == 0)
        _ = try await PagerTests().onTerminal(store, ["transcript", "202"], environment: ["PAGER": environmentPager.script.path])
        #expect(filePager.ran && !environmentPager.ran, "the file's pager over $PAGER")
        try FileManager.default.removeItem(at: filePager.input)
        _ = try await PagerTests().onTerminal(store, ["transcript", "202"], environment: ["WWDC_PAGER": environmentPager.script.path])
        #expect(environmentPager.ran && !filePager.ran, "WWDC_PAGER over the file's pager")
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
        // --version needs no setting, so it does not read the file (nor fail on it).
        let version = try await sandbox.run(["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("wwdc "))
    }
}
