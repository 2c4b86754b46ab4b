import Foundation

/// Where the `terminal-demo` executable is: beside the test bundle in the build products folder.
enum DemoProgram {
    static let path: String? = {
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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(root.appendingPathComponent(".build/debug"))
        return folders
            .map { $0.appendingPathComponent("terminal-demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The path, or a failure that says how to build it.
    static func require() throws -> String {
        guard let path else {
            throw Missing()
        }
        return path
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "terminal-demo was not found beside the test bundle; build it with `swift build --product terminal-demo` (swift test builds it)"
        }
    }
}
