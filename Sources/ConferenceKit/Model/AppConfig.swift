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

    public init(minimumSupportedAppVersion: AppVersion = AppVersion([0]), features: [String: Bool] = [:],
                fetchIntervals: [String: Double] = [:], feeds: [String: [String: FeedLink]] = [:],
                accountService: FeedLink? = nil) {
        self.minimumSupportedAppVersion = minimumSupportedAppVersion
        self.features = features
        self.fetchIntervals = fetchIntervals
        self.feeds = feeds
        self.accountService = accountService
    }

    /// The feed named `name` for `language`, falling back to English.
    public func feed(_ name: String, language: String = "en") -> FeedLink? {
        feeds[language]?[name] ?? feeds["en"]?[name]
    }

    /// True when `version` is older than the minimum this configuration supports.
    public func requiresUpgrade(from version: AppVersion) -> Bool {
        version < minimumSupportedAppVersion
    }
}
