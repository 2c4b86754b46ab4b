import Foundation
import TestSupport
import TestTraits
import Testing

/// Addresses are clickable on a terminal (OSC 8), under NO_COLOR too (a link is not colour), but
/// not with TERM=dumb nor in a pipe; they are never wrapped, however narrow the terminal.
@Suite("browsing: links", .offThePool)
struct HyperlinkTests {
    static let hd = "https://devstreaming.example.com/videos/wwdc/2026/10142dc80a1825e4f/101/101_hd_keynote.mp4"

    @Test("session on a terminal of 40 columns: each address a link, whole on its line; in a pipe, plain and whole")
    func session() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let terminal = try await store.onTerminal(["session", "101", "--no-pager"], columns: 40)
        #expect(terminal.exit == .exited(0))
        #expect(terminal.screen.contains("\u{1B}]8;;\(Self.hd)\u{1B}\\\(Self.hd)\u{1B}]8;;\u{1B}\\"), "\(terminal.screen)")
        let lines = BrowseSandbox.unlinked(terminal.screen).split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(" " + Self.hd) }, "the address whole on one line")
        #expect(lines.contains { $0.hasSuffix(" https://developer.example.com/wwdc26/101") })
        #expect(!BrowseSandbox.unlinked(terminal.screen).contains("\u{1B}"), "no other escape under NO_COLOR")

        let piped = try await store.run(["session", "101"])
        #expect(!piped.stdout.contains("\u{1B}"), "no link in a pipe")
        #expect(piped.stdout.contains("  HD         \(Self.hd)\n"))

        let dumb = try await store.onTerminal(["session", "101", "--no-pager"], columns: 40, environment: ["TERM": "dumb"])
        #expect(!dumb.screen.contains("\u{1B}]8"), "none with TERM=dumb")
        #expect(dumb.screen.contains(Self.hd))
    }

    @Test("news and articles link their addresses on a terminal")
    func listings() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let news = try await store.onTerminal(["news", "--no-pager"], columns: 60)
        #expect(news.screen.contains("\u{1B}]8;;https://developer.example.com/news/?id="), "\(news.screen.prefix(300))")
        let articles = try await store.onTerminal(["articles", "--no-pager"], columns: 60)
        #expect(articles.screen.contains("\u{1B}]8;;https://"), "\(articles.screen.prefix(300))")
        // A cut address still links to the whole one.
        let cut = BrowseSandbox.unlinked(articles.screen).split(separator: "\n").filter { $0.contains("…") }
        for line in cut { #expect(line.count <= 60) }
        let piped = try await store.run(["news"])
        #expect(!piped.stdout.contains("\u{1B}"))
    }

    @Test("only https, and http to this machine, become links: javascript:, file:, --script=… and http elsewhere stay text")
    func schemes() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let feeds = try sandbox.copyOfFixtures()
        let refused = ["javascript:alert(document.cookie)", "file:///etc/passwd", "--script=/tmp/x.lua", "http://example.com/101.pdf",
                       "ftp://example.com/101.mp4", "https://ada:secret@example.com/101_sd.mp4"]
        let linked = ["https://example.com/101_hd.mp4", "http://127.0.0.1:8080/101.m3u8"]
        try FeedFiles.editItem("wwdc2026-101", in: feeds) { item in
            item["webPermalink"] = refused[0]
            item["media"] = ["hls": linked[1], "downloadHD": linked[0], "downloadSD": refused[5], "slides": refused[1],
                             "subtitles": refused[2], "tvOShls": refused[3], "downloadHLS": refused[4], "duration": 600]
        }
        #expect(try await sandbox.run(["sync", "--source", feeds.path]).status == 0)
        let store = BrowseSandbox(sandbox: sandbox)
        let terminal = try await store.onTerminal(["session", "101", "--no-pager"], columns: 200)
        #expect(terminal.exit == .exited(0))
        let screen = terminal.screen
        for address in refused {
            #expect(!screen.contains("\u{1B}]8;;\(address)"), "\(address) is a link")
            #expect(screen.contains(address), "\(address) is not shown: \(screen)")
        }
        for address in linked {
            #expect(screen.contains("\u{1B}]8;;\(address)\u{1B}\\\(address)\u{1B}]8;;\u{1B}\\"), "\(address) is not a link: \(screen)")
        }
        // No link at all but to https (without a password) or this machine.
        let targets = screen.matches(of: #/\u{1B}\]8;;([\x21-\x7E]+)\u{1B}\\/#).map { String($0.output.1) }
        #expect(!targets.isEmpty && targets.allSatisfy { $0.hasPrefix("https://") && !$0.contains("@") || $0 == linked[1] }, "\(Set(targets))")
    }
}
