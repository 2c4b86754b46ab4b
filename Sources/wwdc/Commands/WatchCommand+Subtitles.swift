import CommandLineKit
import ConferenceData
import ConferenceMedia
import ConferenceTerminal
import ConferenceModel
import Foundation

/// The subtitles `wwdc watch` gives the player: a downloaded video's `.vtt` beside it, else the
/// stream's rendition in the language joined into a private file (a player's own HLS reader may
/// drop subtitle renditions: Debian 12's ffmpeg does), else the feed's file, passed as `--sub-file=`.
extension WatchCommand {
    static let subtitleLanguage = Option.text("subtitle-language", value: "lang",
                                              help: "Subtitles in this language: en, ja, jpn, fra, ... (default: the synced language, else English).")
    static let noSubtitles = Option.flag("no-subtitles", help: "Give the player no subtitles ($WWDC_SUBTITLES or the config file's subtitles = off does too).")

    /// The languages of the subtitles to give the player, the first preferred; nil for none.
    static func subtitleLanguages(_ arguments: ParsedArguments, _ context: CommandContext, store: ConferenceStore) throws -> [SubtitleLanguage]? {
        if arguments[noSubtitles] { return nil }
        if let text = arguments[subtitleLanguage] {
            guard let language = SubtitleLanguage(text) else {
                throw UsageError("Invalid value '\(text)' for '--subtitle-language': expected a language code such as en, ja, jpn, fra", spec: spec)
            }
            return [language]
        }
        guard try context.setting(Configuration.subtitles) == .on else { return nil }
        let synced = try store.read { try $0.setting("language") }.flatMap(SubtitleLanguage.init) ?? .english
        return synced.matches(.english) ? [synced] : [synced, .english]
    }

    /// `player` given the subtitles in `languages` of the video it plays (`downloaded`, else the
    /// session's stream), and the private folder to remove once it has played; `player` as it is
    /// when there are none (said in one line).
    static func subtitled(_ player: PlayerCommand, languages: [SubtitleLanguage]?, downloaded: String?, detail: SessionDetail,
                          asked: Bool, db: String?, runner: OperationRunner,
                          _ context: CommandContext) -> (player: PlayerCommand, folder: String?) {
        guard let languages, let first = languages.first else { return (player, nil) }
        guard player.showing(subtitles: "") != nil else {
            context.message("\(BrowseSupport.cell(player.name)) cannot be given subtitles: playing without them.")
            return (player, nil)
        }
        if let downloaded {
            let base = (downloaded as NSString).deletingPathExtension
            let beside = languages.map { base + "." + $0.short + ".vtt" } + (asked ? [] : [base + ".vtt"])
            if let file = beside.first(where: { FileManager.default.fileExists(atPath: $0) }), let shown = player.showing(subtitles: file) {
                context.message("Subtitles: \(BrowseSupport.cell((file as NSString).lastPathComponent)).")
                return (shown, nil)
            }
        }
        let folder: String
        do {
            folder = try privateFolder(Configuration.runtimeFolders(context.environment))
        } catch {
            context.message("No subtitles: \(ErrorWording.commandLine.message(error)).")
            return (player, nil)
        }
        let path = folder + "/subtitles.vtt"
        // Writable: the languages the stream offers are kept for the session's page.
        guard let store = try? context.openExistingStore(explicitPath: db) else {
            try? FileManager.default.removeItem(atPath: folder)
            return (player, nil)
        }
        let subtitles = SubtitlesOperation(sessionID: detail.sessionID, hls: detail.media?.hls, feedFile: detail.media?.subtitles,
                                           requests: [SubtitlesOperation.Request(languages: languages, path: path)], store: store)
        _ = runner.run(subtitles)
        switch subtitles.outcomes.first {
        case let .written(_, language, source, _)?:
            if let shown = player.showing(subtitles: path) {
                context.message("Subtitles: \(language) from " + DownloadProgressDisplay.sourceText(source) + ".")
                return (shown, folder)
            }
        case let .missing(_, _, reasons)?:
            context.message("No \(first) subtitles (\(reasons.joined(separator: "; "))): playing without them.")
        case nil:
            break
        }
        try? FileManager.default.removeItem(atPath: folder)
        return (player, nil)
    }

    /// A new folder only this user can enter, in the first of `bases` where one can be made.
    private static func privateFolder(_ bases: [String]) throws -> String {
        var failure: (any Error)?
        for base in bases where !base.isEmpty {
            let folder = (base as NSString).appendingPathComponent("wwdc-subtitles." + UUID().uuidString)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                return folder
            } catch {
                failure = error
            }
        }
        throw failure ?? CocoaError(.fileNoSuchFile)
    }
}
