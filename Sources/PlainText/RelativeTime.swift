import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When something happened, as people say it: `just now`, `5 minutes ago`, `3 hours ago`,
/// `yesterday`, `4 days ago`, else the date (`2026-06-09`, in the local time zone).
public enum RelativeTime {
    public static func text(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<0: break
        case ..<60: return "just now"
        case ..<3600: return Quantity.text(Int(seconds / 60), "minute") + " ago"
        case ..<86_400: return Quantity.text(Int(seconds / 3600), "hour") + " ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(7 * 86_400): return "\(Int(seconds / 86_400)) days ago"
        default: break
        }
        // The calendar date by the C library (TZ respected): a DateFormatter made for each line of a
        // long listing took most of its time.
        var clock = time_t(Int(saturating: date.timeIntervalSince1970, rounding: .down))
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil else { return "" }
        let pad = { (value: Int32, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2)
    }

    /// A wait, as people say it: `15 minutes`, `1 h`, `1 h 30 min`, `26 h 5 min`.
    public static func duration(minutes: Int) -> String {
        guard minutes >= 60 else { return Quantity.text(minutes, "minute") }
        return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }
}
