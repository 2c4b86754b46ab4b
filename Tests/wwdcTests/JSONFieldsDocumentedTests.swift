import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// The manual's JSON OUTPUT section, typed by hand, against what the commands print: every key a
/// command's `--json` prints is documented, and no documented key is missing, nested objects too.
@Suite("JSON OUTPUT in the manual: every key documented, none missing", .offThePool)
struct JSONFieldsDocumentedTests {
    /// The keys of a JSON object, with the keys of those whose value is an object or a list of
    /// objects (nil for any other value).
    struct Shape {
        var keys: [String: Shape?] = [:]
    }

    /// The runs that show each documented command's JSON, with something in every nested object:
    /// a favorite, a feedback, a download, a position, a bookmark and a note on 101, chapters and code on 303, a sign-up on 8027,
    /// resources on 201.
    static let runs: [String: [[String]]] = [
        "schedule": [["schedule"], ["schedule", "--search", "swift"]],
        "session": [["session", "101"], ["session", "303"], ["session", "8027"], ["session", "201"], ["session", "news-4101"]],
        "transcript": [["transcript", "101"]],
        "search": [["search", "swift"]],
        "news": [["news"]],
        "photos": [["photos", "101"], ["photos", "5019BF05-852C-5288-9ACD-D87EA7D13FE6"]],
        "videos": [["videos"]],
        "continue": [["continue"]],
        "bookmark list": [["bookmark", "list"]],
        "share": [["share", "101", "--at", "754"], ["share", "news-4101"]],
        "export": [["export"]],
        "downloads": [["downloads"]],
        "topics": [["topics"]],
        "articles": [["articles"]],
        "favorite list": [["favorite", "list"]],
        "feedback --list": [["feedback", "--list"]],
        "whoami": [["whoami"]],
        "whatsnew": [["whatsnew"]],
        "remind": [["remind", "--within", "2h"]],
    ]

    @Test("each --json prints exactly the keys the manual lists")
    func documentedKeys() async throws {
        // Pictures served too, for `photos`.
        let (sandbox, server) = try await Sandbox.synced(serverArguments: ["--rebase-images"])
        defer {
            server.stop()
            sandbox.remove()
        }
        #expect(try await sandbox.login().status == 0)
        let store = try ConferenceStore(path: sandbox.database.path)
        try store.write { db in
            try db.setFavorite(sessionID: "wwdc2026-101", true, syncState: .local)
            // Starts an hour after the runs' WWDC_NOW: remind lists it.
            try db.setFavorite(sessionID: "wwdc2026-211", true, syncState: .local)
            // A list as a sync that found something keeps it, one item of each kind.
            for (position, kind) in ["videos", "sessions", "news", "favoritesChanged"].enumerated() {
                try db.execute("INSERT INTO whats_new (kind, position, item_id, title) VALUES (?, 0, ?, 'Title')", [kind, "wwdc2026-10\(position)"])
            }
            try db.execute("INSERT INTO settings (key, value) VALUES ('whats_new_at', '1780938000')")
            try db.saveFeedback(Feedback(sessionID: "wwdc2026-101", overall: 4, comment: "Good", syncState: .local, createdAt: Date()))
            try db.recordDownloadQueued(DownloadItem(sessionID: "wwdc2026-101", quality: .hd, url: "https://example.com/101.mp4",
                                                    path: sandbox.directory.path("101.mp4").path, title: "Keynote"))
            _ = try db.edit(.recordPosition(session: "wwdc2026-101", position: 600, duration: nil), at: Date())
            _ = try db.edit(.addBookmark(session: "wwdc2026-101", time: 60, note: "The plan"), at: Date())
            _ = try db.edit(.setNote(session: "wwdc2026-101", text: "Watch again"), at: Date())
        }

        let documented = try await Self.manualSection(sandbox)
        #expect(Set(documented.keys).subtracting(["sync"]) == Set(Self.runs.keys), "commands documented: \(documented.keys.sorted())")
        for (command, runs) in Self.runs.sorted(by: { $0.key < $1.key }) {
            guard let expected = documented[command] else { continue }
            var printed: [Any] = []
            for arguments in runs {
                let result = try await sandbox.run(arguments + ["--json"], environment: ["WWDC_NOW": "2026-06-10T12:00:00-07:00"])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                printed.append(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
            }
            Self.compare(expected, Self.shape(of: printed), path: command + " --json")
        }
    }

    /// Compares the documented shape with the printed one, nested objects too; a nested object no
    /// run printed (always null or empty) is a gap in the runs.
    static func compare(_ documented: Shape, _ printed: Shape, path: String) {
        let missing = Set(documented.keys.keys).subtracting(printed.keys.keys).sorted()
        let undocumented = Set(printed.keys.keys).subtracting(documented.keys.keys).sorted()
        #expect(missing.isEmpty, "\(path): documented but not printed: \(missing)")
        #expect(undocumented.isEmpty, "\(path): printed but not documented: \(undocumented)")
        for (key, nested) in documented.keys {
            guard let nested else { continue }
            guard let seen = printed.keys[key] ?? nil else {
                Issue.record("\(path): no run printed an object for \(key)")
                continue
            }
            compare(nested, seen, path: path + "." + key)
        }
    }

    /// The keys of the objects in `values` (objects, lists of objects), merged.
    static func shape(of values: [Any]) -> Shape {
        var shape = Shape()
        for value in values {
            if let list = value as? [Any] {
                shape = merge(shape, self.shape(of: list)) ?? shape
            } else if let object = value as? [String: Any] {
                for (key, value) in object {
                    shape.keys[key] = merge(shape.keys[key] ?? nil, nestedShape(value))
                }
            }
        }
        return shape
    }

    private static func nestedShape(_ value: Any) -> Shape? {
        if value is [String: Any] { return shape(of: [value]) }
        if let list = value as? [Any], list.contains(where: { $0 is [String: Any] }) { return shape(of: list) }
        return nil
    }

    private static func merge(_ a: Shape?, _ b: Shape?) -> Shape? {
        guard let a else { return b }
        guard let b else { return a }
        return Shape(keys: a.keys.merging(b.keys) { merge($0, $1) })
    }

    // MARK: Reading the manual

    /// The JSON OUTPUT section of `wwdc help --man`: each command's documented shape.
    static func manualSection(_ sandbox: Sandbox) async throws -> [String: Shape] {
        let page = try await sandbox.run(["help", "--man"])
        let lines = page.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: "\\-", with: "-") }
        let start = try #require(lines.firstIndex(of: ".SH \"JSON OUTPUT\""))
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH") }
        var documented: [String: Shape] = [:]
        var references: [(command: String, key: String, other: String)] = []
        for line in section where line.contains(" --json") && !line.hasPrefix(".") {
            let command = String(line[..<line.range(of: " --json")!.lowerBound])
            guard let open = line.firstIndex(of: "{") else {
                documented[command] = Shape()
                continue
            }
            var text = line[open...]
            var shape = try parseObject(&text)
            // "feedback is {…}", "related is [{…}]": a nested object described after the list.
            var rest = text
            while let match = rest.firstMatch(of: /(\w+) is \[?(?=\{)/) {
                rest = rest[match.range.upperBound...]
                shape.keys[String(match.1)] = try parseObject(&rest)
            }
            // "downloads lists the session's downloads as downloads --json does".
            for match in text.matches(of: /(\w+) lists [^,;]* as ([a-z]+) --json does/) {
                references.append((command, String(match.1), String(match.2)))
            }
            documented[command] = shape
        }
        for reference in references {
            let other = documented[reference.other]
            documented[reference.command]?.keys[reference.key] = other
        }
        return documented
    }

    /// Reads `{key, key (note), key: [{…}], key: {…}}` from the start of `text`.
    static func parseObject(_ text: inout Substring) throws -> Shape {
        guard text.first == "{" else { throw Failure(message: "expected { at \(text.prefix(40))") }
        text.removeFirst()
        var shape = Shape()
        while true {
            text = text.drop { $0 == " " }
            let key = String(text.prefix { $0.isLetter || $0.isNumber })
            guard !key.isEmpty else { throw Failure(message: "expected a key at \(text.prefix(40))") }
            text = text.dropFirst(key.count).drop { $0 == " " }
            if text.first == "(" { text = text.drop { $0 != ")" }.dropFirst().drop { $0 == " " } }
            var nested: Shape?
            if text.first == ":" {
                text = text.dropFirst().drop { $0 == " " }
                let isList = text.first == "["
                if isList { text.removeFirst() }
                nested = try parseObject(&text)
                if isList {
                    guard text.first == "]" else { throw Failure(message: "expected ] at \(text.prefix(40))") }
                    text.removeFirst()
                }
            }
            shape.keys[key] = nested
            text = text.drop { $0 == " " }
            switch text.first {
            case ",": text.removeFirst()
            case "}": text.removeFirst(); return shape
            default: throw Failure(message: "expected , or } at \(text.prefix(40))")
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
