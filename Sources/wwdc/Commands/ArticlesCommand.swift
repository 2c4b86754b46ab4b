import CommandLineKit
import ConferenceData
import ConferenceModel
import Foundation
import TerminalUI

/// `wwdc articles`: the articles of the feeds (news, guides), newest first, with their links.
enum ArticlesCommand {
    static let event = SharedOptions.event.help("Only this event's articles: an id (news, articles), its year, or 'all' (default: all).")
    static let search = SharedOptions.search.help("Only articles matching these words, best first.")

    static let spec = CommandSpec(
        path: "articles",
        abstract: "List the articles (news and guides), newest first, with their links.",
        discussion: """
        Articles are content items of type Article (feeds from 2020 on). 'wwdc session <id>' shows one, \\
        with its text when the source's articles feed has it; the news among them are also in 'wwdc news'.
        """,
        options: [event, search, SharedOptions.json, SharedOptions.limit, SharedOptions.noPager, SharedOptions.db],
        examples: [
            ("wwdc articles", "Every article, newest first."),
            ("wwdc articles --event news --limit 5", "The five latest news articles."),
            ("wwdc session news-10001", "One article, with its text and link."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let limit = arguments[SharedOptions.limit]
        try BrowseSupport.checkSearch(arguments[search], spec: spec)
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let (items, offset) = try store.read { db -> ([ArticleItem], Int?) in
            let eventIDs = arguments[event] == nil ? nil : try FilterNames.events(arguments[SharedOptions.event], in: db).ids
            return (try db.articles(eventIDs: eventIDs, search: arguments[search], limit: limit), try db.events().first?.utcOffset)
        }
        let nothing = arguments[search] == nil && arguments[event] == nil
            ? "No articles: the feeds of this store have none (they come with feeds from 2020 on)." : "No articles match."
        return try Listing.print(items, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments),
                                 row: { ArticleItem.document.json(Timed($0, utcOffset: offset), .commandLine()) }, empty: { [nothing] }) { items in
            render(items, offset: offset, width: context.outputWidth, style: context.outputStyle, links: context.outputLinks)
        }
    }

    /// One row per article: ★ (when any is a favorite), date, id, title and link.
    static func render(_ items: [ArticleItem], offset: Int?, width: Int?, style: Style, links: Hyperlinks = .plain) -> String {
        let showsMark = items.contains(where: \.isFavorite)
        var rows = items.map { item -> [String] in
            [item.isFavorite ? "★" : " ",
             item.publishedTime.map { TimeZoneChoice.conference.localTime($0, recordedOffset: offset).date.description } ?? "",
             item.sessionID, BrowseSupport.cell(item.title), BrowseSupport.cell(item.url)]
        }
        var layout = TableLayout(columns: [.init(minimum: 1), .init(), .init(), .init(flexible: true), .init(minimum: 10, dropOrder: 1)])
        layout.markColumn(of: &rows, shown: showsMark)
        let titleColumn = layout.columns.count - 2
        // The link column is the last; a cut address still links to the whole one, and so does the
        // title, which stays when the address has gone to make room for it.
        let link: (Int, Int) -> String? = { row, column in column == titleColumn || column == titleColumn + 1 ? items[row].url : nil }
        return layout.render(rows, headings: [:], indent: "", width: width, heading: style.bold, links: links, link: link) { column, text in
            if showsMark && column == 0 { return style.yellow(text) }
            return column == titleColumn ? text : style.dim(text)
        }
    }
}
