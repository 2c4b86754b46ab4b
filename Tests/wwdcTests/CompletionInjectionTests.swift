#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport
import TestTraits
import Testing

/// A feed whose names are shell code: completion must offer them as data; and whose ids are too,
/// which the sync skips (an id is ASCII letters, digits, `-`, `_` and `.`), so completion never
/// sees them. Each shell runs interactively on a pseudo-terminal with its own completion system
/// (bash's readline, zsh's compinit, fish's), the user types a prefix, presses TAB, then Enter: a
/// stand-in `wwdc` records the words the shell gave it (completion itself runs the real one).
enum HostileIDs {
    /// The file every payload would create, were it run.
    static func marker(_ sandbox: Sandbox) -> String { sandbox.directory.path("pwned").path }

    /// Track names, by the prefix typed for each (unique among the tracks).
    static func tracks(_ marker: String) -> [(typed: String, name: String)] {
        [
            ("Hack1", "Hack1 $(touch${IFS}\(marker))"),
            ("Hack2", "Hack2 `touch${IFS}\(marker)`"),
            ("Hack3", "Hack3 '\"quoted\"'"),
            ("Hack4", "Hack4;touch${IFS}\(marker);"),
            ("Hack5", "Hack5 two words"),
            ("Hack6", "Hack6 \\back\\slash"),
            ("Hack7", "Hack7 `touch \(marker)` & $(touch \(marker))"),
        ]
    }

    /// A name with a line break, which every list prints on one line (a space for the break).
    static let multiline = (typed: "Hack8", name: "Hack8\nsecond line", printed: "Hack8 second line")
    /// Session ids that are shell code: skipped by the sync.
    static func sessions(_ marker: String) -> [String] {
        ["wwdc2026-h1$(touch${IFS}\(marker))", "101; touch \(marker) #", "wwdc2026-h3'\"quoted\"'", "wwdc2026-h5 two words", "wwdc2026-h7\nsecond line"]
    }
    static func event(_ marker: String) -> String { "wwdc2031$(touch${IFS}\(marker))" }
    /// Refused by the decoder (an option on a command line), and never offered.
    static let dashed = "-wwdc2026-rf"
    static let dashedTrack = "--rf"

    /// The fixtures with the hostile items added, synced into `sandbox`; returns the sync's stdout (JSON).
    static func sync(_ sandbox: Sandbox) async throws -> String {
        let feeds = try sandbox.copyOfFixtures()
        let marker = marker(sandbox)
        try FeedFiles.edit(feeds.appendingPathComponent("contents.json")) { root in
            var contents = root["contents"] as? [[String: Any]] ?? []
            guard let template = contents.first(where: { $0["id"] as? String == "wwdc2026-102" }) else {
                throw BrowseSandbox.Failure(message: "no wwdc2026-102")
            }
            for (index, id) in (sessions(marker) + [dashed]).enumerated() {
                var item = template
                item["id"] = id
                item["eventContentId"] = 9100 + index
                item["title"] = "Hostile \(index)"
                contents.append(item)
            }
            var hidden = template
            hidden["id"] = "wwdc2031-1"
            hidden["eventId"] = event(marker)
            contents.append(hidden)
            root["contents"] = contents
            var events = root["events"] as? [[String: Any]] ?? []
            events.append(["id": event(marker), "name": "Hostile event"])
            root["events"] = events
            var list = root["tracks"] as? [[String: Any]] ?? []
            for (index, name) in (tracks(marker).map(\.name) + [multiline.name, dashedTrack]).enumerated() {
                list.append(["id": 991 + index, "name": name])
            }
            root["tracks"] = list
        }
        let result = try await sandbox.run(["sync", "--source", feeds.path, "--json"])
        guard result.status == 0 else { throw BrowseSandbox.Failure(message: "sync failed: \(result.stderr)") }
        return result.stdout
    }
}

@Suite("completion: hostile names are data in bash, zsh and fish; hostile ids never reach it", .offThePool)
struct CompletionInjectionTests {
    /// A `wwdc` that runs the real one for completion, and otherwise writes its arguments (each
    /// followed by a NUL) to `log` and says "recorded".
    static func standIn(in sandbox: Sandbox) throws -> (bin: URL, log: URL) {
        let bin = sandbox.directory.path("stand-in")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = sandbox.directory.path("arguments.log")
        try """
            #!/bin/sh
            if [ "$1" = __complete-ids ]; then exec '\(CommandRunner.wwdc.path)' "$@"; fi
            for argument in "$@"; do printf '%s\\0' "$argument" >> '\(log.path)'; done
            printf '\\036' >> '\(log.path)'
            printf 'rec%s\\n' orded
            """.write(to: bin.appendingPathComponent("wwdc"), atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("wwdc").path, 0o755)
        return (bin, log)
    }

    /// The argument lists the stand-in recorded, in order.
    static func recorded(_ log: URL) throws -> [[String]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\u{1E}").map { $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The command lines typed (TAB after each), for the shell named.
    struct Line {
        var typed: String
        var expected: [String]
    }

    static func lines(_ marker: String) -> [Line] {
        HostileIDs.tracks(marker).map { Line(typed: "wwdc schedule --track \($0.typed)", expected: ["schedule", "--track", $0.name]) }
            + [
                Line(typed: "wwdc schedule --track \(HostileIDs.multiline.typed)", expected: ["schedule", "--track", HostileIDs.multiline.printed]),
                Line(typed: "wwdc favorite remove wwdc2026-10", expected: ["favorite", "remove", "wwdc2026-101"]),
            ]
    }

    /// Runs `shell` on a pseudo-terminal: `setup` typed first, then each line with a TAB and Enter.
    static func type(_ lines: [Line], shell: [String], setup: [String], sandbox: Sandbox, bin: URL) async throws -> String {
        var environment = sandbox.environment()
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["PS1"] = "$ "
        environment["NO_COLOR"] = nil
        let settings = environment
        return try await onThread {
            let pty = try PseudoTerminal(columns: 200, rows: 50)
            try pty.spawn(shell[0], Array(shell.dropFirst()), environment: settings)
            defer { pty.send("exit\r") }
            for command in setup { pty.send(command + "\r") }
            // The setup has run once the shell prints what only it can (the typed text differs).
            pty.send("printf 'REA%s\\n' DY\r")
            try pty.expect("READY")
            for line in lines {
                pty.send(line.typed + "\t")
                pty.send("\r")
                try pty.expect("recorded")
            }
            return pty.transcript
        }
    }

    static func check(_ shell: String, sandbox: Sandbox, log: URL, transcript: String) throws {
        let marker = HostileIDs.marker(sandbox)
        #expect(!FileManager.default.fileExists(atPath: marker), "\(shell) ran the feed's code: \(transcript.suffix(2000))")
        let recorded = try recorded(log)
        let lines = lines(marker)
        #expect(recorded.count == lines.count, "\(shell): \(recorded)")
        for (line, words) in zip(lines, recorded) {
            #expect(words == line.expected, "\(shell): '\(line.typed)' + TAB gave \(words)")
        }
    }

    static func prepared() async throws -> (Sandbox, bin: URL, log: URL) {
        let sandbox = try Sandbox()
        _ = try await HostileIDs.sync(sandbox)
        let favorite = try await sandbox.run(["favorite", "add", "wwdc2026-101"])
        #expect(favorite.status == 0, "\(favorite.stderr)")
        let (bin, log) = try standIn(in: sandbox)
        return (sandbox, bin, log)
    }

    static func script(_ shell: String, _ sandbox: Sandbox) async throws -> URL {
        try await CompletionTests.script(shell, BrowseSandbox(sandbox: sandbox))
    }

    @Test("bash: TAB on names holding $(…), backticks, quotes, ';', spaces, backslashes and a line break inserts them quoted; nothing runs")
    func bash() async throws {
        let (sandbox, bin, log) = try await Self.prepared()
        defer { sandbox.remove() }
        let script = try await Self.script("bash", sandbox)
        let transcript = try await Self.type(Self.lines(HostileIDs.marker(sandbox)), shell: ["/bin/bash", "--norc", "--noprofile", "-i"],
                                             setup: ["source '\(script.path)'"], sandbox: sandbox, bin: bin)
        try Self.check("bash", sandbox: sandbox, log: log, transcript: transcript)
    }

    @Test("zsh (compinit): the same names, inserted quoted; nothing runs",
          .enabled(if: CompletionTests.installed("zsh"), "zsh is not installed"))
    func zsh() async throws {
        let (sandbox, bin, log) = try await Self.prepared()
        defer { sandbox.remove() }
        let script = try await Self.script("zsh", sandbox)
        let transcript = try await Self.type(Self.lines(HostileIDs.marker(sandbox)), shell: ["/usr/bin/env", "zsh", "-f", "-i"],
                                             setup: ["autoload -U compinit && compinit -u -D", "source '\(script.path)'"],
                                             sandbox: sandbox, bin: bin)
        try Self.check("zsh", sandbox: sandbox, log: log, transcript: transcript)
    }

    @Test("fish: the same names, inserted escaped; nothing runs",
          .enabled(if: CompletionTests.installed("fish"), "fish is not installed"))
    func fish() async throws {
        let (sandbox, bin, log) = try await Self.prepared()
        defer { sandbox.remove() }
        let script = try await Self.script("fish", sandbox)
        let transcript = try await Self.type(Self.lines(HostileIDs.marker(sandbox)), shell: ["/usr/bin/env", "fish", "--no-config", "-i"],
                                             setup: ["source '\(script.path)'"], sandbox: sandbox, bin: bin)
        try Self.check("fish", sandbox: sandbox, log: log, transcript: transcript)
    }

    @Test("ids of shell code or starting with '-' are skipped by the sync and reported; no candidate of any list is one, or starts with '-'")
    func dashed() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let summary = try JSONSerialization.jsonObject(with: Data(try await HostileIDs.sync(sandbox).utf8)) as? [String: Any]
        let skipped = summary?["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.contains { ($0["reason"] as? String)?.contains("starting with '-'") == true && $0["field"] as? String == "id" },
                "\(skipped)")
        let marker = HostileIDs.marker(sandbox)
        let unusable = skipped.filter { ($0["reason"] as? String)?.contains("other than ASCII letters, digits") == true }
        // Each session, and the hidden item of the hostile event (its eventId), and the event itself.
        #expect(unusable.count == HostileIDs.sessions(marker).count + 2, "\(skipped)")
        let ids = try await sandbox.run(["__complete-ids", ""])
        #expect(!ids.stdout.contains("wwdc2026-h") && !ids.stdout.contains("touch"), "\(ids.stdout)")
        let events = try await sandbox.run(["__complete-ids", "--events"])
        #expect(!events.stdout.contains("wwdc2031"), "\(events.stdout)")
        for arguments in [["__complete-ids", ""], ["__complete-ids", "--describe"], ["__complete-ids", "--events"],
                          ["__complete-ids", "--list", "tracks"], ["__complete-ids", "--list", "tracks", "-"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(!lines.isEmpty || arguments.last == "-", "\(arguments)")
            #expect(!lines.contains { $0.hasPrefix("-") }, "\(arguments): \(lines)")
        }
        // Nor suggested for a typo.
        let unknown = try await sandbox.run(["session", "wwdc2026-rf"])
        #expect(unknown.status == 1)
        #expect(!unknown.stderr.contains("-wwdc2026-rf"), "\(unknown.stderr)")
    }
}
