import ConferenceData

extension WatchMark {
    /// A listing's mark: `✓` for watched, the share for one in progress (`42%`), `started` when
    /// the position is unknown.
    public var text: String {
        switch self {
        case .watched: "✓"
        case .inProgress(let share?): "\(min(99, Int((share * 100).rounded(.down))))%"
        case .inProgress(nil): "started"
        }
    }

    /// `██████░░░░░░░░░░` for `share` of `width` cells: how far into a video.
    public static func bar(_ share: Double, width: Int = 16) -> String {
        let filled = min(width, max(0, Int((share * Double(width)).rounded())))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
