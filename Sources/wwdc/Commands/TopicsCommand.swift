import CommandLineKit
import PlainText
import ConferenceData
import ConferenceModel
import Foundation
import TerminalUI

/// `wwdc topics`: the topic categories and their topics, with how many items each has.
enum TopicsCommand {
    static let event = SharedOptions.event.help("Count only this event's items: an id (wwdc2020), its year, or 'all' (default: all).")

    static let spec = CommandSpec(
        path: "topics",
        abstract: "List the topics by category, with the number of items of each.",
        discussion: """
        Feeds from 2020 on file every item under topics (Swift, Machine Learning and Vision, ...), \\
        grouped in categories. Counts cover every event unless you pass --event. Filter the listings \\
        by topic with 'wwdc schedule --topic' and 'wwdc videos --topic'.
        """,
        options: [event, SharedOptions.json, SharedOptions.noPager, SharedOptions.db],
        examples: [
            ("wwdc topics", "Every topic, by category."),
            ("wwdc topics --event 2019", "How many items each topic has in one event."),
            ("wwdc videos --topic swift --event all", "Then the videos of one topic."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let store = try BrowseSupport.openStore(arguments[SharedOptions.db], context)
        let groups = try store.read { db -> [TopicGroup] in
            let eventIDs = arguments[event] == nil ? nil : try FilterNames.events(arguments[SharedOptions.event], in: db).ids
            return try db.topicGroups(eventIDs: eventIDs)
        }
        return try Listing.print(groups, json: arguments[SharedOptions.json], context: context, paging: Paging.isWanted(arguments), row: { TopicGroup.document.json($0, .commandLine()) },
                                 empty: { ["This store has no topics: its feed predates them (2020). Filter by --track instead."] }) { groups in
            render(groups, width: context.outputWidth, style: context.outputStyle)
        }
    }

    /// Each category as a heading, then its topics with how many items each has.
    static func render(_ groups: [TopicGroup], width: Int?, style: Style) -> String {
        var rows: [[String]] = []
        var headings: [Int: String] = [:]
        for group in groups {
            headings[rows.count] = BrowseSupport.cell(group.name)
            for topic in group.topics {
                rows.append([BrowseSupport.cell(topic.name), Quantity.text(topic.itemCount, "item"), String(topic.id)])
            }
            if group.topics.isEmpty { rows.append(["(no topics)", "", ""]) }
        }
        let layout = TableLayout(columns: [.init(flexible: true), .init(alignRight: true), .init(alignRight: true)],
                                 pipeWidth: 40)
        return layout.render(rows, headings: headings, indent: "  ", width: width, heading: style.bold) { column, text in
            column == 0 ? text : style.dim(text)
        }
    }
}
