import Foundation

/// Finds the bundled sample conference: installed under `PREFIX/share/wwdc/Fixtures` beside
/// `PREFIX/bin/wwdc`, or in the checkout the binary was built in (`.build/<config>/wwdc`).
enum SampleConference {
    static func locate(executable: URL = SampleConference.executableURL) -> URL? {
        let binDirectory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [binDirectory.deletingLastPathComponent().appendingPathComponent("share/wwdc/Fixtures")]
        var directory = binDirectory
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("Fixtures"))
            directory = directory.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("config.json").path) }
    }

    static var executableURL: URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
