/// The ranges a feed's numbers must fall in to be usable (docs/feed-format.md): wider than any real
/// feed needs, narrow enough that no conversion or sum made of them later can overflow or mean
/// nothing. A number outside its range is a value of the wrong kind, by the decoding policy.
public enum FeedRange {
    /// Whole numbers (ids, ordinals, a session's number): those a double holds exactly, as every
    /// JSON reader does, ±(2^53 − 1).
    public static let integer: ClosedRange<Int> = -9_007_199_254_740_991...9_007_199_254_740_991
    /// Seconds into a video (a duration, a chapter, a code snippet, a transcript line): 0 to 10^7,
    /// about 115 days.
    public static let videoSeconds: ClosedRange<Double> = 0...10_000_000
    /// A moment, in seconds since 1970: the years 1 to 9999, what ISO 8601's four digits write.
    public static let dateSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799
    /// A picture's width or height, in pixels: 1 to 10,000.
    public static let pixels: ClosedRange<Int> = 1...10_000
    /// Any other number (a photo's ratio, a refresh interval): at most 10^15 either way.
    public static let number: ClosedRange<Double> = -1e15...1e15

    /// `value` within `range`; NaN becomes its lower bound. For values read back from a store that
    /// an older wwdc filled without these ranges.
    public static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }
}
