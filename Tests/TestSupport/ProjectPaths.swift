import Foundation

/// Where the project's files are, found from this source file (tests run from any directory).
public enum ProjectPaths {
    /// The package root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the Swift sources of the target `name` (its folder under Sources) say any of `words`,
    /// ignoring case: "file: word" for each, in file order; empty when none does (or no file is there).
    public static func sources(of name: String, saying words: [String]) throws -> [String] {
        let folder = root.appendingPathComponent("Sources/\(name)")
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        let files = names.filter { $0.hasSuffix(".swift") }.sorted()
        guard !files.isEmpty else { return ["no Swift sources in \(folder.path)"] }
        return try files.flatMap { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).lowercased()
            return words.filter { text.contains($0.lowercased()) }.map { "\(file): \($0)" }
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
