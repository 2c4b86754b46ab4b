/// The decoded `config.json`: which app versions may run, feature switches, refresh intervals, and
/// the feed URLs per language.
public struct AppConfig: Hashable, Sendable {
    /// Older clients must refuse to run; Apple writes it as a number or a string.
    public var minimumSupportedAppVersion: AppVersion
    /// Boolean switches such as `isLiveStreamingEnabled`.
    public var features: [String: Bool]
    /// Seconds, by name (`master`, `liveVideos`, ...).
    public var fetchIntervals: [String: Double]
    /// Feeds by language code (`en`), then by name (`contents`, `liveVideos`, ...).
    public var feeds: [String: [String: FeedLink]]
    /// The account API (project-specific `accountService` key); nil when the configuration has none.
    public var accountService: FeedLink?
    /// The depiction of the current event while nothing is scheduled.
    public var eventHero: EventHero?
    /// Values the config held that wwdc ignored.
    public var issues: [FeedIssue]

    public init(minimumSupportedAppVersion: AppVersion = AppVersion([0]), features: [String: Bool] = [:],
                fetchIntervals: [String: Double] = [:], feeds: [String: [String: FeedLink]] = [:],
                accountService: FeedLink? = nil, eventHero: EventHero? = nil, issues: [FeedIssue] = []) {
        self.minimumSupportedAppVersion = minimumSupportedAppVersion
        self.features = features
        self.fetchIntervals = fetchIntervals
        self.feeds = feeds
        self.accountService = accountService
        self.eventHero = eventHero
        self.issues = issues
    }

    /// The feed named `name` for `language`, falling back to English.
    public func feed(_ name: String, language: String = "en") -> FeedLink? {
        feeds[language]?[name] ?? feeds["en"]?[name]
    }

    /// The language whose feeds a sync reads: `wanted` when the config offers it, else English, else
    /// the first language it offers (sorted); `wanted` when it offers none.
    public func language(for wanted: String) -> String {
        if feeds[wanted] != nil || feeds.isEmpty { return wanted }
        if feeds["en"] != nil { return "en" }
        return feeds.keys.sorted().first ?? wanted
    }

    /// True when `version` is older than the minimum this configuration supports.
    public func requiresUpgrade(from version: AppVersion) -> Bool {
        version < minimumSupportedAppVersion
    }
}
