import Foundation
import TestSupport
import TestTraits
import Testing

/// The config file: `wwdc config list|get|set`, its errors, and a flag over the environment over
/// the file over the default.
@Suite("configuration file", .offThePool)
struct ConfigurationTests {
    static let keys = ["source": "WWDC_SOURCE", "language": "WWDC_LANGUAGE", "player": "WWDC_PLAYER", "speed": "WWDC_SPEED", "pager": "WWDC_PAGER",
                       "download-dir": "WWDC_DOWNLOAD_DIR", "jobs": "WWDC_JOBS", "images": "WWDC_IMAGES", "notify": "WWDC_NOTIFY", "browse-sync": "WWDC_BROWSE_SYNC",
                       "subtitles": "WWDC_SUBTITLES", "sync-folder": "WWDC_SYNC_FOLDER"]

    static func file(_ sandbox: Sandbox) -> URL { sandbox.directory.path("config").appendingPathComponent("wwdc/config") }

    /// Two usable values of each key: one for the file, one for the environment.
    static func values(_ sandbox: Sandbox) throws -> [String: (file: String, environment: String)] {
        let fileFolder = sandbox.directory.path("feeds-file")
        let environmentFolder = sandbox.directory.path("feeds-env")
        for folder in [fileFolder, environmentFolder] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        return ["source": (fileFolder.path, environmentFolder.path), "language": ("jpn", "kor"), "player": ("mpv --fs", "vlc"), "speed": ("1.5", "2"),
                "pager": ("less -R", "more"), "download-dir": ("/tmp/from-file", "/tmp/from-env"), "jobs": ("4", "2"),
                "images": ("never", "always"), "notify": ("desktop", "off"), "browse-sync": ("never", "always"), "subtitles": ("off", "on"), "sync-folder": ("/tmp/sync-from-file", "/tmp/sync-from-env")]
    }

    @Test("every key: the environment over the file over the default, each said; set keeps comments and other lines")
    func precedenceEveryKey() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let values = try Self.values(sandbox)
        for (key, variable) in Self.keys.sorted(by: { $0.key < $1.key }) {
            let (fileValue, environmentValue) = try #require(values[key])
            let unset = try await sandbox.run(["config", "get", key])
            // Nothing set: the default (the sandbox's PAGER for the pager).
            #expect(unset.status == 0 && (unset.stderr.hasPrefix("(default") || key == "pager" && unset.stderr == "(environment: PAGER)\n"),
                    "\(key): \(unset.stderr)")
            let set = try await sandbox.run(["config", "set", key, fileValue])
            #expect(set.status == 0, "\(set.stderr)")
            let fromFile = try await sandbox.run(["config", "get", key])
            #expect(fromFile.stdout == fileValue + "\n", "\(key)")
            #expect(fromFile.stderr.contains("(\(Self.file(sandbox).path), line "), "\(key): \(fromFile.stderr)")
            let environment = try await sandbox.run(["config", "get", key], environment: [variable: environmentValue])
            #expect(environment.stdout == environmentValue + "\n", "\(key): the environment wins over the file")
            #expect(environment.stderr == "(environment: \(variable))\n", "\(key): \(environment.stderr)")
            let list = try await sandbox.run(["config", "list"], environment: [variable: environmentValue])
            #expect(list.stdout.contains("\(key) = \(environmentValue)  (environment: \(variable))"), "\(list.stdout)")
        }
        // `set` replaces the line in place and keeps the rest as written.
        var text = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        text = "# mine\n" + text + "\n   # indented comment\n"
        try Data(text.utf8).write(to: Self.file(sandbox))
        #expect(try await sandbox.run(["config", "set", "player", "mpv --fs --mute"]).status == 0)
        let after = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        #expect(after.hasPrefix("# mine\n") && after.contains("\n   # indented comment\n") && after.contains("player = mpv --fs --mute\n"), "\(after)")
        #expect(after.components(separatedBy: "player =").count == 2, "one player line: \(after)")
    }

    @Test("config get and list: the value in force and where it comes from, the last sync's source and language, and the defaults")
    func inForce() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let list = try await sandbox.run(["config", "list"], environment: ["LANG": "C", "PATH": "/nonexistent"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.keys.count, "\(list.stdout)")
        #expect(lines.contains("source = \(ProjectPaths.fixtures.path)  (default: the bundled sample conference)"), "\(lines)")
        #expect(lines.contains("language = en  (default)"), "\(lines)")
        #expect(lines.contains("player  (default: none of mpv, vlc, ffplay is installed: the address is printed)"), "\(lines)")
        #expect(lines.contains("speed  (default: the player's own)"), "\(lines)")
        #expect(lines.contains("pager = cat  (environment: PAGER)"), "\(lines)")
        #expect(lines.contains("download-dir = \(sandbox.directory.path("data").path)/wwdc/downloads  (default)"), "\(lines)")
        #expect(lines.contains("jobs = 3  (default)"), "\(lines)")
        #expect(lines.contains("images = auto  (default)"), "\(lines)")
        #expect(lines.contains("subtitles = on  (default)"), "\(lines)")

        let server = try await ReferenceServer.start()
        defer { server.stop() }
        #expect(try await sandbox.run(["sync", "--source", server.baseURL.absoluteString, "--language", "jpn"]).status == 0)
        let source = try await sandbox.run(["config", "get", "source"])
        let base = server.baseURL.absoluteString
        #expect(source.stdout == base + (base.hasSuffix("/") ? "" : "/") + "\n" && source.stderr == "(last sync)\n", "\(source.stdout)\(source.stderr)")
        let language = try await sandbox.run(["config", "get", "language"])
        #expect(language.stdout == "jpn\n" && language.stderr == "(last sync)\n", "\(language.stdout)\(language.stderr)")
    }

    @Test("config set checks a value as commands read it: refused values leave the file as it was (exit 64); relative folders are written absolute")
    func setChecks() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["config", "set", "jobs", "4"]).status == 0)
        let before = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        let refused: [(key: String, value: String, problem: String)] = [
            ("jobs", "99", "expected a whole number from 1 to 16"), ("jobs", "many", "expected a whole number from 1 to 16"),
            ("jobs", "0", "expected a whole number from 1 to 16"), ("language", "en glish", "expected a language code"),
            ("source", "/no/such/folder", "/no/such/folder"), ("source", "http://example.com/feeds/", "example.com"),
            ("player", "mpv '--fs", "a quote is not closed"), ("pager", "\"less", "a quote is not closed"),
            ("download-dir", " ", "expected the path of a folder"), ("images", "sometimes", "expected auto, always or never"),
            ("download-dir", " ", "expected the path of a folder"), ("notify", "yes", "expected desktop or off"),
            ("speed", "fast", "expected a speed from 0.01 to 100"), ("speed", "0", "expected a speed from 0.01 to 100"),
        ]
        for (key, value, problem) in refused {
            let result = try await sandbox.run(["config", "set", key, value])
            #expect(result.status == 64, "\(key) \(value): \(result.stderr)")
            #expect(result.errorLines.first?.hasPrefix("Error: Invalid value '\(value)' for '\(key)': ") == true
                    && result.errorLines.first?.contains(problem) == true, "\(result.stderr)")
        }
        #expect(try String(contentsOf: Self.file(sandbox), encoding: .utf8) == before)

        let folder = sandbox.directory.path("feeds")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let relative = try await onThread {
            try CommandRunner.start(CommandRunner.wwdc, ["config", "set", "source", "feeds"], environment: sandbox.environment(),
                                    directory: sandbox.directory.url).wait()
        }
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(try String(contentsOf: Self.file(sandbox), encoding: .utf8).contains("source = \(folder.path)\n"))
    }

    @Test("a '#' after a value starts a comment; quotes keep one; set keeps the line's comment and quotes what needs it")
    func comments() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: Self.file(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            jobs = 4   # four at once
            player = "mpv --title=x # y"  # quoted: the '#' is the title's
            pager = less -R#not-a-comment
            language =   jpn\t# tab before the comment

            """.utf8).write(to: Self.file(sandbox))
        for (key, value) in [("jobs", "4"), ("player", "mpv --title=x # y"), ("pager", "less -R#not-a-comment"), ("language", "jpn")] {
            let result = try await sandbox.run(["config", "get", key])
            #expect(result.status == 0 && result.stdout == value + "\n", "\(key): \(result.stdout) \(result.stderr)")
        }
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        // The file's jobs is read as 4: a download's --resume runs (nothing to resume).
        let resumed = try await store.run(["download", "--resume"], environment: ["XDG_CONFIG_HOME": sandbox.directory.path("config").path])
        #expect(resumed.status == 0, "\(resumed.stderr)")

        #expect(try await sandbox.run(["config", "set", "jobs", "6"]).status == 0)
        #expect(try await sandbox.run(["config", "set", "pager", "less # not a comment"]).status == 0)
        let text = try String(contentsOf: Self.file(sandbox), encoding: .utf8)
        #expect(text.contains("jobs = 6   # four at once\n"), "\(text)")
        #expect(text.contains("pager = \"less # not a comment\"\n"), "\(text)")
        #expect(try await sandbox.run(["config", "get", "pager"]).stdout == "less # not a comment\n")
    }

    @Test("source: --source over WWDC_SOURCE over the file over the sample; a file's source that is gone is said with its line")
    func sourcePrecedence() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let gone = sandbox.directory.path("gone")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        #expect(try await sandbox.run(["config", "set", "source", gone.path]).status == 0)
        try FileManager.default.removeItem(at: gone)
        let fromFile = try await sandbox.run(["sync"])
        #expect(fromFile.status == 1, "\(fromFile.stderr)")
        #expect(fromFile.errorLines.first?.hasPrefix("Error: \(Self.file(sandbox).path), line 1: source is '\(gone.path)': ") == true, "\(fromFile.stderr)")
        #expect(try await sandbox.run(["config", "set", "source", ProjectPaths.fixtures.path]).status == 0)
        #expect(try await sandbox.run(["sync"]).status == 0, "the file's good source")
        let missing = gone.path
        let fromEnvironment = try await sandbox.run(["sync"], environment: ["WWDC_SOURCE": missing])
        #expect(fromEnvironment.status == 1 && fromEnvironment.errorLines.first?.hasPrefix("Error: WWDC_SOURCE is '\(missing)': ") == true,
                "the environment over the file: \(fromEnvironment.stderr)")
        let fromFlag = try await sandbox.run(["sync", "--source", ProjectPaths.fixtures.path], environment: ["WWDC_SOURCE": missing])
        #expect(fromFlag.status == 0, "the flag over the environment: \(fromFlag.stderr)")
        let badFlag = try await sandbox.run(["sync", "--source", missing])
        #expect(badFlag.status == 64 && badFlag.errorLines.first?.hasPrefix("Error: Invalid value '\(missing)' for '--source'") == true, "\(badFlag.stderr)")
    }

    @Test("player: WWDC_PLAYER over the file's player")
    func playerPrecedence() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        #expect(try await store.run(["config", "set", "player", "no-such-player-from-file"]).status == 0)
        let fromFile = try await store.run(["watch", "101"])
        let file = store.sandbox.directory.path("config").appendingPathComponent("wwdc/config").path
        #expect(fromFile.errorLines == ["Error: \(file), line 1: the player 'no-such-player-from-file' was not found"], "\(fromFile.stderr)")
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

    @Test("jobs: --jobs over WWDC_JOBS over the file; a bad value is said, naming the file and its line, or the variable")
    func jobsPrecedence() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let nothing = "Nothing to resume: every download is complete."
        #expect(try await store.run(["download", "--resume"]).stderr.contains(nothing), "the default")
        let file = store.sandbox.directory.path("config").appendingPathComponent("wwdc/config")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# by hand\njobs = 99\n".utf8).write(to: file)
        let fromFile = try await store.run(["download", "--resume"])
        #expect(fromFile.status == 1)
        #expect(fromFile.errorLines == ["Error: \(file.path), line 2: jobs is '99': expected a whole number from 1 to 16"], "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("Hint: Change it with 'wwdc config set jobs <value>'"), "\(fromFile.stderr)")
        let got = try await store.run(["config", "get", "jobs"])
        #expect(got.status == 1 && got.errorLines == fromFile.errorLines, "\(got.stderr)")
        let fromEnvironment = try await store.run(["download", "--resume"], environment: ["WWDC_JOBS": "2"])
        #expect(fromEnvironment.status == 0 && fromEnvironment.stderr.contains(nothing), "the environment over the file: \(fromEnvironment.stderr)")
        let badEnvironment = try await store.run(["download", "--resume"], environment: ["WWDC_JOBS": "0"])
        #expect(badEnvironment.errorLines == ["Error: WWDC_JOBS is '0': expected a whole number from 1 to 16"], "\(badEnvironment.stderr)")
        let fromFlag = try await store.run(["download", "--resume", "--jobs", "2"], environment: ["WWDC_JOBS": "0"])
        #expect(fromFlag.status == 0 && fromFlag.stderr.contains(nothing), "the flag over the environment: \(fromFlag.stderr)")
        // The file's bad language, met by sync: the same, with its line.
        try Data("language = en glish\n".utf8).write(to: file)
        let sync = try await store.run(["sync"])
        #expect(sync.status == 1 && sync.errorLines == ["Error: \(file.path), line 1: language is 'en glish': expected a language code such as en, jpn, zho, kor"],
                "\(sync.stderr)")
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

    @Test("download-dir as every setting: the blanks around a value are not part of it, and a blank value counts as none")
    func downloadFolderTrimmed() async throws {
        let bench = try await DownloadBench.start()
        defer { bench.stop() }
        let padded = bench.sandbox.directory.path("padded").path
        for id in ["101", "102"] {
            try await bench.server.configureMedia(try DownloadBench.mediaPath("wwdc2026-\(id)"), size: 20_000)
        }
        // Run in the sandbox: a value read with its blanks would be a folder of that name under the current one.
        func download(_ id: String, folder: String) async throws -> CommandResult {
            try await onThread {
                try CommandRunner.start(CommandRunner.wwdc, ["download", id], environment: bench.sandbox.environment(["WWDC_DOWNLOAD_DIR": folder]),
                                        directory: bench.sandbox.directory.url).wait()
            }
        }
        let blank = try await download("101", folder: "  ")
        #expect(blank.status == 0, "\(blank.stderr)")
        let spaced = try await download("102", folder: " \(padded)\t")
        #expect(spaced.status == 0, "\(spaced.stderr)")
        let downloads = try await bench.downloads()
        func folder(_ id: String) -> String? {
            (downloads["wwdc2026-\(id) hd"]?["path"] as? String).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        }
        #expect(folder("101") == bench.folder.path, "a blank value: the default")
        #expect(folder("102") == padded, "the value without its blanks")
    }

    @Test("the store: --db over WWDC_DB over the data folder; an empty value counts as none")
    func storePrecedence() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let flag = sandbox.directory.path("flag.sqlite").path
        let variable = sandbox.directory.path("variable.sqlite").path
        let dataFolder = sandbox.directory.path("data").appendingPathComponent("wwdc/wwdc.sqlite").path
        for (arguments, database, expected) in [(["--db", flag], variable, flag), ([], variable, variable), ([], "", dataFolder),
                                                (["--db", ""], variable, variable)] {
            let result = try await sandbox.run(["sync", "--quiet", "--json"] + arguments, environment: ["WWDC_DB": database])
            #expect(result.status == 0, "\(arguments) \(database): \(result.stderr)")
            let summary = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
            #expect(summary["database"] as? String == expected, "\(arguments), WWDC_DB=\(database)")
            #expect(FileManager.default.fileExists(atPath: expected), "\(expected)")
        }
    }

    @Test("pager: WWDC_PAGER over the file's pager over $PAGER")
    func pagerPrecedence() async throws {
        let store = try await PagerTests.store()
        defer { store.remove() }
        let fileDirectory = try TemporaryDirectory("wwdc-pager-file")
        let environmentDirectory = try TemporaryDirectory("wwdc-pager-env")
        defer { fileDirectory.remove(); environmentDirectory.remove() }
        let filePager = try await PagerTests.RecordingPager(in: fileDirectory)
        let environmentPager = try await PagerTests.RecordingPager(in: environmentDirectory)
        #expect(try await store.run(["config", "set", "pager", filePager.script.path]).status == 0)
        _ = try await PagerTests().onTerminal(store, ["transcript", "202"], environment: ["PAGER": environmentPager.script.path])
        #expect(filePager.ran && !environmentPager.ran, "the file's pager over $PAGER")
        try FileManager.default.removeItem(at: filePager.input)
        _ = try await PagerTests().onTerminal(store, ["transcript", "202"], environment: ["WWDC_PAGER": environmentPager.script.path])
        #expect(environmentPager.ran && !filePager.ran, "WWDC_PAGER over the file's pager")
    }

    @Test("a value in the file a command cannot use: one line naming the file's line and the key, from config get and config list alike")
    func badValuesInTheFile() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let bad: [(key: String, value: String, reason: String)] = [
            ("language", "en glish", "expected a language code such as en, jpn, zho, kor"), ("player", "mpv '--fs", "not a command line: a quote is not closed"),
            ("pager", "\"less", "not a command line: a quote is not closed"), ("jobs", "99", "expected a whole number from 1 to 16"),
            ("images", "sometimes", "expected auto, always or never"), ("notify", "yes", "expected desktop or off"),
            ("speed", "1,5", "expected a speed from 0.01 to 100, such as 1.5 (1 is normal)"),
        ]
        try FileManager.default.createDirectory(at: Self.file(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(("# by hand\n" + bad.map { "\($0.key) = \($0.value)\n" }.joined()).utf8).write(to: Self.file(sandbox))
        let list = try await sandbox.run(["config", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        for (index, (key, value, reason)) in bad.enumerated() {
            let line = "\(Self.file(sandbox).path), line \(index + 2)"
            let got = try await sandbox.run(["config", "get", key])
            #expect(got.status == 1 && got.stdout.isEmpty, "\(key): \(got.stdout)\(got.stderr)")
            #expect(got.errorLines == ["Error: \(line): \(key) is '\(value)': \(reason)"], "\(got.stderr)")
            #expect(got.stderr.contains("Hint: Change it with 'wwdc config set \(key) <value>', or edit the file."), "\(got.stderr)")
            #expect(list.stdout.contains("\(key) = \(value)  (\(line); not usable: \(reason))"), "\(list.stdout)")
        }
    }

    @Test("config get and config set: an unknown key is a usage error naming the nearest key, else every key, and writes nothing")
    func unknownKeys() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let every = "source, language, player, speed, pager, download-dir, jobs, images, notify, browse-sync, subtitles, sync-folder"
        for arguments in [["config", "get", "jbos"], ["config", "set", "jbos", "2"]] {
            let near = try await sandbox.run(arguments)
            #expect(near.status == 64 && near.stdout.isEmpty, "\(near.stderr)")
            #expect(near.errorLines == ["Error: Unknown key 'jbos'. Did you mean 'jobs'?"], "\(near.stderr)")
            #expect(near.stderr.contains("Usage: wwdc \(arguments[0]) \(arguments[1]) <key>"), "\(near.stderr)")
        }
        for arguments in [["config", "get", "colour"], ["config", "set", "colour", "red"]] {
            let far = try await sandbox.run(arguments)
            #expect(far.status == 64 && far.errorLines == ["Error: Unknown key 'colour'. The keys: \(every)."], "\(far.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: Self.file(sandbox).path))
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
