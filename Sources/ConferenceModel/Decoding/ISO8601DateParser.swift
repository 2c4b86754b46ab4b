import PlainText

/// A hand-written parser for the feeds' ISO 8601 dates (`2017-06-08T13:50:00-07:00`), much cheaper
/// than Foundation's formatters on large feeds.
///
/// Accepts `YYYY-MM-DD`, then `T` (or a space) and `hh:mm`, optional `:ss` and fraction, and an optional
/// `Z` or `±hh[:mm]` offset; a date without an offset is taken as UTC.
public enum ISO8601DateParser {
    static func parse(_ text: String) -> FeedDate? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> FeedDate? {
        var index = 0
        let count = bytes.count

        func digits(_ length: Int) -> Int? {
            guard index + length <= count else { return nil }
            var value = 0
            for _ in 0..<length {
                let digit = Int(bytes[index]) - 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < count, bytes[index] == character else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
              let day = digits(2), (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        var offset: Int? = nil
        if index < count {
            guard bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == UInt8(ascii: " ")
            else { return nil }
            index += 1
            guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), hour <= 24, minute <= 59
            else { return nil }
            var second = 0.0
            if expect(UInt8(ascii: ":")) {
                guard let whole = digits(2), whole <= 60 else { return nil }
                second = Double(whole)
                if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                    var scale = 0.1
                    let start = index
                    while index < count, bytes[index] >= 48, bytes[index] <= 57 {
                        second += Double(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
            guard hour < 24 || (minute == 0 && second == 0) else { return nil }
            seconds += Double(hour * 3600 + minute * 60) + second
            if index < count {
                if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                    index += 1
                    offset = 0
                } else {
                    let sign: Int
                    switch bytes[index] {
                    case UInt8(ascii: "+"): sign = 1
                    case UInt8(ascii: "-"): sign = -1
                    default: return nil
                    }
                    index += 1
                    guard let offsetHours = digits(2), offsetHours <= 18 else { return nil }
                    var offsetMinutes = 0
                    if index < count {
                        _ = expect(UInt8(ascii: ":"))
                        guard let minutes = digits(2), minutes <= 59 else { return nil }
                        offsetMinutes = minutes
                    }
                    offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
                }
            }
        }
        guard index == count else { return nil }
        return FeedDate(secondsSince1970: seconds - Double(offset ?? 0), utcOffsetSeconds: offset)
    }

    /// ISO 8601 in the date's own offset (UTC when it has none).
    static func format(_ date: FeedDate) -> String {
        let offset = min(max(date.utcOffsetSeconds ?? 0, -86_400), 86_400)
        let local = FeedRange.clamped(date.secondsSince1970, to: FeedRange.dateSeconds) + Double(offset)
        let wholeSeconds = local.rounded(.down)
        let fraction = local - wholeSeconds
        let total = Int(saturating: wholeSeconds)
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction > 0 {
            let millis = min(Int(saturating: fraction * 1000, rounding: .toNearestOrAwayFromZero), 999)
            text += "." + pad(millis, 3)
        }
        if date.utcOffsetSeconds == nil || offset == 0 { return text + "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return text + sign + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
