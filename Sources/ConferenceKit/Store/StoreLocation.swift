import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the database file lives: an explicit path (the `--db` flag), else `$WWDC_DB`, else
/// `$XDG_DATA_HOME/wwdc/wwdc.sqlite`, else `~/.local/share/wwdc/wwdc.sqlite`.
public enum StoreLocation {
    /// The database path for these inputs; `environment` is passed in so callers and tests need not
    /// touch the process environment.
    public static func resolve(explicitPath: String? = nil, environment: [String: String]) throws -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let path = environment["WWDC_DB"], !path.isEmpty { return path }
        return try dataFolder(environment: environment) + "/wwdc.sqlite"
    }

    /// The folder of wwdc's data: `$XDG_DATA_HOME/wwdc`, else `~/.local/share/wwdc` (whatever `--db`
    /// or `WWDC_DB` say about the database).
    public static func dataFolder(environment: [String: String]) throws -> String {
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/wwdc"
        }
        guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? passwordDatabaseHome() else {
            throw DatabaseError(
                extendedCode: SQLITE_CANTOPEN, message: "cannot find a home folder for the database (HOME is not set)",
                suggestion: "Set HOME or XDG_DATA_HOME, or choose a database file with --db or WWDC_DB.")
        }
        return home + "/.local/share/wwdc"
    }

    /// Creates the folders leading to `path` that do not exist yet, each with mode 0700.
    ///
    /// Existing folders are left as they are.
    public static func prepareFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        try createFolder(folder)
    }

    private static func createFolder(_ folder: String) throws {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw DatabaseError(
                    extendedCode: SQLITE_CANTOPEN, message: "\(folder) exists and is not a folder", path: folder,
                    suggestion: "Move \(folder) aside, or choose another database file with --db or WWDC_DB.")
            }
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder { try createFolder(parent) }
        if mkdir(folder, 0o700) == 0 {
            // The umask could only remove permissions; this makes the mode exact for folders we made.
            chmod(folder, 0o700)
        } else if errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw DatabaseError(
                extendedCode: SQLITE_CANTOPEN, message: "cannot create folder \(folder): \(reason)", path: folder)
        }
    }

    private static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
