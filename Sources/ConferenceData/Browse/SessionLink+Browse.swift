import ConferenceModel
import JSON
import SQLiteDatabase

extension SessionLink {
    /// The link of a row that selected ``columns`` (nil: the session is not in the feed, or has no
    /// page of its own on Apple's site).
    static func read(_ row: CleanRow) -> SessionLink? {
        row.line("link_event").flatMap { SessionLink(eventID: $0, number: row.optionalInt("link_number"), permalink: row.line("link_permalink")) }
    }

    /// The columns ``read(_:)`` reads, from `sessions` joined as `s`.
    static let columns: SQL = "s.event_id AS link_event, s.event_content_id AS link_number, s.web_permalink AS link_permalink"

    /// The page at `seconds` into the video, as a moment's command gives it (whole seconds, rounded
    /// down; the page alone before the first second).
    public func address(moment seconds: Double?) -> String {
        address(at: seconds.map(VideoTime.wholeSeconds))
    }

    /// `link`: the session's page on Apple's site at a moment of its video, to send someone, beside
    /// the command that plays it from there (in the assistant's view, as that command is): the link
    /// and the moment `read` gives (nil where the document gives no moment).
    static func field<Model>(_ read: @escaping @Sendable (Model) -> (link: SessionLink?, at: Double?)) -> DocumentField<Model> {
        DocumentField("link", .string, nullable: true, "its page on developer.apple.com at that moment (?time=), to send someone; null without one") {
            model, _ in
            let (link, at) = read(model)
            return JSONValue(at.flatMap { at in link?.address(moment: at) })
        }.only(.assistant)
    }
}

extension Database {
    /// The page on Apple's site of session `id`; nil when it has none, or is not in the feed.
    public func sessionLink(id: String) throws -> SessionLink? {
        try readOne(literal: "SELECT \(SessionLink.columns) FROM sessions s WHERE s.id = \(id)") { SessionLink.read($0) } ?? nil
    }
}
