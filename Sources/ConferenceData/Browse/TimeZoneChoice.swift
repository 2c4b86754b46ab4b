import ConferenceModel
import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which clock times are shown in: the conference's own (the UTC offset the feed wrote each time
/// in), or this machine's zone (`TZ` respected).
///
/// Both are computed with the C library and plain arithmetic, not Foundation's calendars: a listing
/// formats hundreds of times and the whole command must start and finish in a few milliseconds.
public enum TimeZoneChoice: Sendable, Equatable {
    case conference
    case local

    /// The UTC offset, in seconds, of the instant `seconds` (since 1970): the feed's own
    /// `recordedOffset` for the conference (UTC when the feed gave none), the machine's otherwise.
    public func offset(at seconds: Double, recordedOffset: Int?) -> Int {
        switch self {
        case .conference: recordedOffset ?? 0
        case .local: Self.localZone(at: seconds).offset
        }
    }

    /// The instant as a wall-clock time in this zone.
    public func localTime(_ seconds: Double, recordedOffset: Int?) -> LocalTime {
        LocalTime(secondsSince1970: seconds, utcOffset: offset(at: seconds, recordedOffset: recordedOffset))
    }

    /// A label for headings: "conference time, UTC−07:00", "local time, CEST, UTC+02:00" or "local
    /// time, UTC".
    public func label(at seconds: Double, recordedOffset: Int?) -> String {
        switch self {
        case .conference:
            return "conference time, " + LocalTime.offsetText(recordedOffset ?? 0)
        case .local:
            let zone = Self.localZone(at: seconds)
            let offset = LocalTime.offsetText(zone.offset)
            // A zone named only by its offset ("+03", or "UTC" itself) is not named twice.
            let name = zone.abbreviation.isEmpty || zone.abbreviation.hasPrefix("+") || zone.abbreviation.hasPrefix("-")
                || zone.abbreviation == offset ? "" : zone.abbreviation + ", "
            return "local time, " + name + offset
        }
    }

    /// The instants `[start, end)` that make up the calendar day `date` in this zone; `conferenceOffset`
    /// is the offset of the conference day.
    public func dayRange(_ date: LocalDate, conferenceOffset: Int) -> Range<Double> {
        switch self {
        case .conference:
            let start = Double(date.daysSince1970 * 86_400 - conferenceOffset)
            return start..<(start + 86_400)
        case .local:
            let next = LocalDate(daysSince1970: date.daysSince1970 + 1)
            return Self.localMidnight(date)..<Self.localMidnight(next)
        }
    }

    /// The machine zone's offset and abbreviation at an instant, from `localtime_r` (which reads `TZ`).
    static func localZone(at seconds: Double) -> (offset: Int, abbreviation: String) {
        prepareLocalZone
        var time = time_t(Int(saturating: FeedRange.clamped(seconds, to: FeedRange.dateSeconds), rounding: .down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return (0, "UTC") }
        let abbreviation = parts.tm_zone.map { String(cString: $0) } ?? ""
        return (Int(parts.tm_gmtoff), abbreviation)
    }

    /// Local midnight of `date`, from `mktime` (which settles daylight saving time itself).
    static func localMidnight(_ date: LocalDate) -> Double {
        prepareLocalZone
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_isdst = -1
        return Double(mktime(&parts))
    }

    /// `localtime_r` need not read `TZ` by itself (POSIX): `tzset` once, before the first conversion.
    private static let prepareLocalZone: Void = tzset()
}
