/// Where the value of a setting in force comes from, when a command is given no flag for it: what
/// a program's `config` command shows beside it, and what an error about the value names. (A flag's
/// value is the command line's: an error about it is a usage error naming the flag.)
public enum SettingOrigin: Sendable, Equatable {
    /// An environment variable (`WWDC_JOBS`, or `PAGER` for a pager).
    case environment(String)
    /// A line of the config file.
    case file(path: String, line: Int)
    /// What the program used last, found where it keeps it, as the program names it ("last sync").
    case remembered(String)
    /// The program's own choice, with how it was made when that depends on something.
    case byDefault(String?)

    /// "environment: WWDC_JOBS", "/home/me/.config/wwdc/config, line 3", "last sync", "default".
    public var description: String {
        switch self {
        case let .environment(variable): "environment: \(variable)"
        case let .file(path, line): "\(path), line \(line)"
        case let .remembered(name): name
        case let .byDefault(how): how.map { "default: \($0)" } ?? "default"
        }
    }

    /// Whether the person set the value (in the environment or the file), not the program.
    public var isFromUser: Bool {
        switch self {
        case .environment, .file: true
        case .remembered, .byDefault: false
        }
    }
}
