import ConferenceModel
import ConferenceSync
import PersonalSync
import Operations

/// What the browser's keys do to the selected session, built by the program that opens it: the
/// same operations as its commands (the account, the backends of personal data, the player are
/// the program's), so that nothing is written twice.
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
                startupSync: (@Sendable (any SyncProgressReporting, any Interaction) throws -> SyncOperation)? = nil) {
        self.favorite = favorite
        self.watched = watched
        self.rate = rate
        self.bookmark = bookmark
        self.moment = moment
        self.play = play
        self.startupSync = startupSync
    }
}
