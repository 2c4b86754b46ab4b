import ConferenceMedia
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

    /// The operation that makes a session a favorite (true) or not, asking no question.
    public var favorite: @Sendable (_ sessionID: String, _ favorite: Bool) throws -> AdvancedOperation
    /// The operation that marks a session watched (true) or not.
    public var watched: @Sendable (_ sessionID: String, _ watched: Bool) throws -> AdvancedOperation
    /// The program that plays a session, from where it stopped or from the start, on the terminal.
    public var play: @Sendable (_ sessionID: String, _ fromStart: Bool) -> Program
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

    public init(favorite: @escaping @Sendable (String, Bool) throws -> AdvancedOperation,
                watched: @escaping @Sendable (String, Bool) throws -> AdvancedOperation,
                play: @escaping @Sendable (String, Bool) -> Program,
                download: @escaping @Sendable (String, any DownloadReporting) throws -> DownloadsOperation,
                removeDownloads: @escaping @Sendable (String) throws -> AdvancedOperation?,
                editNote: @escaping @Sendable (String) throws -> NoteEdit,
                openWebPage: @escaping @Sendable (String) -> AdvancedOperation) {
        self.favorite = favorite
        self.watched = watched
        self.play = play
        self.download = download
        self.removeDownloads = removeDownloads
        self.editNote = editNote
        self.openWebPage = openWebPage
    }
}
