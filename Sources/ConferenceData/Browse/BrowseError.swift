import ConferenceModel
import Foundation
import PlainText

/// Why a browsing or user-data command could not find what was asked for.
public enum BrowseError: Error, Equatable, Sendable {
    /// Nothing has been synced yet.
    case emptyStore
    /// No session answers to this id; `suggestions` are what it may have meant (a close id, or
    /// sessions whose titles match it), best first.
    case unknownSession(String, suggestions: [SessionSuggestion])
    /// A link that names no session (another site's, a page of the site that is not a session's).
    case notASessionLink(String, SessionLink.Refusal)
    /// No event answers to this text; `known` are the store's events, `current` the one marked current.
    case unknownEvent(String, known: [String], current: String?)
    /// No `kind` (topic, track, type, platform) answers to this text; `choices` are the store's,
    /// and `searchFinds` says whether a search for its words finds items.
    case unknownName(String, kind: String, choices: [String], searchFinds: Bool = false)
    /// More than one `kind` begins with this text; `choices` are the store's.
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
        case let .notASessionLink(input, refusal): "'\(input)' names no session: \(refusal)"
        case let .unknownEvent(input, _, _): "no event '\(input)'"
        case let .unknownName(input, kind, _, _): "no \(kind) '\(input)'"
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
        case .notASessionLink: "Give a session's id (wwdc2019-209), its number, or a link to it: \(SessionLink.forms)."
        case let .unknownEvent(input, known, current) where !known.isEmpty:
            (Self.didYouMean(FilterNames.nearest(input, among: known)).map { $0 + " " } ?? "")
                + "Events: " + known.map { $0 + ($0 == current ? " (current)" : "") }.joined(separator: ", ") + ", or 'all'."
        case .unknownEvent: "Sync again: the store may not have it yet."
        case let .unknownName(_, kind, choices, _) where choices.isEmpty: "This store has no \(kind)s."
        case let .unknownName(input, kind, choices, _):
            [Self.didYouMean(FilterNames.nearest(input, among: choices)), Self.names(choices, kind: kind)].compactMap { $0 }.joined(separator: " ")
        case let .ambiguousName(input, _, choices):
            Self.didYouMean(Self.beginning(input, among: choices)) ?? ""
        case .noTopics: "Topics come with feeds from 2020 on; filter by track instead."
        case .searchTooLong: "Keep the words that narrow it most; a \"quoted phrase\" counts as one term."
        }
    }

    /// `Did you mean "Swift" or "SwiftUI"?`; nil for no names.
    public static func didYouMean(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let quoted = names.map { "\"\($0)\"" }
        return "Did you mean " + (names.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]) + "?"
    }

    /// The names among `choices` that `input` begins, at most five.
    public static func beginning(_ input: String, among choices: [String]) -> [String] {
        Array(choices.filter { $0.lowercased().hasPrefix(input.lowercased()) }.prefix(5))
    }

    /// `The tracks: Featured, Design.` for a few names (a dozen), else how many there are.
    public static func names(_ choices: [String], kind: String) -> String {
        choices.count <= 12 ? "The \(kind)s: " + choices.joined(separator: ", ") + "." : "This store has \(Quantity.text(choices.count, kind))."
    }
}
