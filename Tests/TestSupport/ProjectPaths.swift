import Foundation

/// Where the project's files are, found from this source file (tests run from any directory).
public enum ProjectPaths {
    /// The package root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift sources of the target `name` (its folder under Sources), by path within it, in name order.
    public static func swiftSources(of name: String) throws -> [(name: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/\(name)")
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The bundled sample conference.
    public static var fixtures: URL { root.appendingPathComponent("Fixtures") }

    /// The reference conference server script.
    public static var server: URL { root.appendingPathComponent("Tests/Server/conference_server.py") }

    /// Apple's real 2017 feeds in `../shared`, or nil when absent (a user's fresh clone): skip then.
    public static var appleFeeds2017: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/apple-feeds/2017")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("contents.json").path) ? url : nil
    }

    /// Apple's real transcript samples in `../shared`, or nil when absent: skip then.
    public static var appleTranscripts: URL? {
        let url = AppleFeeds.root.appendingPathComponent("transcripts")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("transcript-manifest-eng.json").path) ? url : nil
    }

    /// The folder with the built products (the test bundle sits beside the `wwdc` binary).
    public static var products: URL {
        #if canImport(Darwin)
        return Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
        #else
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #endif
    }
}
