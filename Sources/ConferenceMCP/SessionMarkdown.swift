import ConferenceData
import ConferenceExport
import PlainText

/// A session as Markdown: what `wwdc session` shows, for an assistant to read.
enum SessionMarkdown {
    static func text(_ detail: SessionDetail) -> String {
        var out = ["# \(detail.title)", ""]
        let heading = [detail.sessionID, detail.eventName ?? detail.eventID, detail.type, detail.track].compactMap { $0 }
        out.append(heading.joined(separator: " · "))
        out.append("")
        if let start = detail.startTime {
            out.append("- When: " + ConferenceLookup.iso(start, offset: detail.utcOffset)
                       + (detail.room.map { " in \($0)" } ?? ""))
        }
        if !detail.topics.isEmpty { out.append("- Topics: " + detail.topics.joined(separator: ", ")) }
        if !detail.platforms.isEmpty { out.append("- Platforms: " + detail.platforms.joined(separator: ", ")) }
        if let duration = detail.media?.duration { out.append("- Video: " + ConferenceLookup.timestamp(duration) + ", play with " + Markdown.code(ShellWord.command("wwdc", "watch", detail.sessionID))) }
        if let transcript = detail.transcript { out.append("- Transcript: \(transcript.language), " + Markdown.code(ShellWord.command("wwdc", "transcript", detail.sessionID))) }
        if detail.favorite?.isFavorite ?? false { out.append("- Favorite") }
        out.append("")
        if !detail.description.isEmpty { out += [detail.description, ""] }
        if let body = detail.articleBody { out += [body, ""] }
        let chapters = detail.media?.chapters ?? []
        if !chapters.isEmpty {
            out += ["## Chapters", ""] + chapters.map { "- \(ConferenceLookup.timestamp($0.start)) \($0.title)" } + [""]
        }
        if !detail.codeSnippets.isEmpty {
            out += ["## Code", ""]
            for (index, snippet) in detail.codeSnippets.enumerated() {
                out.append("- \(index + 1). \(snippet.title.isEmpty ? "Snippet \(index + 1)" : snippet.title)"
                           + (snippet.startTime.map { " at " + ConferenceLookup.timestamp($0) } ?? "") + ": " + Markdown.code(ShellWord.command("wwdc", "code", detail.sessionID, String(index + 1))))
            }
            out.append("")
        }
        if !detail.related.isEmpty {
            out += ["## Related", ""] + detail.related.map { "- \($0.sessionID)" + ($0.title.map { " \($0)" } ?? "") } + [""]
        }
        if !detail.resources.isEmpty {
            out += ["## Resources", ""] + detail.resources.map { "- \($0.title)" + ($0.url.map { ": " + Markdown.link($0) } ?? "") } + [""]
        }
        if let web = detail.webPermalink { out += ["Web page: " + Markdown.link(web), ""] }
        return out.joined(separator: "\n")
    }
}
