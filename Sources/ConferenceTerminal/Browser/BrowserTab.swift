/// The browser's tabs, as the WWDC app has them, in the order the keys 1 to 5 choose.
public enum BrowserTab: Int, CaseIterable, Sendable {
    case explore, schedule, videos, search, downloads

    /// Its name on the tab bar.
    public var title: String {
        switch self {
        case .explore: "Explore"
        case .schedule: "Schedule"
        case .videos: "Videos"
        case .search: "Search"
        case .downloads: "Downloads"
        }
    }

    /// The tab `name` names (its title or the start of it, case ignored); nil for none or more than one.
    public init?(named name: String) {
        let lowered = name.lowercased()
        let found = Self.allCases.filter { !lowered.isEmpty && $0.title.lowercased().hasPrefix(lowered) }
        guard found.count == 1 else { return nil }
        self = found[0]
    }

    /// The tabs' names in lower case: what `--tab` accepts.
    public static var names: [String] { allCases.map { $0.title.lowercased() } }
}
