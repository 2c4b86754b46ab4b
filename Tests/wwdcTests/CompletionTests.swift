import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc completion bash` is valid bash and completes commands, options, option
/// values and session ids, for every command of the table. zsh and fish scripts are checked by
/// their shells when installed.
@Suite("browsing: shell completion", .offThePool)
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
        // Days of the current event only (Monday 8 June to Friday 12 June 2026).
        #expect(try await Self.complete(["wwdc", "schedule", "--day", "t"], script: script, store: store) == ["tue", "thu"])
        #expect(try await Self.complete(["wwdc", "schedule", "--day", "2"], script: script, store: store)
                    == ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12"])
        #expect(Set(try await Self.complete(["wwdc", "videos", "--event", ""], script: script, store: store)) == ["wwdc2025", "wwdc2026", "wwdc2027", "news", "articles", "tech-talks"])
        #expect(try await Self.complete(["wwdc", "completion", "z"], script: script, store: store) == ["zsh"])
        let files = try await Self.complete(["wwdc", "export", "--output", store.sandbox.directory.path("wwdc.b").path], script: script, store: store)
        #expect(files == [store.sandbox.directory.path("wwdc.bash").path])
    }

    @Test("bash: option values from the store; 'favorite remove' offers favorites only, 'rm' too")
    func storedValues() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("bash", store)
        #expect(try await Self.complete(["wwdc", "schedule", "--track", "App"], script: script, store: store) == ["App\\ Frameworks"])
        #expect(try await Self.complete(["wwdc", "schedule", "--track", "dev"], script: script, store: store) == ["Developer\\ Tools"])
        #expect(try await Self.complete(["wwdc", "schedule", "--type", "L"], script: script, store: store) == ["Lab"])
        #expect(try await Self.complete(["wwdc", "schedule", "--platform", "vis"], script: script, store: store) == ["visionOS"])
        #expect(try await Self.complete(["wwdc", "videos", "--topic", "Ess"], script: script, store: store) == ["Essentials"])
        try store.favorite(["wwdc2026-301", "wwdc2025-203"])
        #expect(try await Self.complete(["wwdc", "favorite", "remove", ""], script: script, store: store) == ["wwdc2025-203", "wwdc2026-301"])
        #expect(try await Self.complete(["wwdc", "favorite", "rm", "3"], script: script, store: store) == ["301"])
        #expect(try await Self.complete(["wwdc", "favorite", "remove", "30"], script: script, store: store) == ["301"])
        // Session ids by number within the current event only (wwdc2027-301 is not offered as 301 twice).
        let numbers = try await Self.complete(["wwdc", "session", "30"], script: script, store: store)
        #expect(numbers.starts(with: ["301", "302", "303", "304"]) && Set(numbers).count == numbers.count, "\(numbers)")
    }

    /// What zsh's `_wwdc` offers for the words typed, with the completion system's builtins
    /// replaced by functions that print what they are given (zsh runs, not a widget).
    static func zshComplete(_ words: [String], script: URL, store: BrowseSandbox) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            compdef() { : }
            _describe() { local name=${@[-1]}; print -l -- ${${(P)name}%%:*} }
            compadd() { [[ $1 == -a ]] && print -l -- ${(P)2} }
            _files() { print -- '<files>' }
            source '\(script.path)'
            words=(\(quoted)); CURRENT=\(words.count)
            _wwdc
            """
        var environment = store.sandbox.environment()
        environment["PATH"] = CommandRunner.wwdc.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let settings = environment
        let result = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["zsh", "-f", "-c", program], environment: settings) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// What fish offers for a command line (`complete -C`, as at a prompt).
    static func fishComplete(_ line: String, script: URL, store: BrowseSandbox) async throws -> [String] {
        var environment = store.sandbox.environment()
        environment["PATH"] = CommandRunner.wwdc.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let settings = environment
        let program = "source '\(script.path)'; complete -C '\(line.replacingOccurrences(of: "'", with: "\\'"))'"
        let result = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["fish", "--no-config", "-c", program], environment: settings) }
        #expect(result.status == 0, "\(result.stderr)")
        // `complete -C` prints the value, then a tab and its description.
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    @Test("zsh runs the script: commands, options, stored values, favorites, session numbers",
          .enabled(if: CompletionTests.installed("zsh"), "zsh is not installed"))
    func zshCompletes() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("zsh", store)
        try store.favorite(["wwdc2026-301"])
        #expect(try await Self.zshComplete(["wwdc", "sch"], script: script, store: store).contains("schedule"))
        #expect(try await Self.zshComplete(["wwdc", "favorite", ""], script: script, store: store) == ["add", "remove", "list"])
        #expect(try await Self.zshComplete(["wwdc", "schedule", "--track", "App"], script: script, store: store) == ["App Frameworks"])
        #expect(try await Self.zshComplete(["wwdc", "schedule", "--day", "t"], script: script, store: store) == ["tue", "thu"])
        #expect(try await Self.zshComplete(["wwdc", "favorite", "rm", ""], script: script, store: store) == ["wwdc2026-301"])
        #expect(try await Self.zshComplete(["wwdc", "session", "30"], script: script, store: store).prefix(4) == ["301", "302", "303", "304"])
        #expect(try await Self.zshComplete(["wwdc", "export", "--output", ""], script: script, store: store) == ["<files>"])
    }

    @Test("fish runs the script: commands, options, stored values, favorites, session numbers",
          .enabled(if: CompletionTests.installed("fish"), "fish is not installed"))
    func fishCompletes() async throws {
        let store = try await BrowseSandbox.synced()
        defer { store.remove() }
        let script = try await Self.script("fish", store)
        try store.favorite(["wwdc2026-301"])
        #expect(try await Self.fishComplete("wwdc sch", script: script, store: store) == ["schedule"])
        #expect(try await Self.fishComplete("wwdc favorite ", script: script, store: store) == ["add", "list", "remove"])
        #expect(try await Self.fishComplete("wwdc schedule --track App", script: script, store: store) == ["App Frameworks"])
        #expect(try await Self.fishComplete("wwdc schedule --day t", script: script, store: store) == ["thu", "tue"])
        #expect(try await Self.fishComplete("wwdc favorite rm ", script: script, store: store) == ["wwdc2026-301"])
        #expect(try await Self.fishComplete("wwdc session 30", script: script, store: store).prefix(4) == ["301", "302", "303", "304"])
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
