import Foundation
import TestSupport
import TestTraits
import Testing

/// The work a search may ask for is bounded: a query of thousands of prefixes is refused at once
/// with a line saying what a search looks for, wherever a search is typed; real queries are untouched.
@Suite("browsing: search bounds", .offThePool)
struct SearchLimitsTests {
    /// 3,333 `a*`: minutes of work unbounded.
    static let prefixes = Array(repeating: "a*", count: 3333).joined(separator: " ")

    @Test("3,333 prefix terms: refused at once as a usage error by search, schedule --search, videos --search and articles --search")
    func longQueryIsRefused() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        for arguments in [["search", Self.prefixes], ["schedule", "--search", Self.prefixes], ["videos", "--search", Self.prefixes],
                          ["articles", "--search", Self.prefixes]] {
            let result = try await store.run(arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.stderr)")
            #expect(result.errorLines == ["Error: the search has 3333 terms, 3333 of them prefix*: a search looks for at most 16 terms, 4 of them prefix*"],
                    "\(arguments[0]): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("the bounds: 17 words or 5 prefixes are refused; 16 terms with 4 prefixes, and a long quoted phrase, still search")
    func bounds() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let words = (1...17).map { "word\($0)" }
        let seventeen = try await store.run(["search"] + words)
        #expect(seventeen.status == 64)
        #expect(seventeen.errorLines == ["Error: the search has 17 terms: a search looks for at most 16 terms, 4 of them prefix*"], "\(seventeen.stderr)")
        let fivePrefixes = try await store.run(["schedule", "--search", "a* b* c* d* e*"])
        #expect(fivePrefixes.status == 64, "\(fivePrefixes.stderr)")

        // Within the bounds: found as before.
        let keynote = try await store.ids(["search", "keyn*", "a*", "t*", "the*", "--in", "sessions"] + Array(repeating: "keynote", count: 12))
        #expect(keynote.contains("wwdc2026-101"), "\(keynote)")
        let sentence = "\"" + Array(repeating: "keynote", count: 40).joined(separator: " ") + "\""
        let phrase = try await store.run(["search", sentence])
        #expect(phrase.status == 0, "one phrase is one term, however long: \(phrase.stderr)")
    }
}
