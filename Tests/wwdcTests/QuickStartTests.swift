import Foundation
import TestSupport
import TestTraits
import Testing

/// The README's Quick start, run as a new user would: its commands must stay true.
@Suite("README: the Quick start", .offThePool)
struct QuickStartTests {
    /// The commands of the Quick start's code blocks, as written (comments taken off).
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: ProjectPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Quick start\n"))
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { line in
            let command = line.range(of: "  #").map { line[..<$0.lowerBound] } ?? line[...]
            return command.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("the Quick start syncs, names what to run next, and each of its wwdc commands runs as written from a fresh home")
    func commandsRun() async throws {
        let commands = try Self.commands()
        #expect(commands.first == "swift run wwdc sync", "\(commands)")
        #expect(commands.contains("make test"), "\(commands)")
        let runs = commands.compactMap { command -> [String]? in
            for prefix in ["swift run wwdc ", "wwdc "] where command.hasPrefix(prefix) {
                return command.dropFirst(prefix.count).split(separator: " ").map(String.init)
            }
            return nil
        }
        // After the sync, something to browse it with.
        #expect(runs.dropFirst().contains { $0.first != "sync" }, "\(commands)")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for arguments in runs {
            let result = try await sandbox.run(arguments, environment: ["WWDC_NOW": BrowseSandbox.now])
            #expect(result.status == 0, "wwdc \(arguments.joined(separator: " ")): \(result.stderr)")
            if arguments.first != "sync" {
                #expect(!result.stdout.isEmpty, "wwdc \(arguments.joined(separator: " ")) printed nothing: \(result.stderr)")
            }
        }
    }
}
