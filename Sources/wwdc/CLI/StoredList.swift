import CommandLineKit

/// The lists `wwdc __complete-ids --list` prints, read from the store when Tab is pressed.
enum StoredList: String, Sendable, CaseIterable {
    /// The ids of your favorites (numbers for the current event's).
    case favorites
    case tracks
    case topics
    case types
    case platforms
    /// The current event's days, as weekdays and dates.
    case days
}

/// What wwdc's completion scripts ask `wwdc __complete-ids` for.
extension CommandSpec.Completion {
    /// Session ids, described by their titles.
    static let sessionIDs = Self.candidates(.init(kind: "sessions", arguments: [CompleteIDsCommand.spec.path],
                                                  description: .init(flag: "--" + CompleteIDsCommand.describe.long, noun: "session")))
    /// Event ids, described by their names.
    static let eventIDs = Self.candidates(.init(kind: "events", arguments: [CompleteIDsCommand.spec.path, "--" + CompleteIDsCommand.events.long],
                                                description: .init(flag: "--" + CompleteIDsCommand.describe.long, noun: "event")))

    /// A list from the store.
    static func stored(_ list: StoredList) -> Self {
        .candidates(.init(kind: "list " + list.rawValue, arguments: [CompleteIDsCommand.spec.path, "--" + CompleteIDsCommand.list.long, list.rawValue]))
    }
}
