import Foundation

/// Apple's real feeds kept beside the project, in `<package root>/../shared/apple-feeds/<name>`
/// (absent on a user's fresh clone: tests needing them skip then). Their text is read at test time
/// only, never copied into the project.
public enum AppleFeeds {
    /// The folder holding every copy. `WWDC_TEST_APPLE_FEEDS_ROOT` points elsewhere (to check that
    /// the tests skip cleanly when the folder is absent).
    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["WWDC_TEST_APPLE_FEEDS_ROOT"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return ProjectPaths.root.deletingLastPathComponent().appendingPathComponent("shared/apple-feeds", isDirectory: true)
    }

    /// The copy `name` (`2017`, `2020b`), or nil when it is absent (no `config.json` and `contents.json`).
    public static func folder(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name, isDirectory: true)
        let manager = FileManager.default
        guard manager.fileExists(atPath: url.appendingPathComponent("config.json").path),
              manager.fileExists(atPath: url.appendingPathComponent("contents.json").path) else { return nil }
        return url
    }

    /// True when the copy `name` is there.
    public static func has(_ name: String) -> Bool { folder(name) != nil }

    /// A JSON file of the copy `name`, parsed with `JSONSerialization` (not the program's decoder).
    public static func json(_ name: String, _ file: String) throws -> Any {
        guard let folder = folder(name) else { throw Missing(name: name) }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file)))
    }

    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String { "../shared/apple-feeds/\(name) is absent" }
    }
}
