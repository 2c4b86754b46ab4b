/// Where the value of a setting in force comes from: what `wwdc config` shows beside it, and what
/// an error about the value names.
enum SettingOrigin: Sendable, Equatable {
    /// A command-line flag (`--jobs`).
    case flag(String)
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
        case let .flag(flag): "flag: \(flag)"
        case let .environment(variable): "environment: \(variable)"
        case let .file(path, line): "\(path), line \(line)"
        case .lastSync: "last sync"
        case let .byDefault(how): how.map { "default: \($0)" } ?? "default"
        }
    }
}
