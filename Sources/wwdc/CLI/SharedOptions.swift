import CommandLineKit
import ConferenceModel

/// The options several commands take, each declared once. A command that says something particular
/// about one keeps its name and type and changes only the help (``Option/help(_:)``).
enum SharedOptions {
    static let db = Option.text("db", value: "path", help: "The database file (default: $WWDC_DB, else $XDG_DATA_HOME/wwdc/wwdc.sqlite).")
    static let json = Option.flag("json", help: "Print JSON (field names under JSON OUTPUT in 'man wwdc').")
    static let trace = Option.text("trace", value: "file", help: "Write the run's timeline to <file> (Chrome trace-event JSON).")
    static let limit = Option.integer("limit", short: "n", value: "count", help: "Show at most <count> entries.", in: 1...1_000_000)
    static let local = Option.flag("local", help: "Show times in this machine's time zone (TZ respected) instead of the conference's.")
    static let event = Option.text("event", value: "id", help: "The event: an id (wwdc2026), its year, or 'all' (default: the current event).",
                                   completion: .eventIDs)
    static let topic = Option.texts("topic", value: "name", help: "Only items of this topic (name, unique prefix or id, any case); repeat for several.",
                                   completion: .stored(.topics))
    static let track = Option.texts("track", value: "name", help: "Only this track (name, unique prefix or id); repeat for several.",
                                    completion: .stored(.tracks))
    static let type = Option.texts("type", value: "type", help: "Only this type (Session, Lab, 'Special Event', ...); repeat for several.",
                                   completion: .stored(.types))
    static let platform = Option.texts("platform", value: "name", help: "Only sessions about this platform (iOS, macOS, ...); repeat for several.",
                                       completion: .stored(.platforms))
    static let day = Option.text("day", short: "d", value: "day",
                                 help: "Only this day: YYYY-MM-DD, 'today', 'yesterday', 'tomorrow' or a weekday of the event ('mon', 'tuesday').",
                                 completion: .stored(.days))
    static let favorites = Option.flag("favorites", short: "f", help: "Only your favorites.")
    static let search = Option.text("search", short: "s", value: "text", help: "Only items matching these words, best first.")
    static let output = Option.text("output", short: "o", value: "file", help: "Write to <file> instead of standard output.")
    /// Long output on a terminal goes through ``Pager``; this prints it directly instead.
    static let noPager = Option.flag("no-pager", help: "Print directly, even when the output is longer than the terminal.")
    /// For commands that show progress on stderr: what remains is failures and the final summary.
    static let quiet = Option.flag("quiet", short: "q", help: "Print no progress, only failures and the summary.")
    static let at = Option.time("at", value: "time", help: "From this moment of the video: seconds (754), M:SS (12:34) or H:MM:SS.")

    /// Logging in from a script.
    static let username = Option.text("username", value: "name",
                                      help: "Log in as <name> without a prompt; the password comes from --password-stdin or $WWDC_PASSWORD.")
    static let passwordStdin = Option.flag("password-stdin", help: "Read the password from standard input (never from the command line).")
    /// What every command that may log in takes.
    static let login: [any DeclaredOption] = [username, passwordStdin]
}
