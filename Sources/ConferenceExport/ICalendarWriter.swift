import ConferenceData
import ConferenceModel
import PlainText

/// Writes an iCalendar file (RFC 5545): CRLF line ends, lines folded at 75 octets, TEXT values
/// escaped, times in UTC.
///
/// Text goes through `TextSanitizer` first: control characters are not allowed in TEXT values, and
/// a calendar shows them to the user as the terminal would.
public enum ICalendarWriter {
    /// The whole `VCALENDAR`; `stamp` is the `DTSTAMP` of every event (seconds since 1970). With
    /// `alarm`, each event has a `VALARM` that shows its summary that many seconds before it starts.
    public static func document(name: String, events: [CalendarEvent], stamp: Double,
                                productID: String = "-//wwdc//ConferenceExport//EN", alarm: Int? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + escape(productID), "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:" + text(name)]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + text(event.uid))
            lines.append("DTSTAMP:" + utc(stamp))
            lines.append("DTSTART:" + utc(event.start))
            if let end = event.end, end > event.start { lines.append("DTEND:" + utc(end)) }
            lines.append("SUMMARY:" + text(event.summary))
            if !event.description.isEmpty { lines.append("DESCRIPTION:" + text(event.description, multiLine: true)) }
            if let location = event.location, !location.isEmpty { lines.append("LOCATION:" + text(location)) }
            let categories = event.categories.filter { !$0.isEmpty }
            if !categories.isEmpty { lines.append("CATEGORIES:" + categories.map { text($0) }.joined(separator: ",")) }
            if let url = event.url, let clean = uri(url) { lines.append("URL:" + clean) }
            if let alarm {
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:" + trigger(secondsBefore: alarm),
                          "DESCRIPTION:" + text(event.summary), "END:VALARM"]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// A TEXT value: sanitised, then `\`, `;`, `,` and line breaks escaped.
    static func text(_ value: String, multiLine: Bool = false) -> String {
        escape((multiLine ? TextSanitizer.multiLine : TextSanitizer.singleLine).sanitize(value))
    }

    static func escape(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// A URI value has no escaping: one with characters a URI cannot hold is left out, and so is an
    /// address wwdc would not fetch itself (``WebAddress``), which a calendar would open on a click.
    static func uri(_ value: String) -> String? {
        value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) && WebAddress.allows(value) ? value : nil
    }

    /// A trigger relative to the start: `-PT10M`, `-PT1H30M`, `-P1D`, `PT0S` (RFC 5545's DURATION).
    static func trigger(secondsBefore seconds: Int) -> String {
        guard seconds > 0 else { return "PT0S" }
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        var time = ""
        if hours > 0 { time += "\(hours)H" }
        if minutes > 0 { time += "\(minutes)M" }
        if rest > 0 { time += "\(rest)S" }
        return "-P" + (days > 0 ? "\(days)D" : "") + (time.isEmpty ? "" : "T" + time)
    }

    /// `20260608T170000Z`.
    static func utc(_ seconds: Double) -> String {
        let time = LocalTime(secondsSince1970: seconds, utcOffset: 0)
        let date = time.date
        return LocalTime.pad(date.year, 4) + LocalTime.pad(date.month, 2) + LocalTime.pad(date.day, 2) + "T"
            + LocalTime.pad(time.hour, 2) + LocalTime.pad(time.minute, 2) + LocalTime.pad(time.secondOfDay % 60, 2) + "Z"
    }

    /// The content line with its CRLF, folded so that no line is longer than 75 octets: a fold is a
    /// CRLF followed by one space, and never falls inside a character's UTF-8 sequence.
    /// An escape (`\,`) is kept whole too, for readers that unfold carelessly.
    static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        var pendingEscape = false
        for scalar in line.unicodeScalars {
            var length = scalar.utf8.count
            if pendingEscape {
                pendingEscape = false
                result.unicodeScalars.append(scalar)
                octets += length
                continue
            }
            if scalar == "\\" {
                pendingEscape = true
                length += 1  // the character it escapes is ASCII
            }
            if octets + length > 75 {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += scalar.utf8.count
        }
        return result + "\r\n"
    }
}
