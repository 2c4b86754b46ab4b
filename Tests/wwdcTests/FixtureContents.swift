import Foundation
import TestSupport

/// The fixtures' `contents.json`, read independently of the program, to compute what listings must hold.
struct FixtureContents {
    struct Item {
        var id: String
        var event: String
        var number: Int?
        var title: String
        var description: String
        var type: String?
        var trackID: Int?
        var roomID: Int?
        var platforms: [String]
        /// Seconds since 1970, and the offset the time was written in.
        var start: Double?
        var end: Double?
        var offset: Int?
        var hasMedia: Bool
    }

    var items: [Item]
    var tracks: [Int: String]
    var rooms: [Int: String]

    static func load() throws -> FixtureContents {
        let data = try Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("contents.json"))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let items = (root["contents"] as! [[String: Any]]).map { item in
            let start = (item["startTime"] as? String).map(parse)
            return Item(id: item["id"] as! String, event: item["eventId"] as! String, number: item["eventContentId"] as? Int,
                        title: item["title"] as! String, description: item["description"] as? String ?? "",
                        type: item["type"] as? String, trackID: item["trackId"] as? Int, roomID: item["roomId"] as? Int,
                        platforms: item["platforms"] as? [String] ?? [], start: start?.seconds,
                        end: (item["endTime"] as? String).map(parse)?.seconds, offset: start?.offset,
                        hasMedia: item["media"] != nil)
        }
        var tracks: [Int: String] = [:]
        for track in root["tracks"] as! [[String: Any]] { tracks[track["id"] as! Int] = track["name"] as? String }
        var rooms: [Int: String] = [:]
        for room in root["rooms"] as! [[String: Any]] { rooms[room["id"] as! Int] = room["name"] as? String }
        return FixtureContents(items: items, tracks: tracks, rooms: rooms)
    }

    /// The scheduled items of `event` (all events for nil).
    func scheduled(in event: String? = "wwdc2026") -> [Item] {
        items.filter { $0.start != nil && (event == nil || $0.event == event) }
    }

    /// `2026-06-08T10:00:00-07:00` → seconds since 1970 and the offset (the fixtures' only form).
    static func parse(_ text: String) -> (seconds: Double, offset: Int) {
        let formatter = ISO8601DateFormatter()
        let date = formatter.date(from: text)!
        let sign = text[text.index(text.endIndex, offsetBy: -6)] == "-" ? -1 : 1
        let hours = Int(text.suffix(5).prefix(2)) ?? 0
        let minutes = Int(text.suffix(2)) ?? 0
        return (date.timeIntervalSince1970, sign * (hours * 3600 + minutes * 60))
    }

    /// The calendar date (`2026-06-09`) of an instant at an offset.
    static func date(_ seconds: Double, offset: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The calendar date of an instant in a named zone.
    static func date(_ seconds: Double, zone: String) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: zone)!
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
