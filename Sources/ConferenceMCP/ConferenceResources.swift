import ConferenceKit
import MCPServer
import PlainText

/// Each session as a resource, `wwdc://session/<id>` (Markdown), and each transcript,
/// `wwdc://transcript/<id>` (a paragraph a line after its time), listed a page of sessions at a
/// time in id order.
struct ConferenceResources: ResourceProvider {
    let toolbox: ConferenceToolbox
    /// Sessions per page (a page lists each one's transcript too).
    static let pageSize = 100
    static let sessionPrefix = "wwdc://session/"
    static let transcriptPrefix = "wwdc://transcript/"

    var templates: [ResourceTemplate] {
        [ResourceTemplate(uriTemplate: Self.sessionPrefix + "{id}", name: "session", title: "A WWDC session",
                          description: "Everything about one session, as Markdown (id: wwdc2024-10101, or a number in the current event).",
                          mimeType: "text/markdown"),
         ResourceTemplate(uriTemplate: Self.transcriptPrefix + "{id}", name: "transcript", title: "A session's transcript",
                          description: "What is said in a session's video, a paragraph a line after its time (m:ss).",
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
        if uri.hasPrefix(Self.sessionPrefix) {
            let input = String(uri.dropFirst(Self.sessionPrefix.count))
            let detail = try toolbox.read { db -> SessionDetail? in
                guard let id = try? ConferenceLookup.sessionID(input, in: db) else { return nil }
                return try db.sessionDetail(id: id)
            }
            guard let detail else { throw notFound }
            return ResourceContents(uri: uri, mimeType: "text/markdown", text: SessionMarkdown.text(detail))
        }
        if uri.hasPrefix(Self.transcriptPrefix) {
            let input = String(uri.dropFirst(Self.transcriptPrefix.count))
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
            return ResourceContents(uri: uri, mimeType: "text/plain", text: lines.joined(separator: "\n") + "\n")
        }
        throw notFound
    }
}
