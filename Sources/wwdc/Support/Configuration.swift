import CommandLineKit
import ConferenceBackend
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import Foundation

/// wwdc's settings: the keys of its config file (``ConfigFile``), each standing for an environment
/// variable. The file only fills in variables the environment leaves unset, so every setting
/// resolves the same way in one place: a flag, else the environment, else the file, else the default.
enum Configuration {
    /// A key the file may hold: its name, the environment variable it stands for, what it sets, and
    /// what makes a value of it usable (the same check whether it comes from the file, the
    /// environment or `wwdc config set`).
    struct Key: Sendable {
        var name: String
        var variable: String
        var help: String
        /// What is wrong with `value` ("expected a whole number from 1 to 16"), nil when it is usable.
        var problem: @Sendable (_ value: String, _ environment: [String: String]) -> String?
    }

    static let source = Key(
        name: "source", variable: "WWDC_SOURCE",
        help: "Where 'wwdc sync' reads the feeds: an http(s) URL, a folder, or 'apple' (flag: --source).",
        problem: { value, environment in
            do {
                _ = try source(value.trimmingCharacters(in: .whitespaces), environment)
                return nil
            } catch BackendError.refusedAddress(_, .credentials) {
                return "an address with a user name and password in it: give it without 'user:password@', and log in with 'wwdc login'"
            } catch {
                return ErrorWording.commandLine.message(error)
            }
        })
    static let language = Key(
        name: "language", variable: "WWDC_LANGUAGE",
        help: "The language of the feeds: en, zho, jpn, kor, ... (flag: sync --language).",
        problem: { value, _ in
            guard let code = FeedLanguage.normalized(value), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                return "expected a language code such as en, jpn, zho, kor"
            }
            return nil
        })
    static let player = Key(
        name: "player", variable: "WWDC_PLAYER",
        help: "The video player's command line, e.g. 'mpv --fs' (run without a shell).",
        problem: { value, _ in ProgramCommandLine.words(value) == nil ? "not a command line: a quote is not closed" : nil })
    static let pager = Key(
        name: "pager", variable: "WWDC_PAGER",
        help: "The pager's command line (before $PAGER; 'cat' turns paging off).",
        problem: { value, _ in ProgramCommandLine.words(value) == nil ? "not a command line: a quote is not closed" : nil })
    static let downloadFolder = Key(
        name: "download-dir", variable: "WWDC_DOWNLOAD_DIR",
        help: "The folder videos are downloaded to (flag: download --dir).",
        problem: { value, _ in value.trimmingCharacters(in: .whitespaces).isEmpty ? "expected the path of a folder" : nil })
    static let jobs = Key(
        name: "jobs", variable: "WWDC_JOBS",
        help: "How many files 'wwdc download' fetches at once, 1 to 16 (flag: download --jobs).",
        problem: { value, _ in
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)), (1...16).contains(number) else {
                return "expected a whole number from 1 to 16"
            }
            return nil
        })

    static let images = Key(
        name: "images", variable: "WWDC_IMAGES",
        help: "Pictures on a terminal ('wwdc photos', the top of 'wwdc session'): auto (on a terminal only), always (also in a pipe), never; never with --json.",
        problem: { value, _ in
            ImagesSetting(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased()) == nil ? "expected auto, always or never" : nil
        })

    static let keys: [Key] = [source, language, player, pager, downloadFolder, jobs, images, notify, syncFolder]

    /// When pictures are drawn: `images` in the config file, `WWDC_IMAGES` in the environment.
    enum ImagesSetting: String {
        /// On a terminal only (the default).
        case auto
        /// Also when the output is not a terminal (`| less -R`).
        case always
        case never
    }

    static let notify = Key(
        name: "notify", variable: "WWDC_NOTIFY",
        help: "Desktop notifications from 'wwdc sync' and 'wwdc remind' through notify-send: desktop or off (default off).",
        problem: { value, _ in
            NotifyChoice(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased()) == nil ? "expected desktop or off" : nil
        })

    /// The values of `notify`.
    enum NotifyChoice: String {
        case desktop, off
    }

    static let syncFolder = Key(
        name: "sync-folder", variable: "WWDC_SYNC_FOLDER",
        help: "A folder Syncthing, Dropbox, Nextcloud or git copies between your machines: 'wwdc sync' exchanges your favorites, progress, bookmarks, notes and ratings through it (flag: sync --sync-folder).",
        problem: { value, _ in value.trimmingCharacters(in: .whitespaces).isEmpty ? "expected the path of a folder" : nil })

    /// wwdc's config file.
    static func file(environment: [String: String]) throws -> ConfigFile {
        try ConfigFile(program: "wwdc", keys: keys.map(\.name), environment: environment)
    }

    /// `environment` with each variable it leaves unset taken from `file`.
    static func applied(_ file: ConfigFile, to environment: [String: String]) -> [String: String] {
        var result = environment
        for key in keys where result[key.variable] == nil {
            if let value = file.value(key.name) { result[key.variable] = value }
        }
        return result
    }

    /// "Did you mean 'download-dir'?" for a near miss, else the keys.
    static func suggestion(for key: String) -> String {
        ConfigFile.suggestion(for: key, among: keys.map(\.name))
    }
}
