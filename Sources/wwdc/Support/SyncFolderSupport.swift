import ConferenceData
import ConferenceSync
import PersonalSync
import Foundation
import PlainText

/// The sync folder as the commands find it: `--sync-folder`, else `WWDC_SYNC_FOLDER`, else the
/// config file's `sync-folder`; with this machine's id from the config folder, which the store
/// opened when none is named writes as (another store, `--db`, writes as an id of its own).
enum SyncFolderSupport {
    /// The sync folder's settings, nil when none is set.
    static func settings(flag: String?, _ context: CommandContext) throws -> SyncFolderSettings? {
        guard let path = try path(flag: flag, context) else { return nil }
        let machine = try MachineID.load(folders: Configuration.folders(context.environment))
        return SyncFolderSettings(path: path, machine: machine, timeLimit: try Configuration.requestTimeout(context.environment),
                                  homeStore: try? Configuration.storePath(flag: nil, context.environment))
    }

    /// The sync folder's path as set (`~` expanded, made absolute), nil when none is set.
    static func path(flag: String?, _ context: CommandContext) throws -> String? {
        guard let text = try flag ?? context.setting(Configuration.syncFolder) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let home = context.environment["HOME"] ?? NSHomeDirectory()
        let expanded = trimmed == "~" ? home : trimmed.hasPrefix("~/") ? home + trimmed.dropFirst(1) : trimmed
        return ((expanded.hasPrefix("/") ? expanded
                 : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)) as NSString).standardizingPath
    }

    /// "Sync folder: 3 changes sent, 12 received from 2 machines.", and a note when git was not run
    /// in the folder. The names in `counts` were cleaned where they were read.
    static func lines(_ counts: SyncSummary.SyncFolderCounts, step: SyncSummary.Step?) -> [String] {
        guard step?.status == .succeeded else {
            return ["Sync folder: not reached (\(step?.detail ?? "skipped"))."]
        }
        var line = "Sync folder: " + Quantity.text(counts.sent, "change") + " sent"
        if counts.newFolder {
            line += counts.previousFolder.map { " (the whole state: a new folder; the last was \(TextSanitizer.singleLine.sanitize($0)))" }
                ?? " (the whole state: the folder did not have it)"
        }
        line += ", \(counts.received) received"
        if counts.received > 0 { line += " from " + Quantity.text(counts.machines, "machine") }
        if counts.conflictCopies > 0 { line += "; " + Quantity.text(counts.conflictCopies, "conflict copy", plural: "conflict copies") + " read" }
        if !counts.damaged.isEmpty { line += "; damaged, read up to the damage: " + counts.damaged.joined(separator: ", ") }
        if !counts.skipped.isEmpty { line += "; skipped as unusable: " + counts.skipped.joined(separator: ", ") }
        if !counts.unread.isEmpty {
            line += "; left for the next sync, over the \(ByteCount.text(Int64(SyncFolder.maximumBytesRead))) one sync reads: " + counts.unread.joined(separator: ", ")
        }
        switch counts.stopped.flatMap(SyncFolderReport.Stage.init(rawValue:)) {
        case .merge?: line += "; then the folder did not answer within the time limit: nothing received, the rest waits for the next sync"
        case .compaction?: line += "; then the folder did not answer within the time limit: this machine's files not compacted"
        case .git?: line += "; then git did not finish within the time limit: not pushed"
        case nil: break
        }
        var lines = [line + "."]
        if let refused = counts.gitRefused {
            lines.append("Note: git not run in the sync folder: \(refused); the folder was exchanged as a plain folder.")
        }
        return lines
    }
}
