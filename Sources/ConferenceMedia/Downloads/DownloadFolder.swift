import ConferenceData
import Foundation

/// Where downloaded videos go: the folder the program chose, else `downloads` in wwdc's data folder
/// (`~/.local/share/wwdc/downloads`). A relative folder is taken from the current directory.
public enum DownloadFolder {
    /// The folder: `explicitPath` unless empty, else the data folder's; absolute.
    public static func resolve(explicitPath: String? = nil, folders: UserFolders) throws -> String {
        guard let chosen = explicitPath, !chosen.isEmpty else { return try StoreLocation.dataFolder(folders) + "/downloads" }
        let expanded = (chosen as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return (absolute as NSString).standardizingPath
    }

    /// The folder of the locks that keep two processes from writing one file.
    public static func lockFolder(_ folders: UserFolders) throws -> String {
        try StoreLocation.dataFolder(folders) + "/locks"
    }
}
