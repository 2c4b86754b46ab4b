import Foundation
import PlainText
import TestSupport
import TestTraits
import Testing

/// Every command wwdc prints is built of ``ShellWord``s: a word holding shell syntax comes out as
/// one word that runs nothing, in sh, bash and zsh; a plain word comes out as it is.
@Suite("ShellWord: printed commands are data to a shell", .offThePool)
struct ShellWordTests {
    /// Words that would run something, split, expand or change the command were they printed bare.
    static func hostile(_ marker: String) -> [String] {
        [
            "wwdc2026-$(touch \(marker))", "101; touch \(marker) #", "`touch \(marker)`", "a && touch \(marker)", "a | touch \(marker)",
            "$(touch${IFS}\(marker))", "it's", "'\\''", "\"$HOME\"", "$HOME", "two words", "tab\tin", "line\nbreak", "*", "~",
            "{a,b}", "a>\(marker)", "<\(marker)", "=ls", "!!", "#not a comment", "", "-n", "\\", "caf\u{E9}", "\u{202E}txet",
        ]
    }

    /// Runs `command` (whose first word is `wwdc`) with `shell`, `wwdc` a function printing each of
    /// its arguments and a NUL; returns the arguments it got.
    static func run(_ command: String, shell: [String], in folder: URL) throws -> [String] {
        let script = "cd '\(folder.path)' || exit 9\nwwdc() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + command + "\n"
        let result = try CommandRunner.run(URL(fileURLWithPath: shell[0]), Array(shell.dropFirst()) + ["-c", script])
        #expect(result.status == 0, "\(shell): \(command): \(result.stderr)")
        return result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static let shells: [[String]] = [["/bin/sh"], ["/bin/bash", "--norc", "--noprofile"]]
        + (FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") ? [["/usr/bin/zsh", "-f"]] : [])

    @Test("a hostile word in a command comes out quoted: each shell gives it back as one argument, and nothing runs")
    func hostileWordsRunNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let marker = folder.path("pwned").path
        for shell in Self.shells {
            for word in Self.hostile(marker) {
                let words = ["wwdc", "watch", word, "--at", "1:02"]
                let command = ShellWord.command(words)
                #expect(!command.contains("\n") || word.contains("\n"), "\(command)")
                #expect(try Self.run(command, shell: shell, in: folder.url) == Array(words.dropFirst()), "\(shell): \(command)")
                #expect(!FileManager.default.fileExists(atPath: marker), "\(shell) ran \(command)")
            }
        }
    }

    @Test("plain words print as they are: ids, times, options, numbers")
    func plainWordsAsTheyAre() {
        #expect(ShellWord.command("wwdc", "watch", "wwdc2026-101", "--at", "12:05") == "wwdc watch wwdc2026-101 --at 12:05")
        #expect(ShellWord.command(["wwdc", "code", "wwdc2025-204", "2"]) == "wwdc code wwdc2025-204 2")
        #expect(ShellWord.command("wwdc", "videos", "--event", "wwdc2017", "--topic", "SwiftUI") == "wwdc videos --event wwdc2017 --topic SwiftUI")
        #expect(ShellWord.word("a_b.c/d:e@f%g+h=i,j") == "a_b.c/d:e@f%g+h=i,j")
        #expect(ShellWord.word("SwiftUI & UI Frameworks") == "'SwiftUI & UI Frameworks'")
        #expect(ShellWord.word("it's") == "'it'\\''s'")
        #expect(ShellWord.word("") == "''")
        #expect(ShellWord.word("=ls") == "'=ls'")
    }
}
