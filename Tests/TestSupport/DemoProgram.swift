import Foundation

/// Where a demo executable the terminal tests drive is (`terminal-demo`, `conference-terminal-demo`):
/// beside the test bundle in the build products folder.
public enum DemoProgram {
    /// The path of the executable `name`, or nil when it was not built.
    public static func path(_ name: String = "terminal-demo") -> String? {
        var folders: [URL] = []
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        folders.append(me.deletingLastPathComponent())
        // The packageroot/.build/debug fallback, for runners that start the tests from elsewhere.
        folders.append(ProjectPaths.root.appendingPathComponent(".build/debug"))
        return folders
            .map { $0.appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The path, or a failure that says how to build it.
    public static func require(_ name: String = "terminal-demo") throws -> String {
        guard let path = path(name) else { throw Missing(name: name) }
        return path
    }

    public struct Missing: Error, CustomStringConvertible {
        let name: String
        public var description: String {
            "\(name) was not found beside the test bundle; build it with `swift build --product \(name)` (swift test builds it)"
        }
    }
}
