import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc help --man`: the manual page, generated from the command table, renders with `man -l`
/// and holds every command; help points at it, never at the README (which is not installed).
@Suite("manual page", .offThePool)
struct ManualPageTests {
    static let man = ["/usr/bin/man", "/bin/man", "/usr/local/bin/man"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("renders with man -l, without warnings, and names every command, the config keys and the exit statuses",
          .enabled(if: ManualPageTests.man != nil, "man is not installed"))
    func renders() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let page = try await sandbox.run(["help", "--man"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.hasPrefix(#".\" The manual page of wwdc"#))
        let file = sandbox.directory.path("wwdc.1")
        try Data(page.stdout.utf8).write(to: file)
        var environment = sandbox.environment()
        environment["MANWIDTH"] = "100"
        environment["LANG"] = "C.UTF-8"
        let settings = environment
        let man = try #require(Self.man)
        let rendered = try await CommandRunner.run(URL(fileURLWithPath: man), ["--warnings", "-l", "-P", "cat", file.path], environment: settings)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "groff warnings: \(rendered.stderr)")
        // Joined lines: man may hyphenate or break a heading's words across lines.
        let text = rendered.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let paths = try await sandbox.run(["__commands"]).stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("__") }
        #expect(paths.count > 20 && paths.contains("config set"))
        for path in paths {
            #expect(text.contains { $0 == "wwdc \(path)" || $0.hasPrefix("wwdc \(path),") }, "no heading for 'wwdc \(path)'")
        }
        #expect(text.contains("wwdc favorite remove, wwdc favorite rm"))
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "JSON OUTPUT", "CONFIGURATION", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(text.contains(section), "\(section)")
        }
        for key in ["source (WWDC_SOURCE)", "download-dir (WWDC_DOWNLOAD_DIR)", "jobs (WWDC_JOBS)", "pager (WWDC_PAGER)"] {
            #expect(text.contains(key), "\(key)")
        }
        // Every option of a command, as its help lists it (here: sync's).
        #expect(text.contains("--rebuild") && text.contains("--source <url|path|apple>"))
    }

    @Test("help points at 'man wwdc', never at the README")
    func helpPointsAtManual() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let root = try await sandbox.run(["help"])
        #expect(root.stdout.contains("See 'man wwdc' for the manual"), "\(root.stdout)")
        let paths = try await sandbox.run(["__commands"]).stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("__") }
        for path in paths {
            let help = try await sandbox.run(path.split(separator: " ").map(String.init) + ["--help"])
            #expect(!help.stdout.contains("README"), "\(path): \(help.stdout)")
        }
    }
}
