import ConferenceData
import ConferenceMedia
import MCPServer
import PlainText

/// Each session as a resource, `wwdc://session/<id>` (Markdown), and each transcript,
/// `wwdc://transcript/<id>` (a paragraph a line after its time), listed a page of sessions at a
/// time in id order. A long one is read in parts of at most `ConferenceToolbox.resultCharacters`:
/// `?offset=N` starts at character N, and a part that stops early ends with a line naming the
/// address of the rest.
struct ConferenceResources: ResourceProvider {
    let toolbox: ConferenceToolbox
    /// Sessions per page (a page lists each one's transcript too).
    static let pageSize = 100
    static let sessionPrefix = "wwdc://session/"
    static let transcriptPrefix = "wwdc://transcript/"
    static let parts = "A long one comes in parts of about \(ConferenceToolbox.resultCharacters / 1000)k characters; " +
        "a part that stops early ends with a line giving the address of the rest (?offset=N)."

    var templates: [ResourceTemplate] {
        [ResourceTemplate(uriTemplate: Self.sessionPrefix + "{id}{?offset}", name: "session", title: "A WWDC session",
                          description: "Everything about one session, as Markdown (id: wwdc2024-10101, or a number in the current event). \(Self.parts)",
                          mimeType: "text/markdown"),
         ResourceTemplate(uriTemplate: Self.transcriptPrefix + "{id}{?offset}", name: "transcript", title: "A session's transcript",
                          description: "What is said in a session's video, a paragraph a line after its time (m:ss). \(Self.parts)",
                          mimeType: "text/plain")]
    }

    func list(cursor: String?, context: RequestContext) throws -> (resources: [ResourceItem], nextCursor: String?) {
        let after = try PageCursor.read(cursor, list: "resources")?.position
        let sessions = try toolbox.read { db in try db.sessionCatalog(after: after, limit: Self.pageSize + 1) }
        let page = sessions.prefix(Self.pageSize)
        var resources: [ResourceItem] = []
        for session in page {
            resources.append(ResourceItem(uri: Self.sessionPrefix + session.id, name: session.id, title: session.title, mimeType: "text/markdown"))
            if session.hasTranscript {
                resources.append(ResourceItem(uri: Self.transcriptPrefix + session.id, name: session.id + " transcript",
                                          title: "Transcript: " + session.title, mimeType: "text/plain"))
            }
        }
        let next = sessions.count > Self.pageSize ? page.last.map { PageCursor(list: "resources", position: $0.id).text } : nil
        return (resources, next)
    }

    func read(uri: String, context: RequestContext) throws -> ResourceContents {
        let notFound = RPCError.resourceNotFound(TextSanitizer.singleLine.sanitize(uri))
        let (address, offset) = try Self.split(uri)
        let whole: String, mimeType: String, canonical: String
        if address.hasPrefix(Self.sessionPrefix) {
            let input = String(address.dropFirst(Self.sessionPrefix.count))
            let detail = try toolbox.read { db -> SessionDetail? in
                guard let id = try? ConferenceLookup.sessionID(input, in: db) else { return nil }
                return try db.sessionDetail(id: id)
            }
            guard let detail else { throw notFound }
            (whole, mimeType, canonical) = (SessionMarkdown.text(detail), "text/markdown", Self.sessionPrefix + detail.sessionID)
        } else if address.hasPrefix(Self.transcriptPrefix) {
            let input = String(address.dropFirst(Self.transcriptPrefix.count))
            let transcript = try toolbox.read { db -> SessionTranscript? in
                guard let id = try? ConferenceLookup.sessionID(input, in: db) else { return nil }
                return try db.transcript(sessionID: id)
            }
            guard let transcript else { throw notFound }
            var lines = ["\(transcript.title) (\(transcript.sessionID)), transcript in \(transcript.language)", ""]
            for paragraph in transcript.paragraphs {
                try context.checkCancellation()
                lines.append(ConferenceLookup.timestamp(paragraph.start) + "  " + paragraph.text)
            }
            (whole, mimeType, canonical) = (lines.joined(separator: "\n") + "\n", "text/plain", Self.transcriptPrefix + transcript.sessionID)
        } else {
            throw notFound
        }
        guard let part = TextPart(whole, from: offset, limit: ConferenceToolbox.resultCharacters) else {
            throw RPCError.invalidParams("Offset \(offset) is past the end of \(canonical) (it has \(whole.count) characters)")
        }
        guard let next = part.next else { return ResourceContents(uri: uri, mimeType: mimeType, text: part.text) }
        let rest = "\(canonical)?offset=\(next)"
        return ResourceContents(uri: uri, mimeType: mimeType,
                                text: part.text + Self.cutLine(rest, at: next, of: part.length))
    }

    /// What follows a part that stops early: a line break (so the line is a line of its own even
    /// when the part ends within one) and the line naming the rest.
    static func cutLine(_ rest: String, at next: Int, of length: Int) -> String {
        "\n[Cut at character \(next) of \(length): read \(rest) for the rest.]\n"
    }

    /// The address without its query, and the offset the query gives (0 without one).
    static func split(_ uri: String) throws -> (address: String, offset: Int) {
        guard let question = uri.firstIndex(of: "?") else { return (uri, 0) }
        let query = uri[uri.index(after: question)...]
        guard query.hasPrefix("offset="), let offset = Int(query.dropFirst("offset=".count)), offset >= 0 else {
            throw RPCError.invalidParams("Invalid address \(TextSanitizer.singleLine.sanitize(uri)): the only query a resource takes is ?offset=N (a character, from 0)")
        }
        return (String(uri[..<question]), offset)
    }
}
