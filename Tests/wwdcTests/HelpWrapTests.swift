import Foundation
import TestSupport
import TestTraits
import Testing

/// Help is wrapped to the terminal's width between words: at 40 columns no line is wider than the
/// terminal unless it is one word alone, and no word is cut (the same words as the 80 columns of a
/// pipe, in the same order).
@Suite("help: wrapped to the terminal", .offThePool)
struct HelpWrapTests {
    @Test("at 40 columns, between words", arguments: [["help"], ["help", "schedule"], ["feedback", "--help"], ["help", "favorite"]])
    func narrow(_ arguments: [String]) async throws {
        let store = BrowseSandbox(sandbox: try Sandbox())
        defer { store.remove() }
        let piped = try await store.run(arguments)
        let terminal = try await store.onTerminal(arguments, columns: 40)
        #expect(terminal.exit == .exited(0))
        let lines = terminal.screen.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            let words = line.split(separator: " ")
            #expect(line.count <= 40 || words.count == 1, "wider than 40 columns: \(line)")
        }
        #expect(terminal.screen.split(whereSeparator: \.isWhitespace) == piped.stdout.split(whereSeparator: \.isWhitespace),
                "the same words, none cut")
        #expect(piped.stdout.split(separator: "\n").contains { $0.count > 40 }, "a pipe keeps 80 columns")
        #expect(piped.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.split(separator: " ").count == 1 })
    }

    @Test("at 120 columns, lines use the width")
    func wide() async throws {
        let store = BrowseSandbox(sandbox: try Sandbox())
        defer { store.remove() }
        let terminal = try await store.onTerminal(["help", "schedule"], columns: 120)
        let widest = terminal.screen.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest > 80 && widest <= 120, "widest line \(widest)")
    }
}
