import Foundation

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
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
