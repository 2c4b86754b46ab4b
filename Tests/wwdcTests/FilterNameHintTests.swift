import Foundation
import TestSupport
import TestTraits
import Testing

/// A name a filter does not know (a typo) is one error and one hint line: the nearest names, the
/// search that finds its words, and where the whole list is, never the list itself when it is
/// long; the assistants' tools answer the same.
@Suite("browsing: names a filter does not know", .offThePool)
struct FilterNameHintTests {
    /// The `Error:` and `Hint:` lines of a failed run, which must be all it printed.
    func failure(_ store: BrowseSandbox, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> (error: String, hint: String) {
        let result = try await store.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return (lines.first ?? "", lines.count > 1 ? lines[1] : "")
    }

    @Test("a topic: the nearest, the search for the words, and 'wwdc topics' for the list", arguments: [["schedule"], ["videos"], ["search", "swift"]])
    func topic(_ command: [String]) async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (error, hint) = try await failure(store, command + ["--topic", "swiftui"])
        #expect(error == "Error: no topic 'swiftui'")
        #expect(hint == "Hint: Did you mean \"Swift & Developer Tools\"? To look for the words instead: wwdc search swiftui. "
                + "Every topic: wwdc topics.", "\(hint)")
        // A typo inside a word, and a word of a name.
        #expect(try await failure(store, command + ["--topic", "machne"]).hint.hasPrefix("Hint: Did you mean \"Machine Learning & AI\"?"))
        #expect(try await failure(store, command + ["--topic", "accessibility"]).hint.hasPrefix("Hint: Did you mean \"Design & Accessibility\"?"))
        // Nothing near, and words no search finds: only where the list is.
        #expect(try await failure(store, command + ["--topic", "qqqq"]).hint == "Hint: Every topic: wwdc topics.")
    }

    @Test("a type, a platform, a track: the nearest and the few names there are, on one line")
    func fewNames() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let type = try await failure(store, ["schedule", "--type", "labs"])
        #expect(type.error == "Error: no type 'labs'")
        #expect(type.hint == "Hint: Did you mean \"Lab\"? The types: Article, Get-Together, Lab, Session, Special Event, Video.")
        let platform = try await failure(store, ["videos", "--platform", "mcOS"])
        #expect(platform.hint == "Hint: Did you mean \"macOS\"? The platforms: iOS, macOS, tvOS, visionOS, watchOS.")
        let track = try await failure(store, ["schedule", "--track", "desgin"])
        #expect(track.hint.hasPrefix("Hint: Did you mean \"Design\"? The tracks: Featured, Developer Tools,"), "\(track.hint)")
        let event = try await failure(store, ["videos", "--event", "wwdc2062"])
        #expect(event.hint.hasPrefix("Hint: Did you mean \"wwdc2026\""), "\(event.hint)")
        // More than one beginning so: those, not every name.
        let prefix = try await failure(store, ["schedule", "--type", "s"])
        #expect(prefix.error == "Error: 's' could be more than one type")
        #expect(prefix.hint == "Hint: Did you mean \"Session\" or \"Special Event\"?")
    }

    @Test("the assistants' schedule tool answers a typo the same way")
    func mcp() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let (answers, result) = try await MCPCommandTests.serve(store, [
            MCPCommandTests.initialize, MCPCommandTests.initialized,
            MCPCommandTests.call(1, "schedule", ["topic": "swiftui"]),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(MCPCommandTests.result(answers["1"])?["isError"] as? Bool == true)
        let text = MCPCommandTests.text(answers["1"])
        #expect(text.contains("o topic 'swiftui'") && text.contains("Did you mean \"Swift & Developer Tools\"?"), "\(text)")
        #expect(!text.contains("Essentials"), "the whole list: \(text)")
    }
}
