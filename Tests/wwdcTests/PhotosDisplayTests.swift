import Foundation
import TestSupport
import TestTraits
import Testing

/// Pictures drawn on a real pseudo-terminal, each protocol's sequence parsed back: kitty's graphics
/// commands, iTerm2's inline file, chafa's drawing; and nothing drawn in a pipe.
@Suite("wwdc photos and session: pictures on a terminal", .offThePool)
struct PhotosDisplayTests {
    static let chafa = ["/usr/bin/chafa", "/usr/local/bin/chafa"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What `wwdc` wrote on a 100-column pseudo-terminal (CRLF as LF).
    func onTerminal(_ bench: PictureBench, _ arguments: [String], environment: [String: String],
                    answers: PseudoTerminal.Answers = .deviceAttributes) async throws -> String {
        let run = try await onTerminalWithInput(bench, arguments, environment: environment, answers: answers)
        return run.questions.joined() + run.screen
    }

    /// What `wwdc` wrote on a pseudo-terminal answering as `answers` says (its questions to the
    /// terminal apart, as the terminal shows none), and whether input was left waiting on the
    /// terminal when it ended (what a shell would read next), with the terminal's settings before and after.
    func onTerminalWithInput(_ bench: PictureBench, _ arguments: [String], environment: [String: String],
                             answers: PseudoTerminal.Answers) async throws -> (screen: String, questions: [String], inputLeft: Bool, sttyKept: Bool) {
        let env = bench.sandbox.environment(environment)
        let wwdc = CommandRunner.wwdc.path
        return try await onThread { () throws -> (String, [String], Bool, Bool) in
            let pty = try PseudoTerminal(columns: 100, rows: 50)
            pty.answers = answers
            let before = try pty.sttySettings()
            try pty.spawn(wwdc, arguments, environment: env)
            let exit = try pty.waitForExit()
            try pty.drain()
            #expect(exit == .exited(0), "\(pty.transcript.prefix(300))")
            // Non-canonical for the look, so that a partial line counts too.
            var descriptor = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
            var pending: Int32 = 0
            _ = ioctl(pty.slave, UInt(FIONREAD), &pending)
            let inputLeft = poll(&descriptor, 1, 0) > 0 || pending > 0
            return (pty.transcript.replacingOccurrences(of: "\r\n", with: "\n"), pty.questions, inputLeft, try pty.sttySettings() == before)
        }
    }

    /// The cached file of session 101's picture (asked for in a pipe: a 304).
    func cachedPicture(_ bench: PictureBench) async throws -> Data {
        let path = try #require(try await bench.photos(["101"]).rows.first?["path"] as? String)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// kitty's graphics commands in `text`: each one's keys and payload.
    static func kittyCommands(_ text: String) -> [(keys: [String: String], payload: String)] {
        text.matches(of: #/\x1B_G([^;\x1B]*)(?:;([^\x1B]*))?\x1B\\/#).map { match in
            let keys = Dictionary(match.output.1.split(separator: ",").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { $1 })
            return (keys, String(match.output.2 ?? ""))
        }
    }

    @Test("TERM=xterm-kitty and a PNG: kitty's commands carry the file, in pieces of at most 4096 bytes")
    func kittyNative() async throws {
        let bench = try await PictureBench.start(png: true)
        defer { bench.stop() }
        let screen = try await onTerminal(bench, ["photos", "101"], environment: ["TERM": "xterm-kitty"])
        let commands = Self.kittyCommands(screen)
        try #require(commands.count > 1, "\(screen.prefix(200).debugDescription)")
        let first = commands[0].keys
        #expect(first["a"] == "T" && first["f"] == "100" && first["q"] == "2" && first["c"] == "80", "\(first)")
        for (index, command) in commands.enumerated() {
            #expect(command.keys["m"] == (index == commands.count - 1 ? "0" : "1"))
            #expect(command.payload.utf8.count <= 4096)
            if index < commands.count - 1 { #expect(command.payload.utf8.count % 4 == 0) }
        }
        let payload = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
        #expect(payload == (try await cachedPicture(bench)))
        #expect(screen.contains(bench.cache.path + "/"))
    }

    @Test("TERM=xterm-kitty and a JPEG: chafa sends kitty the decoded pixels", .enabled(if: chafa != nil, "needs chafa (apt-get install chafa)"))
    func kittyThroughChafa() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let screen = try await onTerminal(bench, ["photos", "101"], environment: ["TERM": "xterm-kitty"])
        let commands = Self.kittyCommands(screen)
        let first = try #require(commands.first, "\(screen.prefix(200).debugDescription)")
        #expect(first.keys["a"] == "T" && first.keys["f"] == "32", "\(first.keys)")
        let width = try #require(Int(first.keys["s"] ?? "")), height = try #require(Int(first.keys["v"] ?? ""))
        // chafa encodes each piece on its own.
        let pixels = commands.compactMap { Data(base64Encoded: $0.payload) }.reduce(0) { $0 + $1.count }
        #expect(pixels == width * height * 4)
    }

    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    @Test("a terminal the environment does not name answers kitty's graphics query with OK: kitty's commands carry the picture")
    func kittyByQuery() async throws {
        let bench = try await PictureBench.start(png: true)
        defer { bench.stop() }
        let noChafa = try bench.emptyFolder("no-chafa")
        let run = try await onTerminalWithInput(bench, ["photos", "101"], environment: ["TERM": "xterm-256color", "PATH": noChafa],
                                                answers: .kittyGraphics)
        #expect(run.questions.joined() == Self.kittyQuery, "asked once: \(run.questions)")
        let drawn = Self.kittyCommands(run.screen).filter { $0.keys["a"] != "q" }
        try #require(!drawn.isEmpty, "\(run.screen.prefix(300).debugDescription)")
        #expect(drawn[0].keys["a"] == "T" && drawn[0].keys["f"] == "100")
        #expect(Data(base64Encoded: drawn.map(\.payload).joined()) == (try await cachedPicture(bench)))
        #expect(!run.inputLeft && run.sttyKept)
    }

    @Test("a terminal that answers DA1 alone, or nothing (the time limit ends the wait): no kitty, the link; nothing left for the shell",
          arguments: ["DA1", "nothing"])
    func noKittyByQuery(_ answering: String) async throws {
        let bench = try await PictureBench.start(png: true)
        defer { bench.stop() }
        let noChafa = try bench.emptyFolder("no-chafa")
        let run = try await onTerminalWithInput(bench, ["photos", "101"], environment: ["TERM": "xterm-256color", "PATH": noChafa],
                                                answers: answering == "DA1" ? .deviceAttributes : .nothing)
        #expect(run.questions.joined() == Self.kittyQuery, "\(run.questions)")
        #expect(Self.kittyCommands(run.screen).allSatisfy { $0.keys["a"] == "q" }, "\(run.screen.prefix(300).debugDescription)")
        #expect(run.screen.contains("\u{1B}]8;;file://"), "\(run.screen.debugDescription)")
        #expect(!run.inputLeft && run.sttyKept)
    }

    @Test("keys typed right after the terminal's answer do not reach the shell; an environment that decides, or tmux, asks nothing")
    func queryLeavesNothing() async throws {
        let bench = try await PictureBench.start(png: true)
        defer { bench.stop() }
        let noChafa = try bench.emptyFolder("no-chafa")
        // More than wwdc reads at once: what follows the answer is still waiting when the answer is read.
        let typed = try await onTerminalWithInput(bench, ["photos", "101"], environment: ["TERM": "xterm-256color", "PATH": noChafa],
                                                  answers: .deviceAttributesThenTyping("rm -rf " + String(repeating: "x", count: 2000) + "\r"))
        #expect(typed.questions.joined() == Self.kittyQuery)
        #expect(!typed.inputLeft && typed.sttyKept)
        for environment in [["TERM": "xterm-kitty"], ["TERM_PROGRAM": "iTerm.app"], ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-1/default,1,0"],
                            ["TERM": "screen-256color"], ["TERM": "dumb"]] {
            let screen = try await onTerminal(bench, ["photos", "101"], environment: environment.merging(["PATH": noChafa]) { $1 },
                                              answers: .kittyGraphics)
            #expect(!screen.contains("a=q"), "\(environment)")
        }
        // session asks too, on a terminal only.
        let page = try await onTerminal(bench, ["session", "101", "--no-pager"], environment: ["PATH": noChafa], answers: .kittyGraphics)
        let picture = try #require(page.range(of: "\u{1B}_Ga=T"), "\(page.prefix(200).debugDescription)")
        #expect(picture.lowerBound < (page.range(of: "Keynote")?.lowerBound ?? page.startIndex))
    }

    @Test("Ctrl-C while a silent terminal is waited for: wwdc stops at once, as interrupted, the terminal as it was")
    func interruptedQuery() async throws {
        let bench = try await PictureBench.start(png: true)
        defer { bench.stop() }
        let noChafa = try bench.emptyFolder("no-chafa")
        let outcome = try await TerminalSession.run(["photos", "101"], environment: bench.sandbox.environment(["PATH": noChafa]),
                                                    answers: .nothing, script: [.asked(Self.kittyQuery), .type("\u{3}")])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(130), "\(String(describing: outcome.exit))")
        #expect(!outcome.transcript.contains("file://"), "nothing printed after: \(outcome.transcript.debugDescription)")
        #expect(outcome.sttyAfter == outcome.sttyBefore)
    }

    @Test("TERM_PROGRAM=iTerm.app: iTerm2's inline file is the picture itself")
    func iTerm2() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let screen = try await onTerminal(bench, ["photos", "101"], environment: ["TERM_PROGRAM": "iTerm.app"])
        let match = try #require(screen.firstMatch(of: #/\x1B\]1337;File=([^:\x07]*):([A-Za-z0-9+\/=]*)\x07/#), "\(screen.prefix(200).debugDescription)")
        let fields = Dictionary(match.output.1.split(separator: ";").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { $1 })
        let file = try await cachedPicture(bench)
        #expect(fields["inline"] == "1" && fields["width"] == "80" && fields["size"] == String(file.count), "\(fields)")
        #expect(Data(base64Encoded: String(match.output.2)) == file)
    }

    @Test("a plain terminal with chafa: chafa's drawing, then the path", .enabled(if: chafa != nil, "needs chafa (apt-get install chafa)"))
    func chafaSymbols() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let screen = try await onTerminal(bench, ["photos", "101"], environment: ["TERM": "xterm"])
        let path = try #require(try await bench.photos(["101"]).rows.first?["path"] as? String)
        // What chafa itself draws with the options wwdc gives it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.chafa))
        process.arguments = ["--format", "symbols", "--size", "80x", "--colors", "256", "--animate", "off", "--polite", "on", "--", path]
        process.environment = ["TERM": "xterm", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let drawn = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!drawn.isEmpty && drawn.contains("\u{1B}["))
        #expect(screen.contains(drawn), "\(screen.prefix(300).debugDescription)")
        #expect(screen.range(of: drawn)!.upperBound <= screen.range(of: path)!.lowerBound)
    }

    @Test("no protocol and no chafa: the path, as a link to the file")
    func linkOnly() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let empty = bench.sandbox.directory.path("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let screen = try await onTerminal(bench, ["photos", "101"], environment: ["TERM": "xterm", "PATH": empty.path])
        #expect(screen.contains("\u{1B}]8;;file://"), "\(screen.debugDescription)")
        // The terminal was asked (it answered DA1 alone); nothing drawn.
        #expect(screen.contains(Self.kittyQuery))
        #expect(!screen.contains("\u{1B}_Ga=T") && !screen.contains("\u{1B}]1337"))
    }

    @Test("in a pipe, only the paths, whatever the terminal says")
    func pipeOnlyPaths() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        for environment in [["TERM": "xterm-kitty"], ["TERM_PROGRAM": "iTerm.app"], ["TERM": "xterm"]] {
            let result = try await bench.sandbox.run(["photos", "5019BF05-852C-5288-9ACD-D87EA7D13FE6"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3 && lines[2].isEmpty, "\(result.stdout.debugDescription)")
            for line in lines.dropLast() { #expect(line.hasPrefix(bench.cache.path + "/") && line.hasSuffix(".jpg")) }
            #expect(!result.stdout.contains("\u{1B}"))
        }
    }

    @Test("session draws its picture at the top on such a terminal; never in a pipe, with --json or images = never")
    func sessionPicture() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let screen = try await onTerminal(bench, ["session", "101", "--no-pager"], environment: ["TERM_PROGRAM": "iTerm.app"])
        let picture = try #require(screen.range(of: "\u{1B}]1337;File="), "\(screen.prefix(200).debugDescription)")
        let title = try #require(screen.range(of: "Keynote"))
        #expect(picture.lowerBound < title.lowerBound)
        let never = try await onTerminal(bench, ["session", "101", "--no-pager"], environment: ["TERM_PROGRAM": "iTerm.app", "WWDC_IMAGES": "never"])
        #expect(!never.contains("\u{1B}]1337"))
        for arguments in [["session", "101"], ["session", "101", "--json"]] {
            let piped = try await bench.sandbox.run(arguments, environment: ["TERM_PROGRAM": "iTerm.app"])
            #expect(piped.status == 0)
            #expect(!piped.stdout.contains("\u{1B}]1337"))
        }
        let always = try await bench.sandbox.run(["session", "101"], environment: ["TERM_PROGRAM": "iTerm.app", "WWDC_IMAGES": "always"])
        #expect(always.stdout.hasPrefix("\u{1B}]1337;File="))
    }

    @Test("with chafa, session's picture goes through less -R with the page: back at the top, less draws it again",
          .enabled(if: chafa != nil, "needs chafa (apt-get install chafa)"),
          arguments: [["WWDC_PAGER": "less -FRX"], ["WWDC_PAGER": "less", "LESS": "-R"]])
    func chafaThroughLess(_ pager: [String: String]) async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        // The page alone is colourless (NO_COLOR): a 256-colour SGR is chafa's.
        let colour = "\u{1B}[38;5;"
        let outcome = try await TerminalSession.run(["session", "101"], environment: bench.sandbox.environment(pager.merging(["TERM": "xterm"]) { $1 }),
                                                    script: [.expect(colour), .expect("Keynote"), .type("G"), .expect("(END)"), .type("g"),
                                                             .expect(colour), .type("q")])
        #expect(outcome.problem == nil, "\(outcome.problem ?? "")")
        #expect(outcome.exit == .exited(0))
        #expect(outcome.sttyAfter == outcome.sttyBefore)
    }

    @Test("with chafa and a pager that does not show colours, the picture comes before the pager, which gets the page alone",
          .enabled(if: chafa != nil, "needs chafa (apt-get install chafa)"))
    func chafaBeforePager() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        let pager = try await PagerTests.RecordingPager(in: bench.sandbox.directory)
        let environment = bench.sandbox.environment(["WWDC_PAGER": pager.script.path + " -R", "TERM": "xterm"])
        let wwdc = CommandRunner.wwdc.path
        // 12 rows: the page alone is taller.
        let screen = try await onThread { () throws -> String in
            let pty = try PseudoTerminal(columns: 100, rows: 12)
            try pty.spawn(wwdc, ["session", "101"], environment: environment)
            #expect(try pty.waitForExit() == .exited(0))
            try pty.drain()
            return pty.transcript
        }
        #expect(screen.contains("\u{1B}[38;5;"), "drawn before the pager: \(screen.prefix(300).debugDescription)")
        #expect(!screen.contains("Keynote"), "the page went to the pager")
        #expect(pager.ran)
        #expect(!pager.read(pager.input).contains("\u{1B}[38;5;") && pager.read(pager.input).contains("Keynote"))
    }
}
