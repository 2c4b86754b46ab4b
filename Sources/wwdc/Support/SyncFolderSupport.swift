import ConferenceKit
import Foundation
import PlainText

/// The sync folder as the commands find it: `--sync-folder`, else `WWDC_SYNC_FOLDER`, else the
/// config file's `sync-folder`; with this machine's id from the config folder, which the store
/// opened when none is named writes as (another store, `--db`, writes as an id of its own).
enum SyncFolderSupport {
    /// The sync folder's settings, nil when none is set.
    static func settings(flag: String?, _ context: CommandContext) throws -> SyncFolderSettings? {
        guard let text = try flag ?? context.setting(Configuration.syncFolder) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let home = context.environment["HOME"] ?? NSHomeDirectory()
        let expanded = trimmed == "~" ? home : trimmed.hasPrefix("~/") ? home + trimmed.dropFirst(1) : trimmed
        let path = ((expanded.hasPrefix("/") ? expanded
                     : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)) as NSString).standardizingPath
        let machine = try MachineID.load(folders: Configuration.folders(context.environment))
        return SyncFolderSettings(path: path, machine: machine, timeLimit: try Configuration.requestTimeout(context.environment),
                                  homeStore: try? Configuration.storePath(flag: nil, context.environment))
    }

    /// "Sync folder: 3 changes sent, 12 received from 2 machines".
    static func line(_ counts: SyncSummary.SyncFolderCounts, step: SyncSummary.Step?) -> String {
        guard step?.status == .succeeded else {
            return "Sync folder: not reached (\(step?.detail ?? "skipped"))."
        }
        var line = "Sync folder: " + Quantity.text(counts.sent, "change") + " sent, \(counts.received) received"
        if counts.received > 0 { line += " from " + Quantity.text(counts.machines, "machine") }
        if counts.conflictCopies > 0 { line += "; " + Quantity.text(counts.conflictCopies, "conflict copy", plural: "conflict copies") + " read" }
        if !counts.damaged.isEmpty { line += "; damaged, read up to the damage: " + counts.damaged.map { TextSanitizer.singleLine.sanitize($0) }.joined(separator: ", ") }
        return line + "."
    }
}
