import Foundation
import PlainText

/// Why a browsing or user-data command could not find what was asked for.
public enum BrowseError: Error, Equatable, Sendable {
    /// Nothing has been synced yet.
    case emptyStore
    /// No session answers to this id; `suggestions` are what it may have meant (a close id, or
    /// sessions whose titles match it), best first.
    case unknownSession(String, suggestions: [SessionSuggestion])
    /// No event answers to this text; `known` are the store's events, `current` the one marked current.
    case unknownEvent(String, known: [String], current: String?)
    /// No `kind` (topic, track, type, platform) answers to this text; `choices` are the store's.
    case unknownName(String, kind: String, choices: [String])
    /// More than one `kind` begins with this text.
    case ambiguousName(String, kind: String, choices: [String])
    /// A topic was named, but the store's feed has none (feeds before 2020 have tracks instead).
    case noTopics
    /// A search of more terms, or more prefixes, than a search looks for (``SearchQuery/maxTerms``).
    case searchTooLong(terms: Int, prefixes: Int)
}

extension BrowseError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .emptyStore: "the store is empty"
        case let .unknownSession(input, _): "no session '\(input)'"
        case let .unknownEvent(input, _, _): "no event '\(input)'"
        case let .unknownName(input, kind, _): "no \(kind) '\(input)'"
        case let .ambiguousName(input, kind, _): "'\(input)' could be more than one \(kind)"
        case .noTopics: "the feed of this store has no topics"
        case let .searchTooLong(terms, prefixes):
            "the search has \(Quantity.text(terms, "term"))\(prefixes > 0 ? ", \(prefixes) of them prefix*" : ""): "
                + "a search looks for at most \(SearchQuery.maxTerms) terms, \(SearchQuery.maxPrefixes) of them prefix*"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .emptyStore: "Sync first."
        case let .unknownSession(_, suggestions) where !suggestions.isEmpty:
            "Did you mean " + suggestions.map(\.described).joined(separator: ", ") + "?"
        case .unknownSession: "Search the schedule for it."
        case let .unknownEvent(_, known, current) where !known.isEmpty:
            "Events: " + known.map { $0 + ($0 == current ? " (current)" : "") }.joined(separator: ", ") + ", or 'all'."
        case .unknownEvent: "Sync again: the store may not have it yet."
        case let .unknownName(_, _, choices), let .ambiguousName(_, _, choices):
            choices.isEmpty ? "This store has none." : "Choose among: " + choices.joined(separator: ", ") + "."
        case .noTopics: "Topics come with feeds from 2020 on; filter by track instead."
        case .searchTooLong: "Keep the words that narrow it most; a \"quoted phrase\" counts as one term."
        }
    }
}
