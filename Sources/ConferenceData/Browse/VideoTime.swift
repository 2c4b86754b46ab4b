import ConferenceModel
import PlainText

/// Times of a video as people write them.
public enum VideoTime {
    /// A moment into a video: `0:42`, `12:05` or `1:02:03` (whole seconds, rounded down).
    public static func text(_ seconds: Double) -> String {
        let total = wholeSeconds(seconds)
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)" }
        return "\(minutes):\(ss)"
    }

    /// The whole seconds (rounded down) of a moment into a video, within a video's range
    /// (``FeedRange/videoSeconds``; NaN is 0): a conversion that cannot trap, for a moment read
    /// from the store (which an older wwdc may have filled from another machine) becoming a
    /// player's argument.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        Int(saturating: FeedRange.clamped(seconds, to: FeedRange.videoSeconds), rounding: .down)
    }

    /// A length in whole seconds, rounded, within a video's range (``FeedRange/videoSeconds``).
    public static func length(_ seconds: Double) -> Int {
        Int(saturating: FeedRange.clamped(seconds, to: FeedRange.videoSeconds), rounding: .toNearestOrAwayFromZero)
    }

    /// A length: `1:42:50` or `35:13` (whole seconds, rounded); empty when unknown or not positive.
    public static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds > 0 else { return "" }
        let total = length(seconds)
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
    }
}
