import Foundation

/// The names of a sync folder's files: each machine's journal and snapshot, and the copies
/// replicators make of them when two versions meet (read as files of the same machine).
public enum SyncFolderFileName {
    /// What a file holds.
    public enum Role: String, Sendable { case journal, snapshot }

    /// `<machine>.journal`.
    public static func journal(_ machine: String) -> String { machine + ".journal" }
    /// `<machine>.snapshot`.
    public static func snapshot(_ machine: String) -> String { machine + ".snapshot" }

    /// The machine and the role of a file of the folder, its replicator's conflict marker taken
    /// out; nil for a file that is not one of wwdc's (temporary files, a replicator's own, a
    /// dotfile, anything else).
    public static func parse(_ name: String) -> (machine: String, role: Role, isConflictCopy: Bool)? {
        guard !name.hasPrefix("."), !name.hasPrefix("~"), !name.hasSuffix(".tmp") else { return nil }
        let base = withoutConflictMarker(name)
        for role in [Role.journal, .snapshot] where base.hasSuffix("." + role.rawValue) {
            let machine = String(base.dropLast(role.rawValue.count + 1))
            guard MachineID.isValid(machine) else { return nil }
            return (machine, role, base != name)
        }
        return nil
    }

    /// Conflict markers: Syncthing's `.sync-conflict-<date>-<time>-<device>`, Dropbox's and
    /// Nextcloud's ` (… conflicted copy …)` (with a ` (1)` after it), ownCloud's and older
    /// Nextcloud's `_conflict-<date>-<time>`.
    private static let markers: [NSRegularExpression] = [
        #"\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}"#,
        #"\s\((?:[^()]*\s)?conflicted copy(?:\s[^()]*)?\)(?:\s\(\d+\))?"#,
        #"_conflict-\d{8}-\d{6}"#,
    ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }

    /// `name` with the first replicator's conflict marker found taken out.
    public static func withoutConflictMarker(_ name: String) -> String {
        let range = NSRange(name.startIndex..., in: name)
        for marker in markers {
            if let match = marker.firstMatch(in: name, range: range), let found = Range(match.range, in: name) {
                return name.replacingCharacters(in: found, with: "")
            }
        }
        return name
    }
}
