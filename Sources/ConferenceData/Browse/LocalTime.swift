import ConferenceModel
import PlainText

/// A wall-clock time: an instant seen at one UTC offset.
public struct LocalTime: Hashable, Sendable {
    public let secondsSince1970: Double
    /// Seconds east of UTC.
    public let utcOffset: Int
    public let date: LocalDate
    /// Seconds since local midnight.
    public let secondOfDay: Int

    /// A moment outside the years 1 to 9999 (from a store filled before feeds were range-checked)
    /// is taken as the nearest one inside.
    public init(secondsSince1970: Double, utcOffset: Int) {
        let secondsSince1970 = FeedRange.clamped(secondsSince1970, to: FeedRange.dateSeconds)
        let utcOffset = Swift.min(Swift.max(utcOffset, -86_400), 86_400)
        self.secondsSince1970 = secondsSince1970
        self.utcOffset = utcOffset
        let local = Int(saturating: secondsSince1970 + Double(utcOffset), rounding: .down)
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        date = LocalDate(daysSince1970: days)
        secondOfDay = local - days * 86_400
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }

    /// `09:30`.
    public var clockText: String { LocalTime.pad(hour, 2) + ":" + LocalTime.pad(minute, 2) }

    /// ISO 8601 with the offset: `2026-06-08T10:00:00-07:00` (`Z` at UTC).
    public var iso8601: String {
        FeedDate(secondsSince1970: secondsSince1970.rounded(.down), utcOffsetSeconds: utcOffset).description
    }

    /// `UTC−07:00`, `UTC+05:30`, `UTC`.
    public static func offsetText(_ offset: Int) -> String {
        let offset = Swift.min(Swift.max(offset, -86_400), 86_400)
        if offset == 0 { return "UTC" }
        let magnitude = abs(offset)
        return "UTC" + (offset < 0 ? "−" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    }

    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
