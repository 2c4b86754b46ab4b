import CommandLineKit
import Foundation
import Testing

/// The config file in process: how a value is read from its line, and what setting one keeps.
@Suite("Config file")
struct ConfigFileTests {
    /// A folder to stand for `XDG_CONFIG_HOME`, holding `demo/config` with `text` when given.
    final class Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("config-file-\(UUID().uuidString)")
        var environment: [String: String] { ["XDG_CONFIG_HOME": url.path, "HOME": "/nonexistent"] }
        var file: URL { url.appendingPathComponent("demo/config") }

        init(_ text: String? = nil) throws {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let text { try Data(text.utf8).write(to: file) }
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func read() throws -> ConfigFile {
            try ConfigFile(program: "demo", keys: ["player", "jobs"], environment: environment)
        }
    }

    @Test("a value ends at a '#' that starts it or follows a blank, outside quotes; one wholly in double quotes loses them")
    func values() {
        let cases: [(String, String, String)] = [
            (" mpv --fs   # full screen", "mpv --fs", "   # full screen"),
            ("#all comment", "", "#all comment"),
            (" a#b", "a#b", ""),
            (" \"a # b\"  # note", "a # b", "  # note"),
            (" 'a # b'", "'a # b'", ""),
        ]
        for (text, value, comment) in cases {
            let read = ConfigFile.value(of: Substring(text))
            #expect(read.value == value && read.comment == comment, "\(text)")
        }
        #expect(ConfigFile.written("a # b") == "\"a # b\"")
        #expect(ConfigFile.written("plain") == "plain")
        #expect(ConfigFile.written("a # \"b\"") == nil, "quotes and a '#' no writing keeps both")
    }

    @Test("set changes the key's last line and keeps its comment; other lines stay as written; a new key is added")
    func set() throws {
        let home = try Home("# mine\nplayer = vlc\n\njobs = 2   # slow line\n")
        var file = try home.read()
        #expect(file.value("jobs") == "2" && file.setting("player")?.line == 2)
        #expect(file.set("jobs", to: "4") && file.set("player", to: "mpv # fs"))
        #expect(file.text == "# mine\nplayer = \"mpv # fs\"\n\njobs = 4   # slow line\n")
        try file.save()
        #expect(try home.read().value("player") == "mpv # fs")
        #expect(file.set("missing", to: "x") && file.text.hasSuffix("missing = x\n"))
    }

    @Test("no file is an empty configuration; a line that is not 'key = value', or an unknown key, names the file and the line")
    func errors() throws {
        #expect(try Home().read().lines.isEmpty)
        for (text, message, hint) in [
            ("jobs = 2\nnonsense\n", "line 2: expected 'key = value', found 'nonsense'", "keys: player, jobs."),
            ("plyer = mpv\n", "line 1: unknown key 'plyer'", "Did you mean 'player'?"),
        ] {
            let home = try Home(text)
            do {
                _ = try home.read()
                Issue.record("'\(text)' must be refused")
            } catch let error as RuntimeError {
                #expect(error.message == home.file.path + ", " + message)
                #expect(error.hint?.hasSuffix(hint) == true, "\(error.hint ?? "")")
            }
        }
    }
}
