import Foundation

/// A session an unknown id may have meant, for "Did you mean …?".
public struct SessionSuggestion: Equatable, Sendable {
    public var id: String
    /// The title as stored (cleaned when read); nil when the session has none.
    public var title: String?

    public init(id: String, title: String?) {
        self.id = id
        self.title = title
    }

    /// `wwdc2026-101 “Keynote”`, or the id alone.
    public var described: String {
        guard let title, !title.isEmpty else { return "'\(id)'" }
        return "\(id) “\(title)”"
    }
}
