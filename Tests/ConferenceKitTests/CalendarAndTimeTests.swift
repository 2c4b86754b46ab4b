import ConferenceData
import ConferenceExport
import Foundation
import TestTraits
import Testing

/// The pieces browsing builds on: wall-clock dates without Foundation's calendars, and the
/// iCalendar writer's folding and escaping on text the fixtures do not have (multi-byte, long).
@Suite("Browsing: dates and iCalendar", .offThePool)
struct CalendarAndTimeTests {
    @Test("dates: ISO parsing refuses impossible dates; weekdays and names are right")
    func dates() {
        #expect(LocalDate(iso: "2026-06-08") == LocalDate(year: 2026, month: 6, day: 8))
        for bad in ["2026-02-29", "2026-13-01", "2026-6-8", "20260608", "2026-06-08T10", "٢٠٢٦-٠٦-٠٨", ""] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekday == 4)
        #expect(LocalDate(year: 2026, month: 6, day: 8).longText == "Monday, June 8, 2026")
        #expect(LocalDate(year: 1969, month: 12, day: 31).weekday == 3)
        #expect(LocalDate.weekday(named: "Tue") == 2 && LocalDate.weekday(named: "saturday") == 6)
        #expect(LocalDate.weekday(named: "t") == nil && LocalDate.weekday(named: "funday") == nil)
    }

    @Test("wall-clock times at any offset, and conference day ranges")
    func times() {
        // 2026-06-08T17:00:00Z.
        let instant = 1_780_938_000.0
        let pacific = LocalTime(secondsSince1970: instant, utcOffset: -7 * 3600)
        #expect(pacific.clockText == "10:00" && pacific.date.description == "2026-06-08")
        #expect(pacific.iso8601 == "2026-06-08T10:00:00-07:00")
        let india = LocalTime(secondsSince1970: instant, utcOffset: 19_800)
        #expect(india.iso8601 == "2026-06-08T22:30:00+05:30")
        let kiribati = LocalTime(secondsSince1970: instant, utcOffset: 14 * 3600)
        #expect(kiribati.date.description == "2026-06-09" && kiribati.clockText == "07:00")
        #expect(LocalTime.offsetText(-25_200) == "UTC−07:00" && LocalTime.offsetText(0) == "UTC")
        let range = TimeZoneChoice.conference.dayRange(LocalDate(year: 2026, month: 6, day: 8), conferenceOffset: -25_200)
        #expect(range.contains(instant))
        #expect(range.lowerBound == 1_780_902_000 && range.upperBound - range.lowerBound == 86_400)
    }

    @Test("iCalendar: long multi-byte text folds at 75 octets without splitting a character or an escape")
    func folding() {
        let summary = String(repeating: "日本語のセッション、", count: 12) + "😀 done; with, commas\\"
        let description = "Line one\nLine two \u{1B}[31mred\u{1B}[0m " + String(repeating: "é,", count: 60)
        let text = ICalendarWriter.document(
            name: "Test", events: [CalendarEvent(uid: "x-1@test", start: 1_780_938_000, end: 1_780_940_400, summary: summary,
                                                 description: description, location: "Hall; A", categories: ["Lab", "A,B"])],
            stamp: 1_780_000_000)
        let bytes = Array(text.utf8)
        #expect(text.hasSuffix("\r\n"))
        var physical: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A {
                physical.append([])
                index += 2
            } else {
                physical[physical.count - 1].append(bytes[index])
                index += 1
            }
        }
        physical.removeLast()
        for line in physical {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold splits a UTF-8 sequence")
            #expect(line.last != 0x5C || line.count >= 2 && line[line.count - 2] == 0x5C, "a fold splits an escape")
        }
        // Unfolded: the escaped values, whole.
        let unfolded = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + summary.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: ",", with: "\\,") + "\r\n"))
        #expect(unfolded.contains("DESCRIPTION:Line one\\nLine two red "))
        #expect(!unfolded.contains("\u{1B}"))
        #expect(unfolded.contains("LOCATION:Hall\\; A\r\n"))
        #expect(unfolded.contains("CATEGORIES:Lab,A\\,B\r\n"))
        #expect(unfolded.contains("DTSTART:20260608T170000Z\r\nDTEND:20260608T174000Z\r\n"))
    }
}
