import CSQLite
import Foundation
import SQLiteDatabase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the database file lives: the path the program chose, else `wwdc.sqlite` in wwdc's data
/// folder (``dataFolder(_:)``).
public enum StoreLocation {
    /// The database path: `explicitPath` unless empty, else the data folder's `wwdc.sqlite`.
    public static func resolve(explicitPath: String? = nil, folders: UserFolders) throws -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        return try dataFolder(folders) + "/wwdc.sqlite"
    }

    /// The folder of wwdc's data: `<dataHome>/wwdc`, else `<home>/.local/share/wwdc` (wherever the
    /// database itself is).
    public static func dataFolder(_ folders: UserFolders) throws -> String {
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = folders.dataHome, dataHome.hasPrefix("/") {
            return dataHome + "/wwdc"
        }
        guard let home = folders.home.flatMap({ $0.isEmpty ? nil : $0 }) ?? UserFolders.accountHome() else {
            throw DatabaseError(extendedCode: SQLITE_CANTOPEN, message: "cannot find a home folder for the database (HOME is not set)",
                                condition: .noHomeFolder)
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
                throw DatabaseError(extendedCode: SQLITE_CANTOPEN, message: "\(folder) exists and is not a folder", path: folder,
                                    condition: .notAFolder(folder))
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
}
