import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc pass` and what the service sends: on a terminal, a pass that is not plain text is never
/// written there (escape sequences, the clipboard's OSC 52, links, C1 controls, bidi overrides, bytes
/// that are not UTF-8) but saved to a file wwdc names; a plain pass is printed; a pipe gets the bytes
/// as they came.
@Suite("account: wwdc pass on a terminal", .offThePool)
struct PassCommandTests {
    /// What a hostile service might send as a pass: the clipboard set (OSC 52), a link (OSC 8), a
    /// colour (CSI), the screen cleared by an 8-bit CSI (U+009B), and text reversed (U+202E).
    static let hostile = "-----BEGIN WWDC ATTENDEE PASS-----\n\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}\u{1B}]8;;https://example.com\u{07}link\u{1B}]8;;\u{07}"
        + "\u{1B}[31mred\u{9B}2J\u{202E}ssap\n-----END WWDC ATTENDEE PASS-----\n"

    /// The service's pass set to `bytes`.
    static func serve(_ bytes: Data, on server: ReferenceServer) async throws {
        try await server.request("POST", "/_control/pass", json: ["base64": bytes.base64EncodedString()])
    }

    /// `wwdc pass …` on a real pseudo-terminal to its end: what reached the terminal, and the exit.
    static func onTerminal(_ sandbox: Sandbox, _ arguments: [String]) async throws -> (transcript: String, exit: PseudoTerminal.ExitStatus) {
        let environment = sandbox.environment()
        let wwdc = CommandRunner.wwdc.path
        return try await onThread {
            let pty = try PseudoTerminal(columns: 100, rows: 30)
            try pty.spawn(wwdc, ["pass"] + arguments, environment: environment)
            let exit = try pty.waitForExit()
            try pty.drain()
            return (pty.transcript, exit)
        }
    }

    @Test("a pass that is not plain text, on a terminal: nothing of it on the screen, saved 0600 to the data folder, the path said; a pipe gets it as it came",
          arguments: [Data(hostile.utf8), Data([0x50, 0x4B, 0x03, 0x04, 0xFF, 0x00, 0x9B, 0x32, 0x4A, 0x0A])])
    func notPlainText(_ pass: Data) async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await sandbox.login().status == 0)
        try await Self.serve(pass, on: server)

        let (transcript, exit) = try await Self.onTerminal(sandbox, [])
        #expect(exit == .exited(0), "\(transcript.debugDescription)")
        let saved = sandbox.directory.path("data/wwdc/attendee-pass.pem")
        #expect(transcript.contains("saved it to \(saved.path)"), "\(transcript.debugDescription)")
        for sequence in ["\u{1B}", "\u{9B}", "\u{202E}", "\u{FFFD}", "red", "link"] {
            #expect(!transcript.contains(sequence), "\(sequence.debugDescription) reached the terminal: \(transcript.debugDescription)")
        }
        #expect(try Data(contentsOf: saved) == pass)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "\(String(mode, radix: 8))")

        // --output on a terminal: that file, nothing printed.
        let chosen = sandbox.directory.path("mine.pem")
        let (named, namedExit) = try await Self.onTerminal(sandbox, ["--output", chosen.path])
        #expect(namedExit == .exited(0))
        #expect(named.contains("Saved your pass to \(chosen.path)."), "\(named.debugDescription)")
        #expect(!named.contains("\u{1B}"))
        #expect(try Data(contentsOf: chosen) == pass)

        // A pipe is not a terminal: the bytes as the service sent them (wwdc pass > file).
        let piped = try await sandbox.run(["pass"])
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes == pass)
    }

    @Test("a plain pass is printed on the terminal as it is, and no file is made")
    func plainText() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await sandbox.login().status == 0)
        let (transcript, exit) = try await Self.onTerminal(sandbox, [])
        #expect(exit == .exited(0), "\(transcript.debugDescription)")
        let lines = Screen(transcript).lines
        #expect(lines.first == "-----BEGIN WWDC ATTENDEE PASS-----" && lines.contains("Attendee: ada"), "\(lines)")
        #expect(lines.contains("-----END WWDC ATTENDEE PASS-----"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path("data/wwdc/attendee-pass.pem").path))
    }

    @Test("--output: a file there before, 0644, is replaced by the pass, 0600, and nothing else is left in its folder")
    func outputReplacesPrivately() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await sandbox.login().status == 0)
        let folder = sandbox.directory.path("passes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("pass.pem")
        try "an older pass\n".write(to: output, atomically: true, encoding: .utf8)
        chmod(output.path, 0o644)

        let saved = try await sandbox.run(["pass", "--output", output.path])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("-----BEGIN WWDC ATTENDEE PASS-----"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "\(String(mode, radix: 8))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pass.pem"], "no temporary file left")

    }

    @Test("--output: the file is 0600 from the moment it exists: strace shows every file made in its folder created 0600, and no mode changed afterwards",
          .enabled(if: CompletionTests.installed("strace"), "strace is not installed"))
    func outputPrivateFromTheStart() async throws {
        let (sandbox, server) = try await Sandbox.synced()
        defer { sandbox.remove(); server.stop() }
        #expect(try await sandbox.login().status == 0)
        let folder = sandbox.directory.path("passes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("pass.pem")
        let log = sandbox.directory.path("strace.log")
        let traced = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["strace",
                                                  "-f", "-qq", "-e", "trace=open,openat,creat,chmod,fchmod,fchmodat,rename,renameat,renameat2",
                                                  "-o", log.path, CommandRunner.wwdc.path, "pass", "--output", output.path],
                                                 environment: sandbox.environment())
        #expect(traced.status == 0, "\(traced.stderr)")
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.contains(folder.path) }
        let created = calls.filter { $0.contains("O_CREAT") }
        #expect(!created.isEmpty, "\(calls)")
        #expect(created.allSatisfy { $0.contains(", 0600)") }, "a file made in the folder with wider permissions: \(created)")
        #expect(!calls.contains { $0.contains("chmod") }, "the mode was changed after the file was made: \(calls)")
    }
}
