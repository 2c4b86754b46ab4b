@testable import ConferenceData
@testable import ConferenceModel
@testable import PersonalSync
import Foundation
import TestSupport
import Testing

/// The one rule for ids people type and commands print (``ItemID``), at each boundary: the feeds'
/// decoder and a sync folder's journals; and the one limit on a note, which every journal line fits.
@Suite("ids and notes at the boundaries")
struct ItemIDTests {
    static let hostile = ["wwdc2026-$(touch pwned)", "101; touch pwned #", "wwdc2026-`id`", "two words", "wwdc2026-1\u{202E}01",
                          "caf\u{E9}", "a/b", "-rf", String(repeating: "a", count: ItemID.maximumLength + 1)]
    static let usable = ["wwdc2026-101", "820", "tech-talks-3101", "news_1.2", "A9F3C2D1-0000-4000-8000-ABCDEF012345",
                         String(repeating: "a", count: ItemID.maximumLength)]

    @Test("letters, digits, '-', '_' and '.' up to the length are ids; shell code, other characters, a leading '-' and more are not")
    func rule() {
        for id in Self.usable { #expect(ItemID.problem(id) == nil, "\(id)") }
        for id in Self.hostile + [""] { #expect(ItemID.problem(id) != nil, "\(id)") }
        #expect(ItemID.problem("-rf")?.contains("starting with '-'") == true)
        #expect(ItemID.problem("101; touch pwned #")?.contains("other than ASCII letters, digits, '-', '_' and '.'") == true)
    }

    @Test("the decoder skips and reports a session, an event or a news item whose id is not one; the rest lands")
    func decoder() throws {
        let items = (Self.hostile.map { ["id": $0, "eventId": "e", "title": "Hostile"] } + [["id": "s-1", "eventId": "e", "title": "Kept"]])
            + [["id": "s-2", "eventId": "e$(touch pwned)", "title": "Of a hostile event"]]
        let events = [["id": "e", "name": "E"], ["id": "e$(touch pwned)", "name": "Hostile event"]]
        let contents = try FeedDecoder.contents(from: JSONSerialization.data(withJSONObject: ["events": events, "contents": items]))
        #expect(contents.sessions.map(\.id) == ["s-1"])
        #expect(contents.events.map(\.id) == ["e"])
        let skipped = contents.issues.filter { $0.kind == .skipped }
        // Each hostile session, and the hostile event; the session of that event for its eventId.
        #expect(skipped.filter { $0.field == "id" }.count == Self.hostile.count + 1, "\(skipped.map(\.line))")
        #expect(skipped.filter { $0.field == "eventId" }.map(\.item) == ["s-2"], "\(skipped.map(\.line))")
        #expect(skipped.allSatisfy { $0.reason.hasPrefix("expected an id, found ") }, "\(skipped.map(\.line))")

        let news = try FeedDecoder.news(from: JSONSerialization.data(withJSONObject: ["items": [
            ["id": "101; touch pwned #", "title": "Hostile"], ["id": "8F3A", "title": "Kept"],
        ]]))
        #expect(news.items.map(\.id) == ["8F3A"])
        #expect(news.issues.map(\.field) == ["id"], "\(news.issues.map(\.line))")
    }

    @Test("every id in Apple's real feeds is one: nothing of them is skipped for its id",
          .enabled(if: AppleFeeds.has("2017") || AppleFeeds.has("2020b"), "../shared/apple-feeds is absent"))
    func appleFeeds() throws {
        var checked = 0
        for year in ["2017", "2020b"] {
            guard let folder = AppleFeeds.folder(year) else { continue }
            let root = try #require(try AppleFeeds.json(year, "contents.json") as? [String: Any])
            let ids = (root["contents"] as? [[String: Any]] ?? []).flatMap { [$0["id"], $0["eventId"]] }
                + (root["events"] as? [[String: Any]] ?? []).map { $0["id"] }
            for id in ids.map({ "\($0 ?? "")" }) {
                #expect(ItemID.problem(id) == nil, "\(year): \(id)")
                checked += 1
            }
            let contents = try FeedDecoder.contents(from: Data(contentsOf: folder.appendingPathComponent("contents.json")))
            #expect(!contents.issues.contains { ["id", "eventId"].contains($0.field) }, "\(year): \(contents.issues.map(\.line))")
            let newsFile = folder.appendingPathComponent("news.json")
            if FileManager.default.fileExists(atPath: newsFile.path) {
                let news = try FeedDecoder.news(from: Data(contentsOf: newsFile))
                #expect(!news.items.isEmpty && !news.issues.contains { $0.field == "id" }, "\(year): \(news.issues.map(\.line))")
                checked += news.items.count
            }
        }
        #expect(checked > 1000)
    }

    static let clock = HybridTimestamp(wall: 1_780_000_000_123, counter: 7, machine: "0123456789abcdef-89abcdef").description

    static func line(_ kind: String, _ key: String, _ value: String?) -> String {
        JournalLine.encode(PersonalChange(kind: PersonalKind(rawValue: kind), key: key, value: value, version: 0,
                                          changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: clock))
    }

    @Test("a journal's change of a known kind whose key is not an id is skipped and counted; a newer kind's key is any text")
    func journal() {
        let lines = Self.hostile.flatMap { key in
            [Self.line("favorite", key, #"{"favorite":true}"#), Self.line("note", key, #"{"text":"x"}"#), Self.line("progress", key, nil)]
        } + [Self.line("note", "wwdc2026-101", #"{"text":"kept"}"#), Self.line("later", "any text; at all", "{}")]
        let reading = JournalLine.read(Data(lines.joined().utf8))
        #expect(reading.unusableIDs == Self.hostile.count * 3)
        #expect(reading.damaged == 0)
        #expect(reading.changes.map(\.key) == ["wwdc2026-101", "any text; at all"])
        // A bookmark's session is in its value: read when it wins, and unusable when it is not an id.
        let bookmark = { (session: String) in
            PersonalChange(kind: .bookmark, key: "c0ffee00-0000-4000-8000-000000000001",
                           value: #"{"created":1780000000,"note":"","session":"\#(session)","time":10}"#, version: 0,
                           changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: Self.clock)
        }
        #expect(bookmark("wwdc2026-101").content.map(PersonalChange.isUsable) == true)
        #expect(bookmark("101; touch pwned #").content.map(PersonalChange.isUsable) == false)
    }

    /// `count` times `scalar`: by default, the most a note may hold.
    static func longest(_ scalar: Unicode.Scalar, count: Int = SessionNote.maximumLength) -> String {
        String(String.UnicodeScalarView(repeatElement(scalar, count: count)))
    }

    @Test("the note limit holds: each character becomes at most its longest escape, and a note of as many as fit, in the worst character, fits a journal line, as a note and a bookmark")
    func noteLimitFitsALine() throws {
        #expect(SessionNote.maximumLength == 100_000 && SessionNote.fitting >= SessionNote.maximumLength, "\(SessionNote.fitting)")
        // Every character of the Basic Multilingual Plane, and a sample beyond: none becomes longer than the longest escape.
        let base = Self.line("note", "wwdc2026-101", String(decoding: try JSONEncoder().encode(["text": ""]), as: UTF8.self)).utf8.count
        var scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init)
        scalars += stride(from: 0x10000, through: 0x10FFFF, by: 97).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let note = PersonalChange.note(SessionNote(sessionID: "wwdc2026-101", text: String(scalar), updatedAt: Date()), version: 0)
            let grown = JournalLine.encode(PersonalChange(kind: .note, key: note.key, value: note.value, version: 0,
                                                         changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: Self.clock)).utf8.count - base
            if grown > JournalLine.longestEscape { Issue.record("U+\(String(scalar.value, radix: 16)) becomes \(grown) bytes") }
        }
        let session = String(repeating: "s", count: ItemID.maximumLength)
        for scalar in ["\u{01}", "\"", "\\", "\u{1F600}", "\u{2028}"] as [Unicode.Scalar] {
            let text = Self.longest(scalar, count: SessionNote.fitting)
            let changes = [
                PersonalChange.note(SessionNote(sessionID: session, text: text, updatedAt: Date(timeIntervalSince1970: 1_780_000_000.123)), version: 0),
                PersonalChange.bookmark(Bookmark(id: UUID().uuidString.lowercased(), sessionID: session, time: 9_999_999.123456, note: text,
                                                 createdAt: Date(timeIntervalSince1970: 1_780_000_000.123)),
                                        version: 0, at: Date(timeIntervalSince1970: 1_780_000_000.123)),
            ].map { change in
                var change = change
                change.clock = Self.clock
                return change
            }
            for change in changes {
                let line = JournalLine.encode(change)
                #expect(line.utf8.count - 1 <= JournalLine.maximumLength, "U+\(String(scalar.value, radix: 16)) \(change.kind.rawValue): \(line.utf8.count)")
                let read = JournalLine.read(Data(line.utf8))
                #expect(read.changes.count == 1 && read.damaged == 0, "U+\(String(scalar.value, radix: 16)) \(change.kind.rawValue)")
                #expect(read.changes.first?.note?.text ?? read.changes.first?.bookmark?.note == text)
            }
        }
    }

    @Test("a note, or a bookmark's, one character over the limit is refused with a clear error and nothing is saved; at the limit it is saved")
    func noteLimitEnforced() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        let over = String(repeating: "x", count: SessionNote.maximumLength) + "é"
        for edit in [PersonalEdit.setNote(session: "wwdc2026-101", text: over),
                     .addBookmark(session: "wwdc2026-101", time: 10, note: over)] {
            #expect(throws: PersonalDataError.noteTooLong(length: SessionNote.maximumLength + 1)) {
                _ = try store.write { try $0.edit(edit, at: date) }
            }
        }
        #expect(try store.read { try $0.allPersonalChanges() }.isEmpty)
        #expect(PersonalDataError.noteTooLong(length: 200_000).description
                == "the note is 200000 characters long; a note holds at most \(SessionNote.maximumLength)")
        _ = try store.write { try $0.edit(.setNote(session: "wwdc2026-101", text: Self.longest("\u{01}")), at: date) }
        #expect(try store.read { try $0.storedNote(sessionID: "wwdc2026-101") }?.text.unicodeScalars.count == SessionNote.maximumLength)
    }
}
