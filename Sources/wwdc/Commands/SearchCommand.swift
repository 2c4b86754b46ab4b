import CommandLineKit
import ConferenceData
import ConferenceTerminal
import Foundation
import PlainText
import TerminalUI

/// `wwdc search TEXT...`: one ranked list of what matches across your notes and bookmarks, session
/// titles, descriptions and keywords, transcripts, code snippets and news.
enum SearchCommand {
    static let sources = Option.choices("in", value: "source", help: "Look only in sessions, transcripts, code, news or notes (yours and your bookmarks'); repeat for several (default: all).",
                                        as: SearchSource.self)
    static let event = SharedOptions.event.help("Only this event: an id (wwdc2026), its year, or 'all' (the default: every event).")
    static let topic = SharedOptions.topic.help("Only sessions of this topic, with their transcripts and code (name, unique prefix or id); repeat for several.")
    static let limit = SharedOptions.limit.help("Show at most <count> hits (default: \(defaultLimit)).")
    static let defaultLimit = 20

    static let words = Argument.texts("text", help: "Words, \"phrases\" and prefix* to look for.")

    static let spec = CommandSpec(
        path: "search",
        abstract: "Search your notes, sessions, transcripts, code and news: one list, best first.",
        discussion: """
        The text is words, all of which must match, in any order; "a phrase in quotes", matched only \
        as those words in that order (quote the quotes for the shell: '"swift testing"'); and \
        prefix* for any word starting so. Nothing else is syntax. A word that starts with '-' goes \
        after '--'. Every event is searched unless --event names one; naming an event or a topic \
        leaves the news out (they belong to neither).

        Ranking: your notes and the notes of your bookmarks come first, then every session with all \
        the words in its title, then the other \
        sessions (description and keywords), then transcript lines, then code snippets (title and \
        code), then news (title and body). Title matches go talks before labs and get-togethers, the \
        current event first, then by session number (the catalog's order); within the others, the \
        best BM25 relevance first (a session's \
        title weighs 10, its description 3, its keywords 1; a snippet's or news item's title 3, its \
        text 1). The score in --json is that order in one number, lower first: the BM25 score \
        (from -999 to 0; for a title match, -999 plus its place) plus -6000 for a note, -5000 for a title match, -4000 for another session, -3000 for a \
        transcript line, -2000 for code, -1000 for news. Equal scores go by id, then time.

        A transcript hit shows the line, with the words marked on a terminal, and the command that \
        plays the video from there; a bookmark, its note and the command that plays from its time; \
        a note, the words around the match. Sessions you watched are marked ✓, those you are in the \
        middle of with how far you got.
        """,
        options: [sources, event, topic, limit,
                  SharedOptions.json.help("Print JSON: an array of {kind, id, title, at, snippet, score, watched, progress}."), SharedOptions.noPager,
                  SharedOptions.db],
        arguments: [words],
        examples: [
            ("wwdc search swiftui navigation", "Everything that mentions both words, title matches first."),
            ("wwdc search '\"swift testing\"' --in transcripts", "Where the phrase is said, with the moment to play it from."),
            ("wwdc search 'observ*' --in code --event 2025", "Code of 2025 with a word starting with 'observ'."),
            ("wwdc search deadline --in notes", "Your notes and bookmarks that say it."),
            ("wwdc search metal --json | jq -r '.[] | select(.kind == \"transcript\") | .id'", "The sessions whose transcript says it."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let text = arguments[words].joined(separator: " ")
        guard let query = SearchQuery(text) else {
            throw UsageError("Nothing to search for in '\(text)': give words, a \"phrase\" or a prefix*", spec: spec)
        }
        try BrowseSupport.checkSearch(text, spec: spec)
        let chosen = arguments[sources]
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let results = try store.read { db -> [SearchResult] in
            var request = SearchRequest(query: query, limit: arguments[limit] ?? defaultLimit)
            if !chosen.isEmpty { request.sources = Set(chosen) }
            if arguments[event] != nil { request.eventIDs = try FilterNames.events(arguments[SharedOptions.event], in: db).ids }
            request.topicIDs = try FilterNames.topicIDs(arguments[SharedOptions.topic], in: db)
            return try db.markingWatched(db.searchEverywhere(request))
        }
        return try Listing.print(results, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { SearchResult.document.json($0, .commandLine()) },
                                 empty: { ["No matches."] }) { results in
            render(results, query: query, text: text, width: context.outputWidth, style: context.outputStyle)
        }
    }

    // MARK: Text

    /// A heading, then each hit: its kind, id and title on one line; for a transcript line, the line
    /// and the command that plays from there; for a code snippet, the line that matched and the
    /// command that prints it.
    static func render(_ results: [SearchResult], query: SearchQuery, text: String, width: Int?,
                       style: Style) -> String {
        let kinds = results.map(\.kind)
        let column = (kinds.map(\.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: column)
        // Ids in a column of their own, so the titles line up (news show only their title).
        let idWidth = results.filter { $0.source != .news }.map(\.id.displayWidth).max() ?? 0
        let quoted = text.contains(where: SearchQuery.isQuote) ? text : "“\(text)”"
        var out = [style.bold(fit("Best matches for \(quoted)", width: width))]
        for (kind, result) in zip(kinds, results) {
            var heading = result.source == .news ? result.title : result.id.padded(toWidth: idWidth) + "  " + result.title
            switch result.source {
            case .transcripts, .notes:
                heading += result.at.map { ", at " + VideoTime.text($0) } ?? ""
            case .code:
                heading += " — " + (result.snippetTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "snippet \(result.snippetNumber ?? 1)")
            case .sessions, .news:
                break
            }
            if let mark = result.watch { heading += "  " + mark.text }
            out.append(style.dim(kind.padding(toLength: column, withPad: " ", startingAt: 0)) + fit(heading, width: width.map { $0 - column }))
            switch result.source {
            case .transcripts:
                out += marked(result.snippet, query: query, indent: indent, width: width, style: style)
                if let at = result.at { out.append(indent + style.dim(ShellWord.command("wwdc", "watch", result.id, "--at", VideoTime.text(at)))) }
            case .code:
                out += marked(result.snippet, query: query, indent: indent, width: width, style: style)
                out.append(indent + style.dim(ShellWord.command("wwdc", "code", result.id, String(result.snippetNumber ?? 1))))
            case .notes:
                out += marked(result.snippet, query: query, indent: indent, width: width, style: style)
                if let at = result.at { out.append(indent + style.dim(ShellWord.command("wwdc", "watch", result.id, "--at", VideoTime.text(at)))) }
            case .sessions, .news:
                break
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `text` cut to `width` columns on a terminal; whole in a pipe.
    private static func fit(_ text: String, width: Int?) -> String {
        width.map { text.truncated(toWidth: max(10, $0)) } ?? text
    }

    /// `text` under `indent`, wrapped to the terminal (whole in a pipe), the query's words marked.
    /// Wrapped first, then marked line by line, so the marks never count as width.
    private static func marked(_ text: String, query: SearchQuery, indent: String, width: Int?, style: Style) -> [String] {
        let lines = width.map { text.wrapped(width: max(20, $0 - indent.count)) } ?? [text]
        return lines.map { line in
            var result = ""
            var position = line.startIndex
            for range in query.matches(in: line) {
                result += line[position..<range.lowerBound] + style.bold(style.yellow(String(line[range])))
                position = range.upperBound
            }
            return indent + result + line[position...]
        }
    }
}
