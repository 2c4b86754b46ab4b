import Foundation
import TestSupport
import Testing

/// `wwdc completion bash` is valid bash and completes commands, options, option
/// values and session ids, for every command of the table. zsh and fish scripts are checked by
/// their shells when installed.
@Suite("browsing: shell completion")
struct CompletionTests {
    static func installed(_ shell: String) -> Bool {
        ["/bin/", "/usr/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + shell) }
    }

    /// Writes `wwdc completion <shell>` to a file in the sandbox.
    static func script(_ shell: String, _ store: BrowseSandbox) async throws -> URL {
        let result = try await store.run(["completion", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let url = store.sandbox.directory.path("wwdc.\(shell)")
        try Data(result.stdout.utf8).write(to: url)
        return url
    }

    /// What `_wwdc` offers for the words typed (the last one is being completed).
    static func complete(_ words: [String], script: URL, store: BrowseSandbox) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _wwdc
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // The script runs `wwdc __complete-ids` through the PATH, as in a user's shell.
        var environment = store.sandbox.environment()
        environment["PATH"] = CommandRunner.wwdc.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let settings = environment
        let result = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", program], environment: settings) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash: valid syntax; 'wwdc sch' completes to 'schedule'")
    func bashBasics() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("bash", store)
        let check = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-n", script.path]) }
        #expect(check.status == 0, "bash -n: \(check.stderr)")
        #expect(try await Self.complete(["wwdc", "sch"], script: script, store: store) == ["schedule"])
        #expect(try await Self.complete(["wwdc", "fav"], script: script, store: store) == ["favorite"])
        #expect(try await Self.complete(["wwdc", "favorite", "r"], script: script, store: store) == ["remove"])
        #expect(try await Self.complete(["wwdc", "help", "sess"], script: script, store: store) == ["session"])
    }

    @Test("bash: every command of the table completes, with every option its help lists")
    func everyCommand() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("bash", store)
        let paths = try await store.run(["__commands"]).stdout.split(separator: "\n").map(String.init)
        #expect(paths.contains("schedule") && paths.contains("favorite add") && paths.contains("completion"))
        let visible = paths.filter { !$0.hasPrefix("__") }
        let topLevel = Set(visible.filter { !$0.contains(" ") } + ["help"])
        #expect(Set(try await Self.complete(["wwdc", ""], script: script, store: store)) == topLevel)
        for path in visible {
            let help = try await store.run(path.split(separator: " ").map(String.init) + ["--help"]).stdout
            // The option column only (the synopsis before the help text, which may mention other flags).
            let listed = Set(help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                line.split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasPrefix("<") }
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { $0.hasPrefix("-") }
            })
            #expect(listed.contains("--help"), "\(path)")
            let offered = Set(try await Self.complete(["wwdc"] + path.split(separator: " ").map(String.init) + ["-"], script: script, store: store))
            #expect(listed.isSubset(of: offered), "\(path): --help lists \(listed.subtracting(offered).sorted()) but completion does not offer them")
        }
    }

    @Test("bash: session ids from the store, option values, files")
    func values() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("bash", store)
        let hostile = ["wwdc2026-990", "wwdc2026-991", "wwdc2026-992", "wwdc2026-993"]
        #expect(try await Self.complete(["wwdc", "session", "wwdc2026-99"], script: script, store: store) == hostile)
        #expect(try await Self.complete(["wwdc", "watch", "99"], script: script, store: store) == ["990", "991", "992", "993"])
        #expect(try await Self.complete(["wwdc", "favorite", "add", "wwdc2027-1"], script: script, store: store) == ["wwdc2027-101"])
        #expect(try await Self.complete(["wwdc", "schedule", "--day", "t"], script: script, store: store) == ["today", "tomorrow", "tue", "thu"])
        #expect(Set(try await Self.complete(["wwdc", "videos", "--event", ""], script: script, store: store)) == ["wwdc2025", "wwdc2026", "wwdc2027", "news", "articles", "tech-talks"])
        #expect(try await Self.complete(["wwdc", "completion", "z"], script: script, store: store) == ["zsh"])
        let files = try await Self.complete(["wwdc", "export", "--output", store.sandbox.directory.path("wwdc.b").path], script: script, store: store)
        #expect(files == [store.sandbox.directory.path("wwdc.bash").path])
    }

    @Test("zsh script passes zsh -n", .enabled(if: CompletionTests.installed("zsh"), "zsh is not installed"))
    func zsh() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("zsh", store)
        let check = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["zsh", "-n", script.path]) }
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("fish script passes fish -n", .enabled(if: CompletionTests.installed("fish"), "fish is not installed"))
    func fish() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("fish", store)
        let check = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["fish", "-n", script.path]) }
        #expect(check.status == 0, "\(check.stderr)")
    }
}
