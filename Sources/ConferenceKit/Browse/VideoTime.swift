import PlainText

/// A moment into a video as people write it: `0:42`, `12:05` or `1:02:03` (whole seconds, rounded down).
public enum VideoTime {
    public static func text(_ seconds: Double) -> String {
        let total = max(0, Int(saturating: FeedRange.clamped(seconds, to: FeedRange.videoSeconds), rounding: .down))
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)" }
        return "\(minutes):\(ss)"
    }
}
