import ConferenceData
import Foundation
import TestSupport
import Testing

/// The tools give the commands' documents: each field a command's `--json` prints is in the
/// tool's result under the same name, holding the same kind of value.
extension MCPCommandTests {
    /// A tool's call, where its items are in the result (nil: the result is the item), and the
    /// command printing the same.
    struct Pair {
        var tool: String
        var arguments: [String: String]
        var key: String?
        var command: [String]
    }

    static let pairs = [
        Pair(tool: "get_session", arguments: ["id": "wwdc2026-101"], key: nil, command: ["session", "wwdc2026-101"]),
        Pair(tool: "get_session", arguments: ["id": "wwdc2025-204"], key: nil, command: ["session", "wwdc2025-204"]),
        Pair(tool: "get_transcript", arguments: ["id": "wwdc2026-102"], key: nil, command: ["transcript", "wwdc2026-102"]),
        Pair(tool: "search", arguments: ["query": "swiftui"], key: "hits", command: ["search", "swiftui"]),
        Pair(tool: "search", arguments: ["query": "plan"], key: "hits", command: ["search", "plan"]),
        Pair(tool: "list_videos", arguments: ["event": "all"], key: "videos", command: ["videos", "--event", "all"]),
        Pair(tool: "list_topics", arguments: [:], key: "categories", command: ["topics"]),
        Pair(tool: "schedule", arguments: [:], key: "sessions", command: ["schedule"]),
        Pair(tool: "list_favorites", arguments: [:], key: "favorites", command: ["favorite", "list"]),
        Pair(tool: "continue_watching", arguments: [:], key: "videos", command: ["continue"]),
        Pair(tool: "list_bookmarks", arguments: [:], key: "bookmarks", command: ["bookmark", "list"]),
    ]

    /// The fields only the command line shows: where a change stands, in its words; a snippet's code (get_code gives it).
    static let commandLineOnly: Set = ["stands", "code[].code"]

    @Test("each tool names every field as the command's --json does, with the same kind of value")
    func toolsNameFieldsAsTheCommands() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-101"])
        try ConferenceStore(path: store.sandbox.database.path).write { db in
            _ = try db.edit(.recordPosition(session: "wwdc2026-101", position: 600, duration: 1200), at: Date())
            _ = try db.edit(.addBookmark(session: "wwdc2026-101", time: 75, note: "The plan"), at: Date())
            _ = try db.edit(.setNote(session: "wwdc2026-101", text: "Watch again"), at: Date())
        }
        let calls = Self.pairs.enumerated().map { Self.call($0.offset + 1, $0.element.tool, $0.element.arguments) }
        let (answers, _) = try await Self.serve(store, [Self.initialize] + calls)
        for (index, pair) in Self.pairs.enumerated() {
            let command = try await store.run(pair.command + ["--json"])
            let printed = try JSONSerialization.jsonObject(with: Data(command.stdout.utf8))
            let answer = answers["\(index + 1)"]
            let result = try #require(Self.structured(answer), "\(pair.tool): \(Self.text(answer))")
            let given: Any = try pair.key.map { try #require(result[$0], "\(pair.tool): no \($0)") } ?? result

            let expected = Self.kinds(printed, path: "").filter { !Self.commandLineOnly.contains($0.key) }
            let actual = Self.kinds(given, path: "")
            #expect(!expected.isEmpty, "\(pair.command): printed nothing")
            for (path, kinds) in expected.sorted(by: { $0.key < $1.key }) {
                guard let other = actual[path] else {
                    // The items of a list that is empty in the tool's result (a page, other data): nothing to compare.
                    if Self.inEmptyList(path, actual) { continue }
                    Issue.record("\(pair.tool): no \(path), which \(pair.command.joined(separator: " ")) --json has")
                    continue
                }
                // Null where the other has a value is a difference of data, not of shape.
                if !kinds.isEmpty, !other.isEmpty {
                    #expect(kinds == other, "\(pair.tool): \(path) holds \(other.sorted()), the command's \(kinds.sorted())")
                }
            }
        }
    }

    /// Whether `path` is within the items of a list `kinds` has, empty.
    static func inEmptyList(_ path: String, _ kinds: [String: Set<String>]) -> Bool {
        var prefix = Substring(path)
        while let range = prefix.range(of: "[]", options: .backwards) {
            let list = String(prefix[..<range.lowerBound])
            if kinds[list] != nil && kinds[list + "[]"] == nil { return true }
            prefix = prefix[..<range.lowerBound]
        }
        return false
    }

    /// Every path in `value` (`video.duration`, `bookmarks[].time`) with the kinds of value seen
    /// there, null left out.
    static func kinds(_ value: Any, path: String) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        func visit(_ value: Any, _ path: String) {
            switch value {
            case let object as [String: Any]:
                if !path.isEmpty { found[path, default: []].insert("object") }
                for (key, member) in object { visit(member, path.isEmpty ? key : path + "." + key) }
            case let list as [Any]:
                if !path.isEmpty { found[path, default: []].insert("list") }
                for item in list { visit(item, path + "[]") }
            case is NSNull:
                if !path.isEmpty { found[path, default: []] = found[path, default: []] }
            case is String:
                found[path, default: []].insert("string")
            default:
                found[path, default: []].insert("number or boolean")
            }
        }
        visit(value, path)
        // A top-level list's items: their paths without the leading "[]".
        return Dictionary(found.map { (key, kinds) in (key.hasPrefix("[].") ? String(key.dropFirst(3)) : key, kinds) }) { $0.union($1) }
    }
}
