import ConferenceModel
import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc export --ics` parses back. The test unfolds the file itself and checks
/// every event against the fixtures: fields, escaping, folding at 75 octets, UTC times, stable UIDs.
@Suite("browsing: calendar export", .offThePool)
struct ExportTests {
    struct Event {
        var properties: [String: String] = [:]
    }

    /// Splits a calendar into physical lines, checking CRLF endings and the 75-octet limit, then
    /// unfolds and parses it (RFC 5545 §3.1).
    static func parse(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> (calendar: [String: String], events: [Event]) {
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                physical.append(current)
                current = []
                index += 2
                continue
            }
            #expect(bytes[index] != 0x0A && bytes[index] != 0x0D, "a bare line break", sourceLocation: sourceLocation)
            current.append(bytes[index])
            index += 1
        }
        #expect(current.isEmpty, "the file ends with CRLF", sourceLocation: sourceLocation)
        for line in physical {
            #expect(line.count <= 75, "a line of \(line.count) octets: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold splits a UTF-8 sequence", sourceLocation: sourceLocation)
        }
        var logical: [[UInt8]] = []
        for line in physical {
            if let first = line.first, first == 0x20 || first == 0x09, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        var calendar: [String: String] = [:]
        var events: [Event] = []
        var event: Event?
        for bytes in logical {
            let line = String(decoding: bytes, as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else {
                Issue.record("not a content line: \(line)", sourceLocation: sourceLocation)
                continue
            }
            let name = String(line[..<colon]), value = String(line[line.index(after: colon)...])
            switch (name, value) {
            case ("BEGIN", "VEVENT"): event = Event()
            case ("END", "VEVENT"):
                if let event { events.append(event) }
                event = nil
            default:
                if event != nil {
                    #expect(event?.properties[name] == nil, "\(name) twice in one event", sourceLocation: sourceLocation)
                    event?.properties[name] = value
                } else {
                    calendar[name] = value
                }
            }
        }
        return (calendar, events)
    }

    /// A TEXT value unescaped; nil when it holds an escape RFC 5545 does not define or an unescaped `,` or `;`.
    static func unescape(_ value: String) -> String? {
        var result = ""
        var iterator = value.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\\":
                switch iterator.next() {
                case "\\": result.append("\\")
                case ";": result.append(";")
                case ",": result.append(",")
                case "n", "N": result.append("\n")
                default: return nil
                }
            case ";", ",": return nil
            default: result.append(character)
            }
        }
        return result
    }

    /// `20260608T170000Z` for an instant.
    static func utc(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// What a reader must see of a title: the sanitiser removes the escape sequences of wwdc2026-990
    /// and the invisible characters of 992; everything else is kept exactly.
    static let expectedSummaries: [String: String] = [
        "wwdc2026-990": "Terminal Tricks Red Alert for Command-Line Tools",
        "wwdc2026-992": "Bidirectional Text redaeH cilbuP Made Invisible Easy",
    ]

    @Test("every scheduled session of the current event, with its fields, escaped and folded")
    func wholeSchedule() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let fixtures = try FixtureContents.load()
        let output = store.sandbox.directory.path("schedule.ics")
        let result = try await store.run(["export", "--ics", "--output", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Wrote 218 sessions to"))
        let (calendar, events) = Self.parse(try Data(contentsOf: output))
        #expect(calendar["VERSION"] == "2.0")
        #expect(calendar["PRODID"] != nil)
        #expect(calendar["X-WR-CALNAME"] == "WWDC 2026")

        let expected = fixtures.scheduled(in: "wwdc2026")
        #expect(events.count == expected.count)
        let byUID = Dictionary(events.map { ($0.properties["UID"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byUID.count == events.count, "UIDs are unique")
        let stamp = Self.utc(FixtureContents.parse(BrowseSandbox.now).seconds)
        for item in expected {
            guard let event = byUID[item.id + "@wwdc.invalid"] else {
                Issue.record("no event for \(item.id)")
                continue
            }
            let properties = event.properties
            #expect(properties["DTSTART"] == Self.utc(item.start!), "\(item.id)")
            #expect(properties["DTEND"] == item.end.map(Self.utc), "\(item.id)")
            #expect(properties["DTSTAMP"] == stamp, "\(item.id)")
            let summary = properties["SUMMARY"].flatMap(Self.unescape)
            #expect(summary == (Self.expectedSummaries[item.id] ?? item.title), "\(item.id): \(properties["SUMMARY"] ?? "nil")")
            #expect(properties["LOCATION"].flatMap(Self.unescape) == item.roomID.flatMap { fixtures.rooms[$0] }, "\(item.id)")
            let categories = properties["CATEGORIES"]?.split(separator: ",").map { Self.unescape(String($0)) }
            #expect(categories == [item.type, item.trackID.flatMap { fixtures.tracks[$0] }].compactMap { $0 }, "\(item.id)")
            let description = properties["DESCRIPTION"].flatMap(Self.unescape)
            #expect(description != nil, "\(item.id): DESCRIPTION is not valid escaped TEXT")
            if !item.description.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value > 0x7E }) {
                #expect(description == item.description, "\(item.id)")
            }
            #expect(properties["URL"] == "https://developer.example.com/wwdc26/\(item.number!)", "\(item.id)")
        }
        // The SQL title is the escaping test: quotes, semicolon, backslash survive the round trip.
        let sql = byUID["wwdc2026-991@wwdc.invalid"]?.properties["SUMMARY"]
        #expect(sql?.contains("\\;") == true && sql?.contains("\\\\") == true)
        #expect(sql.flatMap(Self.unescape) == expected.first { $0.id == "wwdc2026-991" }?.title)
        // The 303-character title needed folding, and came back whole.
        let raw = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(raw.contains("\r\n "), "long lines are folded")
        #expect(byUID["wwdc2026-993@wwdc.invalid"]?.properties["SUMMARY"].flatMap(Self.unescape)?.count == 303)
    }

    @Test("favorites only, to stdout; exporting again gives the same UIDs")
    func favoritesAndStableUIDs() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        try store.favorite(["wwdc2026-101", "wwdc2026-991", "wwdc2026-993", "wwdc2025-201"])
        let first = try await store.run(["export", "--ics", "--favorites"])
        #expect(first.status == 0, "\(first.stderr)")
        let (calendar, events) = Self.parse(Data(first.stdout.utf8))
        #expect(calendar["X-WR-CALNAME"] == "WWDC 2026 favorites")
        // wwdc2025-201 is another event's unscheduled video: not in the current event's calendar.
        #expect(Set(events.compactMap { $0.properties["UID"] }) == ["wwdc2026-101@wwdc.invalid", "wwdc2026-991@wwdc.invalid", "wwdc2026-993@wwdc.invalid"])
        try store.favorite(["wwdc2026-102"])
        let second = try await store.run(["export", "--ics", "--favorites"])
        let again = Self.parse(Data(second.stdout.utf8)).events
        #expect(again.count == 4)
        for event in events {
            let same = again.first { $0.properties["UID"] == event.properties["UID"] }
            #expect(same?.properties == event.properties, "an event changes nothing between exports")
        }
        let missing = try await store.run(["export"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("Error: Choose a format: '--ics'"))
    }
}
