import Foundation

/// Where downloaded videos go: `--dir`, else `$WWDC_DOWNLOAD_DIR`, else `$XDG_DATA_HOME/wwdc/downloads`
/// (`~/.local/share/wwdc/downloads`). A relative folder is taken from the current directory.
public enum DownloadFolder {
    /// The folder for these inputs, absolute.
    public static func resolve(explicitPath: String? = nil, environment: [String: String]) throws -> String {
        let chosen = [explicitPath, environment["WWDC_DOWNLOAD_DIR"]].compactMap { $0 }.first { !$0.isEmpty }
        guard let chosen else { return try StoreLocation.dataFolder(environment: environment) + "/downloads" }
        let expanded = (chosen as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return (absolute as NSString).standardizingPath
    }

    /// The folder of the locks that keep two processes from writing one file.
    public static func lockFolder(environment: [String: String]) throws -> String {
        try StoreLocation.dataFolder(environment: environment) + "/locks"
    }
}
