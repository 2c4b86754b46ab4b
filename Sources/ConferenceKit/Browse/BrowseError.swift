import Foundation
import PlainText

/// Why a browsing or user-data command could not find what was asked for.
public enum BrowseError: Error, Equatable, Sendable {
    /// Nothing has been synced yet.
    case emptyStore
    /// No session answers to this id; `suggestions` are what it may have meant (a close id, or
    /// sessions whose titles match it), best first.
    case unknownSession(String, suggestions: [SessionSuggestion])
    /// No event answers to this id.
    case unknownEvent(String)
    /// A search of more terms, or more prefixes, than a search looks for (``SearchQuery/maxTerms``).
    case searchTooLong(terms: Int, prefixes: Int)
}

extension BrowseError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .emptyStore: "the store is empty"
        case let .unknownSession(input, _): "no session '\(input)'"
        case let .unknownEvent(input): "no event '\(input)'"
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
        case .unknownEvent: "Sync again: the store may not have it yet."
        case .searchTooLong: "Keep the words that narrow it most; a \"quoted phrase\" counts as one term."
        }
    }
}
