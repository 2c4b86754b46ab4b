import ConferenceModel

/// A calendar date (proleptic Gregorian), without a time or a zone.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(daysSince1970: Int) {
        (year, month, day) = ISO8601DateParser.civilFromDays(daysSince1970)
    }

    /// `2026-06-08`; nil unless the text is exactly a valid date in that form.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...LocalDate.daysInMonth(month, year: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int { ISO8601DateParser.daysFromCivil(year: year, month: month, day: day) }

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int { ((daysSince1970 % 7) + 11) % 7 }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSince1970: daysSince1970 + days) }

    /// `2026-06-08`.
    public var description: String { LocalTime.pad(year, 4) + "-" + LocalTime.pad(month, 2) + "-" + LocalTime.pad(day, 2) }

    /// `Monday, June 8, 2026`.
    public var longText: String {
        "\(LocalDate.weekdayNames[weekday]), \(LocalDate.monthNames[month - 1]) \(day), \(year)"
    }

    /// `Mon Jun 8`.
    public var shortText: String {
        "\(LocalDate.weekdayNames[weekday].prefix(3)) \(LocalDate.monthNames[month - 1].prefix(3)) \(day)"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]

    /// The weekday (0 = Sunday) a name or its first three letters stand for, in any case.
    public static func weekday(named text: String) -> Int? {
        let lowered = text.lowercased()
        guard lowered.count >= 3 else { return nil }
        return weekdayNames.firstIndex { $0.lowercased().hasPrefix(lowered) }
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
