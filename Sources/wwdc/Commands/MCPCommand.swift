import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceModel
import ConferenceSync
import ConferenceMCP
import Foundation
import MCPServer
import PlainText

/// `wwdc mcp`: the store served to AI assistants over the Model Context Protocol (stdio).
enum MCPCommand {
    static let allowWrites = Option.flag("allow-writes", help: "Offer the tools that change the store (favorites, bookmarks, notes, watched).")

    static let spec = CommandSpec(
        path: "mcp",
        abstract: "Serve the store to an AI assistant: a Model Context Protocol server on stdin and stdout.",
        discussion: """
        An assistant starts it and speaks JSON-RPC to it, one message a line: it lists and calls the \
        tools (search, get_session, get_transcript, get_code, list_videos, list_topics, schedule, \
        list_favorites, continue_watching, list_bookmarks) and reads the resources \
        wwdc://session/<id> and wwdc://transcript/<id>. Nothing but protocol messages goes to \
        stdout; diagnostics go to stderr. It ends at the end of its input. The store is opened \
        read-only unless --allow-writes adds add_favorite, remove_favorite, add_bookmark, set_note \
        and mark_watched, which save (and upload) as 'wwdc favorite', 'bookmark', 'note' and \
        'watched' do, without asking for a login (run 'wwdc login' first). In an assistant's MCP \
        configuration: {"mcpServers": {"wwdc": {"command": "wwdc", "args": ["mcp"]}}}.
        """,
        options: [allowWrites, SharedOptions.db],
        examples: [
            ("wwdc mcp", "Serve the default store, read-only (an assistant runs this)."),
            ("wwdc mcp --allow-writes", "Also let the assistant add and remove favorites."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let path = try Configuration.storePath(flag: arguments[SharedOptions.db], context.environment)
        let writes = arguments[allowWrites]
        // A timeout that is not one fails at the start, not at the first write.
        _ = try AccountAccess.timeout(context)
        let now = context.now
        let fixedClock = context.environment["WWDC_NOW"] != nil
        let toolbox = ConferenceToolbox(settings: .init(
            openStore: { writes ? try ConferenceStore.openExisting(path: path) : try ConferenceStore.openForBrowsing(path: path) },
            allowWrites: writes,
            account: { store in try AccountAccess.sessionWithoutPrompt(store: store, context: context) },
            personalBackends: { try PersonalDataSupport.backends(context) },
            wording: ErrorWording.commandLine,
            now: { fixedClock ? now : Date() }))
        let terminal = context.terminal
        let server = MCPServer(identity: .init(name: "wwdc", title: "WWDC", version: WWDCVersion.string, instructions: toolbox.instructions),
                               tools: toolbox.tools, withheldTools: toolbox.withheldTools, resources: toolbox.resources,
                               describe: toolbox.describe,
                               diagnostic: { terminal.print("wwdc mcp: " + TextSanitizer.singleLine.sanitize($0)) })
        server.serve(input: STDIN_FILENO, output: STDOUT_FILENO)
        return .success
    }
}
