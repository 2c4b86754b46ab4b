import Foundation
import Testing

/// The generic layers know no app: their code (comments aside, where examples may name one) names
/// neither wwdc nor a conference, so a thread, a queue or a message of theirs is the layer's own.
@Suite("Generic layers speak no app")
struct GenericLayersTests {
    static let generic = ["Operations", "TerminalUI", "SQLiteDatabase", "CommandLineKit", "MCPServer", "PlainText", "JSON", "terminal-demo"]

    @Test("no generic layer's code says wwdc or conference", arguments: generic)
    func noAppWord(target: String) throws {
        let files = PackageFiles.swiftFiles(in: "Sources/\(target)")
        #expect(!files.isEmpty)
        var found: [String] = []
        for file in files {
            for (number, line) in try PackageFiles.text(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let lowered = code.lowercased()
                if lowered.contains("wwdc") || lowered.contains("conference") { found.append("\(file):\(number + 1): \(code)") }
            }
        }
        #expect(found == [])
    }
}
