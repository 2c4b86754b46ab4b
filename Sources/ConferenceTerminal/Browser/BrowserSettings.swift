import ConferenceData
import ConferenceModel
import Foundation

/// How the browser opens: the store, the event, the first tab, the clock and the zone of times.
public struct BrowserSettings: Sendable {
    /// The store's file.
    public var storePath: String
    /// The event the Explore and Schedule tabs show, as typed (an id, a year); nil for the current one.
    public var event: String?
    public var tab: BrowserTab
    public var zone: TimeZoneChoice
    /// The time now (a fixed clock in tests).
    public var now: @Sendable () -> Date

    public init(storePath: String, event: String? = nil, tab: BrowserTab = .explore, zone: TimeZoneChoice = .conference,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.storePath = storePath
        self.event = event
        self.tab = tab
        self.zone = zone
        self.now = now
    }
}

/// How the browser ended.
public enum BrowserExit: Sendable {
    /// `q`.
    case quit
    /// Ctrl-C.
    case interrupted
}
