import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import PersonalSync
import ConferenceTerminal
import Foundation
import PlainText
import SQLiteDatabase

/// wwdc's words for errors: the errors' own (``ErrorText``), but where the way out is one of wwdc's
/// commands, flags or environment variables. Those are named here and only here: the conference's
/// errors carry the facts and know no command line.
extension ErrorWording {
    static let commandLine = ErrorWording(
        message: { error in said(error).map(TextSanitizer.singleLine.sanitize) ?? ErrorText.message(error) },
        hint: { error in advice(error).map(TextSanitizer.singleLine.sanitize) ?? ErrorText.hint(error) })

    /// The error's line where it names the command line; nil where its own words do.
    private static func said(_ error: any Error) -> String? {
        switch error {
        case let SyncError.alreadyRunning(lockFile):
            "another wwdc sync is running on this store (lock \(lockFile))"
        case let error as FeedError where error.kind == .noSavedCopy:
            error.description + ": run wwdc sync again"
        case let skipped as SkippedStep where skipped.remedy == .logInAgain:
            skipped.reason + ": run 'wwdc login' again" + skipped.note
        case let WatchError.alreadyWatching(pid):
            "another 'wwdc watch' is playing" + (pid.map { " (process \($0))" } ?? "")
        case let WatchError.playerNotFound(command):
            "the player '\(command)' (WWDC_PLAYER) was not found"
        case let WatchError.playerCommandInvalid(command):
            "WWDC_PLAYER is not a command line: \(command)"
        case let EditorError.failed(program, status):
            "the editor '\(program)' exited with status \(status); the note was left as it was"
        case let EditorError.noFileLeft(program):
            "the editor '\(program)' left no file to read; the note was left as it was"
        default:
            nil
        }
    }

    /// The hint where it names a command, a flag or a variable; nil where the error's own does.
    private static func advice(_ error: any Error) -> String? {
        switch error {
        case let error as DatabaseError: advice(error)
        case let error as BrowseError: advice(error)
        case let error as SyncError: advice(error)
        case let error as BackendError: advice(error)
        case let error as DownloadError: advice(error)
        case let error as WatchError: advice(error)
        case let error as AccountError: advice(error)
        case let error as EditorError: advice(error)
        case FeedbackError.alreadyUploaded: "See it with 'wwdc feedback --list'."
        case let PersonalDataError.noSavedPosition(session): "Give the moment with --at (12:34), or play the video first: " + ShellWord.command("wwdc", "watch", session)
        case let PersonalDataError.noSuchBookmark(session, _, _): "List them with '" + ShellWord.command("wwdc", "bookmark", "list", session) + "'."
        case let PersonalDataError.noteTooLong(_, kept?):
            "Nothing was saved; what you wrote is kept in \(kept.path): '" + ShellWord.command("wwdc", "note", kept.sessionID)
                + "' opens your editor on it again, to shorten it."
        case PersonalDataError.noteTooLong: "Nothing was saved: shorten it (keep longer text in a file, and note where it is)."
        default: nil
        }
    }

    /// The editor opens only for `wwdc note`, so the way out is also to give the text.
    private static func advice(_ error: EditorError) -> String? {
        switch error {
        case .notACommandLine: "Close its quotes, or give the text on the command line instead."
        case .notFound, .cannotStart: "Set VISUAL or EDITOR to an editor on your PATH, or give the text on the command line."
        case .noPrivateFolder: "Set TMPDIR to a folder you can write to, or give the text on the command line."
        case .failed, .noFileLeft: nil
        }
    }

    /// How to write an address wwdc takes, in wwdc's words.
    static func advice(_ refusal: WebAddress.Refusal) -> String {
        refusal == .credentials ? "Give the address without 'user:password@', and log in to the account with 'wwdc login'." : refusal.advice
    }

    private static func advice(_ error: DatabaseError) -> String? {
        let otherFile = "choose another file with --db or WWDC_DB"
        switch error.condition {
        case .noHomeFolder?: return "Set HOME or XDG_DATA_HOME, or choose a database file with --db or WWDC_DB."
        case let .notAFolder(folder)?: return "Move \(folder) aside, or choose another database file with --db or WWDC_DB."
        case .newerSchema?: return "Upgrade wwdc, or choose another database file with --db or WWDC_DB; the file was left untouched."
        // Its own words name no command line.
        case .olderSchemaReadOnly?: return nil
        case .noWriteAheadLog?: return "Keep the database on a local file system that supports shared memory, or \(otherFile)."
        case .notADatabaseFile?:
            return "\(error.path ?? "the file") exists but is not a SQLite database; wwdc leaves it untouched. Move it aside, or \(otherFile)."
        case nil: break
        }
        switch error.category {
        case .notADatabase: return "The file is not a SQLite database: move it aside, or \(otherFile)."
        case .damaged:
            return "Run 'wwdc sync --rebuild': it makes a fresh store from the feeds and carries over your favorites, feedback and changes not yet uploaded, where they can still be read."
        case .readOnly: return "The database or its folder is read-only: check the permissions, or \(otherFile)."
        case .cannotOpen: return "Check that the folder exists and is writable, or \(otherFile)."
        default: return nil
        }
    }

    private static func advice(_ error: BrowseError) -> String? {
        switch error {
        case .emptyStore: "Run 'wwdc sync' first."
        // Every event: the current one may have nothing yet (between conferences).
        case .unknownSession(_, let suggestions) where suggestions.isEmpty: "Find sessions with 'wwdc search TEXT'."
        case let .unknownName(input, kind, choices, searchFinds) where !choices.isEmpty:
            // One line: the nearest names, the search that finds the words, where the whole list is.
            [BrowseError.didYouMean(FilterNames.nearest(input, among: choices)),
             searchFinds ? "To look for the words instead: wwdc search \(ShellWord.word(input))." : nil,
             kind == "topic" ? "Every topic: wwdc topics." : BrowseError.names(choices, kind: kind)]
                .compactMap { $0 }.joined(separator: " ")
        default: nil
        }
    }

    private static func advice(_ error: SyncError) -> String? {
        switch error {
        case .alreadyRunning: "Wait for it to finish, or run without --no-wait to wait for it."
        case .interrupted: "Nothing was changed; run wwdc sync again."
        case .contentsNotOffered: "Choose a language the source offers with --language, or check the source."
        case .upgradeRequired: nil
        }
    }

    private static func advice(_ error: BackendError) -> String? {
        switch error {
        case .invalidSource: "Give an http(s) URL or the path of a folder holding config.json (--source or WWDC_SOURCE)."
        case let .refusedAddress(_, refusal): advice(refusal)
        case .timedOut: "The server is slow or stuck; try again later (WWDC_TIMEOUT sets the limit in seconds)."
        case .tooLarge:
            "Apple's feeds are under 2 MB: check the source. To read a larger feed, raise the limit with WWDC_MAX_FEED_MB (megabytes)."
        default: nil
        }
    }

    private static func advice(_ error: DownloadError) -> String? {
        let resume = "Run 'wwdc download --resume' to go on from where it stopped."
        switch error {
        case .noVideo: return "'wwdc session <id>' shows the session's video files; try --quality sd or hd."
        case .unreachable: return "Check the network connection, then run 'wwdc download --resume'."
        case .httpStatus, .connectionLost, .stalled, .unexpectedRange, .incomplete: return resume
        case .notEnoughSpace: return "Free some space, or choose another folder with --dir or WWDC_DOWNLOAD_DIR."
        case .diskFull: return "Free some space, then run 'wwdc download --resume' to go on from where it stopped."
        case .fileError: return "Check the download folder's permissions, or choose another with --dir or WWDC_DOWNLOAD_DIR."
        case .busy: return "Wait for it to finish; 'wwdc downloads' shows its progress."
        default: return nil
        }
    }

    private static func advice(_ error: WatchError) -> String? {
        switch error {
        case .noVideo: "Find sessions with a video with 'wwdc videos'."
        case .playerNotStarted: "Check WWDC_PLAYER, or install mpv, vlc or ffplay; 'wwdc watch --print-url' prints the URL instead."
        case .playerNotFound: "Install it, or set WWDC_PLAYER to a player on your PATH (mpv, vlc, ffplay)."
        case .playerCommandInvalid: "Close the quotes of WWDC_PLAYER (for example: WWDC_PLAYER='mpv --fs')."
        case .noControlFolder: "Set XDG_RUNTIME_DIR or TMPDIR to a folder you can write to."
        default: nil
        }
    }

    private static func advice(_ error: AccountError) -> String? {
        switch error {
        case .notLoggedIn, .sessionExpired: "Log in with 'wwdc login' (or 'wwdc login --username NAME --password-stdin' in a script)."
        case .unavailable: "Sync from a server that offers accounts (wwdc sync --source URL)."
        default: nil
        }
    }
}
