import ConferenceMedia
import ConferenceModel
import ConferenceSync
import PersonalSync
import Operations

/// What the browser's keys do to the selected session, built by the program that opens it: the
/// same operations as its commands (the account, the backends of personal data, the player, the
/// downloads' settings, the editor are the program's), so that nothing is written twice.
public struct BrowserActions: Sendable {
    /// A program run on the terminal: its executable and its words (the first one its name).
    public struct Program: Sendable {
        public var executable: String
        public var arguments: [String]
        public var environment: [String: String]

        public init(executable: String, arguments: [String], environment: [String: String]) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
        }
    }

    /// A note written in the editor: the operation that saves it, and what it did once it finished
    /// with the errors given.
    public struct NoteEdit: Sendable {
        public var save: AdvancedOperation
        public var said: @Sendable (_ errors: [any Error]) -> String

        public init(save: AdvancedOperation, said: @escaping @Sendable ([any Error]) -> String) {
            self.save = save
            self.said = said
        }
    }

    /// The operation that makes a session a favorite (true) or not, a login asked for through
    /// the interaction when the account needs one.
    public var favorite: @Sendable (_ sessionID: String, _ favorite: Bool, _ interaction: any Interaction) throws -> ChangeFavoritesOperation
    /// The operation that marks a session watched (true) or not.
    public var watched: @Sendable (_ sessionID: String, _ watched: Bool) throws -> AdvancedOperation
    /// The operation that gives feedback on a session with the form, asked through the interaction.
    public var rate: @Sendable (_ sessionID: String, _ interaction: any Interaction) throws -> GiveFeedbackOperation
    /// The operation that bookmarks a moment (seconds from the start; nil: where you stopped watching) of a session.
    public var bookmark: @Sendable (_ sessionID: String, _ seconds: Double?) throws -> ChangePersonalDataOperation
    /// The seconds a moment typed in stands for (`754`, `12:34`, `1:02:03`), as the program reads its
    /// `--at`; nil for anything else.
    public var moment: @Sendable (_ text: String) -> Int?
    /// Where a video plays from.
    public enum PlayStart: Sendable, Equatable {
        /// Where you stopped watching.
        case resume
        case beginning
        /// A moment, in seconds (a transcript line's, a bookmark's).
        case at(Double)
    }
    /// The operation that downloads a session's video, telling `reporter` how it goes; among the
    /// browser's downloads, at most its settings' `jobs` run at once.
    public var download: @Sendable (_ sessionID: String, _ reporter: any DownloadReporting) throws -> DownloadsOperation
    /// The operation that deletes a session's downloads (their files) and forgets them; nil when it
    /// has none.
    public var removeDownloads: @Sendable (_ sessionID: String) throws -> AdvancedOperation?
    /// Opens the person's editor on a session's note, on the terminal (the browser hands it over
    /// meanwhile), and returns the operation that saves what they wrote.
    public var editNote: @Sendable (_ sessionID: String) throws -> NoteEdit
    /// The operation that opens a page on the web (an https address) in the person's browser.
    public var openWebPage: @Sendable (_ address: String) -> AdvancedOperation

    /// The program that plays a session from `start`, on the terminal.
    public var play: @Sendable (_ sessionID: String, _ start: PlayStart) -> Program
    /// The startup graph, to run as the browser opens (reporting its steps, asking through the
    /// interaction); nil when the store is fresh enough, or the person wants no sync.
    public var startupSync: (@Sendable (_ reporter: any SyncProgressReporting, _ interaction: any Interaction) throws -> SyncOperation)?

    public init(favorite: @escaping @Sendable (String, Bool, any Interaction) throws -> ChangeFavoritesOperation,
                watched: @escaping @Sendable (String, Bool) throws -> AdvancedOperation,
                rate: @escaping @Sendable (String, any Interaction) throws -> GiveFeedbackOperation,
                bookmark: @escaping @Sendable (String, Double?) throws -> ChangePersonalDataOperation,
                moment: @escaping @Sendable (String) -> Int?,
                play: @escaping @Sendable (String, PlayStart) -> Program,
                download: @escaping @Sendable (String, any DownloadReporting) throws -> DownloadsOperation,
                removeDownloads: @escaping @Sendable (String) throws -> AdvancedOperation?,
                editNote: @escaping @Sendable (String) throws -> NoteEdit,
                openWebPage: @escaping @Sendable (String) -> AdvancedOperation,
                startupSync: (@Sendable (any SyncProgressReporting, any Interaction) throws -> SyncOperation)? = nil) {
        self.favorite = favorite
        self.watched = watched
        self.rate = rate
        self.bookmark = bookmark
        self.moment = moment
        self.play = play
        self.download = download
        self.removeDownloads = removeDownloads
        self.editNote = editNote
        self.openWebPage = openWebPage
        self.startupSync = startupSync
    }
}
