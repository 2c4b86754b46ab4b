/// Where the value of a setting in force comes from, when a command is given no flag for it: what
/// `wwdc config` shows beside it, and what an error about the value names. (A flag's value is the
/// command line's: an error about it is a usage error naming the flag.)
enum SettingOrigin: Sendable, Equatable {
    /// An environment variable (`WWDC_JOBS`, or `PAGER` for the pager).
    case environment(String)
    /// A line of the config file.
    case file(path: String, line: Int)
    /// What the last sync used (the source and the language).
    case lastSync
    /// The program's own choice, with how it was made when that depends on something.
    case byDefault(String?)

    /// "environment: WWDC_JOBS", "/home/me/.config/wwdc/config, line 3", "last sync", "default".
    var description: String {
        switch self {
        case let .environment(variable): "environment: \(variable)"
        case let .file(path, line): "\(path), line \(line)"
        case .lastSync: "last sync"
        case let .byDefault(how): how.map { "default: \($0)" } ?? "default"
        }
    }
}
