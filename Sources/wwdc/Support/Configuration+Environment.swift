import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import Foundation

/// The environment as wwdc reads it beside the keys' variables (``Configuration/keys``): the other
/// variables, and the plain values the conference is given from them, since it reads none itself.
extension Configuration {
    /// Environment variables the program reads that are not config file keys (for the manual page).
    static let variables: [(name: String, help: String)] = [
        ("WWDC_DB", "The database file (before $XDG_DATA_HOME/wwdc/wwdc.sqlite); --db wins over it."),
        ("WWDC_PASSWORD", "The password for a login from a script (with --username); never give it on the command line."),
        ("WWDC_TIMEOUT", "Seconds a feed or account request may take, 0.1 to 86400 (default 30)."),
        ("WWDC_MAX_FEED_MB", "The most a feed may hold once decompressed, in megabytes (default 64)."),
        ("WWDC_STALL_TIMEOUT", "Seconds a download may go without a byte before it is retried, 0.1 to 86400 (default 30)."),
        ("VISUAL", "The editor 'wwdc note' opens on a terminal (split into words, never run by a shell); before $EDITOR."),
        ("EDITOR", "The editor when $VISUAL is not set (default: vi)."),
        ("WWDC_IMAGE_CACHE_MB", "The most the picture cache holds, in megabytes (default 100); the pictures used longest ago go first."),
        ("NO_COLOR", "Set to anything: no colour, even on a terminal."),
        ("XDG_DATA_HOME", "Where the store lives (default ~/.local/share)."),
        ("XDG_CONFIG_HOME", "Where the config file lives (default ~/.config)."),
        ("XDG_CACHE_HOME", "Where fetched pictures are kept, in wwdc/images (default ~/.cache)."),
        ("XDG_RUNTIME_DIR", "Where 'wwdc watch' makes the private folder of mpv's socket (else $TMPDIR, else /tmp)."),
    ]

    /// The person's folders: `HOME`, `XDG_DATA_HOME` and `XDG_CONFIG_HOME`.
    static func folders(_ environment: [String: String]) -> UserFolders {
        UserFolders(home: environment["HOME"], dataHome: environment["XDG_DATA_HOME"], configHome: environment["XDG_CONFIG_HOME"])
    }

    /// The database: `--db` (`flag`), else `WWDC_DB`, else `wwdc.sqlite` in the data folder; an empty
    /// value counts as none.
    static func storePath(flag: String?, _ environment: [String: String]) throws -> String {
        try StoreLocation.resolve(explicitPath: [flag, environment["WWDC_DB"]].compactMap { $0 }.first { !$0.isEmpty },
                                  folders: folders(environment))
    }

    /// A source as typed (`--source`, `WWDC_SOURCE`): `apple` stands for `WWDC_APPLE_SOURCE` when it
    /// is set (a mirror, a test server).
    static func source(_ text: String, _ environment: [String: String]) throws -> ConferenceSource {
        try ConferenceSource(argument: text, apple: environment["WWDC_APPLE_SOURCE"])
    }

    /// The editor's command line: `VISUAL`, else `EDITOR`, else `vi`, as git chooses (an empty
    /// value counts as none).
    static func editor(_ environment: [String: String]) -> (command: String, variable: String?) {
        for variable in ["VISUAL", "EDITOR"] {
            if let value = environment[variable], !value.trimmingCharacters(in: .whitespaces).isEmpty { return (value, variable) }
        }
        return ("vi", nil)
    }

    /// Where a private folder for a player's socket may be made, in order: `XDG_RUNTIME_DIR`,
    /// `TMPDIR`, then /tmp (empty values count as none).
    static func runtimeFolders(_ environment: [String: String]) -> [String] {
        [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"]].compactMap { $0 }.filter { !$0.isEmpty } + ["/tmp"]
    }

    /// The folders programs are looked for in: `PATH`.
    static func searchPath(_ environment: [String: String]) -> String {
        environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// The feeds' language for the locale: that of the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set.
    static func localeLanguage(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }.flatMap(FeedLanguage.fromLocale)
    }

    /// `WWDC_TIMEOUT`: the time limit of each feed or account request, in seconds (default 30).
    static func requestTimeout(_ environment: [String: String]) throws -> TimeInterval {
        try TimeLimit.seconds("WWDC_TIMEOUT", in: environment, default: 30)
    }

    /// `WWDC_STALL_TIMEOUT`: seconds without a byte before a transfer counts as stalled (default 30).
    static func stallTimeout(_ environment: [String: String]) throws -> TimeInterval {
        try TimeLimit.seconds("WWDC_STALL_TIMEOUT", in: environment, default: 30)
    }

    /// The picture cache: `$XDG_CACHE_HOME/wwdc/images` (else `~/.cache/wwdc/images`), holding at
    /// most `WWDC_IMAGE_CACHE_MB` megabytes (default 100).
    static func imageCache(_ environment: [String: String]) throws -> ImageCache {
        let folder = try ImageCache.folder(cacheHome: environment["XDG_CACHE_HOME"], home: environment["HOME"])
        guard let text = environment["WWDC_IMAGE_CACHE_MB"] else { return ImageCache(folder: folder) }
        guard let megabytes = Int64(text.trimmingCharacters(in: .whitespaces)), (0...1_000_000).contains(megabytes) else {
            throw RuntimeError("WWDC_IMAGE_CACHE_MB is '\(text.prefix(40))', not a whole number of megabytes from 0 to 1000000",
                               hint: "Set it to megabytes, such as WWDC_IMAGE_CACHE_MB=200, or unset it for the default (100).")
        }
        return ImageCache(folder: folder, capacity: megabytes * 1_000_000)
    }

    /// `WWDC_MAX_FEED_MB`: the most a feed may hold once decompressed, in megabytes (default 64).
    static func feedLimit(_ environment: [String: String]) throws -> Int64 {
        guard let text = environment["WWDC_MAX_FEED_MB"] else { return FeedRequest.defaultLimit }
        guard let megabytes = Int64(text.trimmingCharacters(in: .whitespaces)), (1...100_000).contains(megabytes) else {
            throw RuntimeError("WWDC_MAX_FEED_MB is '\(text.prefix(40))', not a whole number of megabytes from 1 to 100000",
                               hint: "Set it to megabytes, such as WWDC_MAX_FEED_MB=128, or unset it for the default (64).")
        }
        return megabytes * 1_000_000
    }
}
