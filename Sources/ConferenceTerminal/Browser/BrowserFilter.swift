import ConferenceData
import PlainText

/// The Videos tab's filters (`F`), those users of the macOS app have: the event, a topic, a
/// platform, a track, a type; favorites; watched, not watched or in progress; downloaded or not;
/// with bookmarks. Each is kept by the name chosen, so that a refresh that reorders the choices
/// keeps it; a name no longer there counts as "any".
struct BrowserFilter: Sendable, Equatable {
    /// What there is to choose from, read with the lists.
    struct Choices: Sendable, Equatable {
        var events: [(id: String, name: String)] = []
        var topics: [(id: Int, name: String)] = []
        var tracks: [(id: Int, name: String)] = []
        var types: [String] = []
        var platforms: [String] = []

        static func == (left: Choices, right: Choices) -> Bool {
            left.events.elementsEqual(right.events, by: ==) && left.topics.elementsEqual(right.topics, by: ==)
                && left.tracks.elementsEqual(right.tracks, by: ==) && left.types == right.types && left.platforms == right.platforms
        }
    }

    /// A filter's line in the dialog.
    enum Row: Int, CaseIterable, Sendable {
        case event, topic, platform, track, type, favorites, watched, downloaded, bookmarks

        var label: String {
            switch self {
            case .event: "Event"
            case .topic: "Topic"
            case .platform: "Platform"
            case .track: "Track"
            case .type: "Type"
            case .favorites: "Favorites"
            case .watched: "Watched"
            case .downloaded: "Downloaded"
            case .bookmarks: "Bookmarks"
            }
        }
    }

    static let any = "any"
    private static let watchOptions: [(String, WatchFilter)] = [("watched", .watched), ("not watched", .unwatched), ("in progress", .inProgress)]

    /// The value chosen on each row, by name; a row absent is "any".
    private(set) var values: [Row: String] = [:]

    var isActive: Bool { !values.isEmpty }

    /// A row's choices, "any" first, cleaned for the screen.
    func options(_ row: Row, _ choices: Choices) -> [String] {
        let clean = { (names: [String]) in names.map { TextSanitizer.singleLine.sanitize($0) } }
        switch row {
        case .event: return [Self.any] + clean(choices.events.map(\.name))
        case .topic: return [Self.any] + clean(choices.topics.map(\.name))
        case .platform: return [Self.any] + clean(choices.platforms)
        case .track: return [Self.any] + clean(choices.tracks.map(\.name))
        case .type: return [Self.any] + clean(choices.types)
        case .favorites: return [Self.any, "favorites only"]
        case .watched: return [Self.any] + Self.watchOptions.map(\.0)
        case .downloaded: return [Self.any, "downloaded", "not downloaded"]
        case .bookmarks: return [Self.any, "with bookmarks"]
        }
    }

    /// The index of the row's value among its options (0, "any", when it is no longer one).
    func selected(_ row: Row, _ choices: Choices) -> Int {
        values[row].flatMap { options(row, choices).firstIndex(of: $0) } ?? 0
    }

    /// Chooses the option `step` places after the current one, round.
    mutating func step(_ row: Row, by step: Int, _ choices: Choices) {
        let options = options(row, choices)
        let index = (selected(row, choices) + step % options.count + options.count) % options.count
        values[row] = index == 0 ? nil : options[index]
    }

    mutating func clear() {
        values = [:]
    }

    /// The videos these filters let through.
    func query(_ choices: Choices) -> VideoQuery {
        var query = VideoQuery()
        func index(_ row: Row) -> Int? {
            let index = selected(row, choices)
            return index == 0 ? nil : index - 1
        }
        if let event = index(.event) { query.eventIDs = [choices.events[event].id] }
        if let topic = index(.topic) { query.topicIDs = [choices.topics[topic].id] }
        if let track = index(.track) { query.trackIDs = [choices.tracks[track].id] }
        if let type = index(.type) { query.types = [choices.types[type]] }
        if let platform = index(.platform) { query.platforms = [choices.platforms[platform]] }
        query.favoritesOnly = index(.favorites) != nil
        query.watchFilter = index(.watched).map { Self.watchOptions[$0].1 }
        query.downloaded = index(.downloaded).map { $0 == 0 }
        query.bookmarkedOnly = index(.bookmarks) != nil
        return query
    }

    /// The filters chosen, in a few words: `WWDC 2025 · SwiftUI · not watched`.
    func summary(_ choices: Choices) -> String {
        Row.allCases.compactMap { row in
            let index = selected(row, choices)
            return index == 0 ? nil : options(row, choices)[index]
        }.joined(separator: " · ")
    }
}
