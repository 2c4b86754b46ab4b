import ConferenceData
import ConferenceModel
import ConferenceSync
import PersonalSync
import Foundation
import MCPServer
import Operations
import PlainText
import SQLiteDatabase

/// The conference's tools and resources for an AI assistant: the same reads as wwdc's browsing
/// commands, and, only when writes are allowed, the same changes (through the same operations and
/// outbox) as its favorite commands.
///
/// Every text it hands out comes from ConferenceData's reads (sanitised there) or is sanitised here
/// (what a caller typed, quoted back in an error).
public final class ConferenceToolbox: Sendable {
    /// How a tool reaches the conference.
    public struct Settings: Sendable {
        /// Opens the store (called at the first request that needs it, again after a failure).
        public var openStore: @Sendable () throws -> ConferenceStore
        /// Whether tools that change the store are offered.
        public var allowWrites: Bool
        /// The account to upload changes with; nil when the source has none. It never asks for a login.
        public var account: @Sendable (ConferenceStore) throws -> AccountSession?
        /// Where changes to progress, bookmarks and notes go besides this store.
        public var personalBackends: @Sendable () throws -> [any PersonalDataBackend]
        /// The words of a failure, and the way out.
        public var wording: ErrorWording
        public var now: @Sendable () -> Date

        public init(openStore: @escaping @Sendable () throws -> ConferenceStore, allowWrites: Bool,
                    account: @escaping @Sendable (ConferenceStore) throws -> AccountSession?,
                    personalBackends: @escaping @Sendable () throws -> [any PersonalDataBackend] = { [] }, wording: ErrorWording = .plain,
                    now: @escaping @Sendable () -> Date = Date.init) {
            self.openStore = openStore
            self.allowWrites = allowWrites
            self.account = account
            self.personalBackends = personalBackends
            self.wording = wording
            self.now = now
        }
    }

    let settings: Settings
    private let opened = Locked<ConferenceStore?>(nil)

    public init(settings: Settings) {
        self.settings = settings
    }

    /// The tools, reads first; the writes only when allowed.
    public var tools: [Tool] {
        let reads = [searchTool, getSessionTool, getTranscriptTool, getCodeTool, listVideosTool, listTopicsTool, scheduleTool,
                     listFavoritesTool, continueWatchingTool, listBookmarksTool]
        return settings.allowWrites ? reads + writeTools : reads
    }

    /// The write tools when writes are not allowed, by name, with what a call of one is told.
    public var withheldTools: [String: String] {
        guard !settings.allowWrites else { return [:] }
        return Dictionary(uniqueKeysWithValues: writeTools.map { tool in
            (tool.name, "\(tool.name) changes the user's data, and this server is read-only: writes need it started with --allow-writes "
                + "(the user adds it to the server's arguments in the MCP configuration: \"args\": [\"mcp\", \"--allow-writes\"]).")
        })
    }

    private var writeTools: [Tool] { [addFavoriteTool, removeFavoriteTool, addBookmarkTool, setNoteTool, markWatchedTool] }

    /// The sessions and their transcripts as resources.
    public var resources: any ResourceProvider { ConferenceResources(toolbox: self) }

    /// What the assistant is told at `initialize`.
    public var instructions: String {
        """
        wwdc's local store of Apple's WWDC conference: sessions, videos, transcripts with times, code \
        shown in videos, the schedule, and the user's own favorites, watch progress, bookmarks and notes. Start with search; a hit's command \
        (wwdc watch ID --at M:SS) plays that moment for the user, and its link is that moment on developer.apple.com, to send \
        someone. Lists are paged: pass back nextCursor. \
        \(settings.allowWrites ? "Changes to favorites, bookmarks, notes and what was watched are allowed." : "Read only: the server was started without --allow-writes.")
        """
    }

    /// A failure in wwdc's words, on one line each for the message and the way out.
    public func describe(_ error: any Error) -> String {
        let text: String
        if let failure = error as? ToolFailure {
            text = failure.description
        } else {
            let message = settings.wording.message(error)
            let sentence = message.prefix(1).uppercased() + message.dropFirst()
            text = sentence + (sentence.hasSuffix(".") ? "" : ".") + (settings.wording.hint(error).map { " " + $0 } ?? "")
        }
        return TextSanitizer.singleLine.sanitize(text)
    }

    /// The store, opened once.
    func store() throws -> ConferenceStore {
        if let store = opened.withLock({ $0 }) { return store }
        let store = try settings.openStore()
        opened.withLock { $0 = $0 ?? store }
        return opened.withLock { $0! }
    }

    /// What the tools' documents are read with now: the assistant's view, the conference's times.
    var documents: DocumentContext {
        ConferenceLookup.documents(now: settings.now().timeIntervalSince1970)
    }

    /// Reads the store.
    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try store().read(body)
    }
}
