import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import ConferenceTerminal
import Foundation

/// wwdc's settings, each declared once: the key of its config file (``ConfigFile``), the environment
/// variable it stands for, its help, its parse and its default (``Setting``). The file only fills in
/// variables the environment leaves unset, so every setting resolves the same way in one place: a
/// flag, else the environment, else the file, else the default.
enum Configuration {
    static let source = Setting<ConferenceSource?>(
        "source", variable: "WWDC_SOURCE",
        help: "Where 'wwdc sync' reads the feeds: an http(s) URL, a folder, or 'apple' (flag: --source).",
        default: nil,
        shown: { environment in
            if let last = try? lastSync(environment, { try $0.lastSource() }) { return (last.description, .remembered("last sync")) }
            let sample = SampleConference.locate()?.path
            return (sample ?? "", .byDefault(sample == nil ? "the bundled sample conference, which is missing" : "the bundled sample conference"))
        },
        written: { text in ConferenceSource.named(text.trimmingCharacters(in: .whitespaces)) == nil ? absolutePath(text) : text },
        parse: { text, environment throws(InvalidValue) in
            do {
                return try source(text, environment)
            } catch BackendError.refusedAddress(_, .credentials) {
                throw InvalidValue("an address with a user name and password in it: give it without 'user:password@', and log in with 'wwdc login'")
            } catch {
                throw InvalidValue(ErrorWording.commandLine.message(error))
            }
        })
    static let language = Setting<String?>(
        "language", variable: "WWDC_LANGUAGE",
        help: "The language of the feeds: en, zho, jpn, kor, ... (flag: sync --language).",
        default: nil,
        shown: { environment in
            if let last = try? lastSync(environment, { store in try store.read { try $0.setting("language") } }) { return (last, .remembered("last sync")) }
            if let code = localeLanguage(environment) { return (code, .byDefault("the locale's language")) }
            return ("en", .byDefault(nil))
        },
        parse: { text, _ throws(InvalidValue) in
            guard let code = FeedLanguage.normalized(text), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                throw InvalidValue("expected a language code such as en, jpn, zho, kor")
            }
            return code
        })
    static let player = Setting<String?>(
        "player", variable: "WWDC_PLAYER",
        help: "The video player's command line, e.g. 'mpv --fs' (run without a shell).",
        default: nil,
        shown: { environment in
            let known = PlayerCommand.knownPlayers.joined(separator: ", ")
            if let installed = PlayerCommand.knownPlayers.first(where: { ProgramCommandLine.locate($0, path: searchPath(environment)) != nil }) {
                return (installed, .byDefault("the first of \(known) installed"))
            }
            return ("", .byDefault("none of \(known) is installed: the address is printed"))
        },
        parse: { text, _ throws(InvalidValue) in try commandLine(text) })
    static let speed = Setting<PlaybackSpeed?>(
        "speed", variable: "WWDC_SPEED",
        help: "The speed 'wwdc watch' plays at, from \(PlaybackSpeed.slowest) to \(PlaybackSpeed.fastest) (1.5: half again as fast; flag: watch --speed); a speed chosen in mpv as it plays is kept here for the next watch.",
        default: nil,
        shown: { _ in ("", .byDefault("the player's own")) },
        written: { text in PlaybackSpeed(text.trimmingCharacters(in: .whitespaces))?.description ?? text },
        parse: { text, _ throws(InvalidValue) in
            guard let speed = PlaybackSpeed(text) else {
                throw InvalidValue("expected a speed from \(PlaybackSpeed.slowest) to \(PlaybackSpeed.fastest), such as 1.5 (1 is normal)")
            }
            return speed
        })
    static let pager = Setting<String?>(
        "pager", variable: "WWDC_PAGER",
        help: "The pager's command line (before $PAGER; 'cat' turns paging off).",
        default: nil,
        shown: { environment in environment["PAGER"].map { ($0, .environment("PAGER")) } ?? (Pager.defaultCommand, .byDefault(nil)) },
        parse: { text, _ throws(InvalidValue) in try commandLine(text) })
    static let downloadFolder = Setting<String?>(
        "download-dir", variable: "WWDC_DOWNLOAD_DIR",
        help: "The folder videos are downloaded to (flag: download --dir).",
        default: nil,
        shown: { environment in ((try? DownloadFolder.resolve(folders: folders(environment))) ?? "", .byDefault(nil)) },
        written: absolutePath,
        parse: { text, _ throws(InvalidValue) in try folder(text) })
    static let jobs = Setting<Int>(
        "jobs", variable: "WWDC_JOBS",
        help: "How many files 'wwdc download' fetches at once, 1 to 16 (flag: download --jobs).",
        default: DownloadSettings(lockFolder: "").jobs, shown: String(DownloadSettings(lockFolder: "").jobs),
        parse: { text, _ throws(InvalidValue) in
            guard let number = Int(text), (1...16).contains(number) else { throw InvalidValue("expected a whole number from 1 to 16") }
            return number
        })
    static let images = Setting<ImagesSetting>(
        "images", variable: "WWDC_IMAGES",
        help: "Pictures on a terminal ('wwdc photos', the top of 'wwdc session'): auto (on a terminal only), always (also in a pipe), never; never with --json.",
        default: .auto)
    static let notify = Setting<NotifyChoice>(
        "notify", variable: "WWDC_NOTIFY",
        help: "Desktop notifications from 'wwdc sync' and 'wwdc remind' through notify-send: desktop or off (default off).",
        default: .off)
    static let browseSync = Setting<StartupSync>(
        "browse-sync", variable: "WWDC_BROWSE_SYNC",
        help: "Whether the browser ('wwdc', 'wwdc browse') syncs as it opens, in the background: auto (when the last sync is older than the source's config asks, else an hour), always, or never (default auto).",
        default: .auto)
    static let subtitles = Setting<SubtitlesChoice>(
        "subtitles", variable: "WWDC_SUBTITLES",
        help: "Whether 'wwdc watch' gives the player subtitles: on or off (default on; flag: watch --no-subtitles).",
        default: .on)
    static let syncFolder = Setting<String?>(
        "sync-folder", variable: "WWDC_SYNC_FOLDER",
        help: "A folder Syncthing, Dropbox, Nextcloud or git copies between your machines: 'wwdc sync' exchanges your favorites, progress, bookmarks, notes and ratings through it (flag: sync --sync-folder).",
        default: nil,
        shown: { _ in ("", .byDefault("none: your data stays on this machine")) },
        written: absolutePath,
        parse: { text, _ throws(InvalidValue) in try folder(text) })

    /// Every setting, in the order `wwdc config list` and the manual show them.
    static let keys: [any DeclaredSetting] = [source, language, player, speed, pager, downloadFolder, jobs, images, notify, browseSync, subtitles, syncFolder]

    /// When pictures are drawn: `images` in the config file, `WWDC_IMAGES` in the environment.
    enum ImagesSetting: String, CaseIterable {
        /// On a terminal only (the default).
        case auto
        /// Also when the output is not a terminal (`| less -R`).
        case always
        case never
    }

    /// The values of `notify`.
    enum NotifyChoice: String, CaseIterable {
        case desktop, off
    }

    /// Whether `wwdc watch` gives the player subtitles: `subtitles` in the config file, `WWDC_SUBTITLES`.
    enum SubtitlesChoice: String, CaseIterable {
        case on, off
    }

    /// wwdc's config file.
    static func file(environment: [String: String]) throws -> ConfigFile {
        try ConfigFile(program: "wwdc", keys: keys.map(\.key), environment: environment)
    }

    /// A program's command line as given, once its quotes are closed.
    private static func commandLine(_ text: String) throws(InvalidValue) -> String {
        guard ProgramCommandLine.words(text) != nil else { throw InvalidValue("not a command line: a quote is not closed") }
        return text
    }

    /// A folder's path as given, when there is one.
    private static func folder(_ text: String) throws(InvalidValue) -> String {
        guard !text.isEmpty else { throw InvalidValue("expected the path of a folder") }
        return text
    }

    /// A relative folder as an absolute path, so the file means the same wherever wwdc runs; a path
    /// from the root or the home folder, or an address, as given.
    private static func absolutePath(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~"), !trimmed.contains("://") else { return value }
        return ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(trimmed) as NSString).standardizingPath
    }

    /// What `read` finds in the store the last sync wrote; nil when there is none (none is created).
    private static func lastSync<T>(_ environment: [String: String], _ read: (ConferenceStore) throws -> T?) throws -> T? {
        let path = try storePath(flag: nil, environment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try read(ConferenceStore(path: path))
    }
}
