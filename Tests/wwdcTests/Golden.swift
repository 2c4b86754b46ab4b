import Foundation
import Testing

/// Expected outputs kept in `Golden/`. `WWDC_UPDATE_GOLDEN=1 swift test --filter wwdcTests` rewrites
/// them from the program: read the diff before committing, a golden is only as good as its review.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WWDC_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("missing golden file \(name): run with WWDC_UPDATE_GOLDEN=1 and review it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = line < expectedLines.count ? String(expectedLines[line]) : "(end of file)"
        let got = line < actualLines.count ? String(actualLines[line]) : "(end of output)"
        Issue.record("\(name) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)", sourceLocation: sourceLocation)
    }
}
