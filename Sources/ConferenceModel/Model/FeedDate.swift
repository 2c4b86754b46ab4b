import Foundation

/// A moment as a feed states it: seconds since 1970, plus the UTC offset the feed wrote it in (the
/// venue's local time for schedule dates), so times can be shown as the conference announced them.
public struct FeedDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSince1970: Double
    /// Seconds east of UTC as written in the feed; nil for epoch timestamps, which carry none.
    public var utcOffsetSeconds: Int?

    public init(secondsSince1970: Double, utcOffsetSeconds: Int? = nil) {
        self.secondsSince1970 = secondsSince1970
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    public init(_ date: Date, utcOffsetSeconds: Int? = nil) {
        self.init(secondsSince1970: date.timeIntervalSince1970, utcOffsetSeconds: utcOffsetSeconds)
    }

    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }

    public static func < (lhs: FeedDate, rhs: FeedDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// ISO 8601 in the feed's own offset (UTC when it had none), e.g. `2017-06-08T13:50:00-07:00`.
    public var description: String { ISO8601DateParser.format(self) }
}
