import PersonalSync
import Foundation
import TestSupport
import TestTraits
import Testing

/// What a shared folder can plant for git, met where an attacker would have it met: `wwdc sync
/// --sync-folder` on a folder that is a clone of a bare remote (or that a replicator made a
/// repository of), its `.git` written by someone else. Each plant names a command that touches a
/// marker file: it must never run. A configuration wwdc refuses leaves the folder exchanged as a
/// plain folder, with one line naming the key; a plain one is used, with git's hooks, filters and
/// monitors pinned off.
@Suite("sync folder: what a shared folder plants for git", .offThePool)
struct SyncFolderGitPlantTests {
    /// One plant: what it writes, and the key wwdc names (nil: git is used, with what it pins).
    struct Plant: CustomStringConvertible, Sendable {
        var description: String
        /// The key the skip line names; nil when git runs (pinned) and the exchange goes through it.
        var refusedKey: String?
        /// Environment variables the sync runs with besides the sandbox's.
        var environment: @Sendable (Paths) -> [String: String] = { _ in [:] }
        var plant: @Sendable (Paths) throws -> Void
    }

    struct Paths: Sendable {
        /// The sync folder (a clone of `remote`).
        var folder: String
        var remote: String
        /// The file a planted command touches.
        var marker: String
        /// A scratch folder outside the sync folder.
        var elsewhere: String
        /// The sandbox's home (its git configuration is the user's).
        var home: String
    }

    static func git(_ arguments: [String], in directory: String, home: String) throws -> CommandResult {
        try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", directory] + arguments,
                              environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "GIT_CONFIG_NOSYSTEM": "1"])
    }

    /// Sets `key` to `value` in the folder's `.git/config`, as a replicator would bring it.
    static func set(_ key: String, _ value: String, _ paths: Paths) throws {
        let result = try git(["config", "--file", paths.folder + "/.git/config", key, value], in: paths.elsewhere, home: paths.home)
        guard result.status == 0 else { throw BrowseSandbox.Failure(message: "git config \(key): \(result.stderr)") }
    }

    /// An executable script that touches the marker.
    static func script(_ path: String, _ paths: Paths) throws {
        try "#!/bin/sh\ntouch '\(paths.marker)'\nexit 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    static let plants: [Plant] = [
        Plant(description: "a remote named --upload-pack=<command>", refusedKey: "remote.--upload-pack") { paths in
            _ = try git(["remote", "remove", "origin"], in: paths.folder, home: paths.home)
            let name = "--upload-pack=touch \(paths.marker);git-upload-pack"
            try set("remote.\(name).url", paths.remote, paths)
            try set("branch.main.remote", name, paths)
        },
        Plant(description: "core.fsmonitor", refusedKey: "core.fsmonitor") { paths in
            try set("core.fsmonitor", "touch \(paths.marker); false", paths)
        },
        Plant(description: "remote.origin.uploadpack", refusedKey: "remote.origin.uploadpack") { paths in
            try set("remote.origin.uploadpack", "touch \(paths.marker); git-upload-pack", paths)
        },
        Plant(description: "remote.origin.receivepack", refusedKey: "remote.origin.receivepack") { paths in
            try set("remote.origin.receivepack", "touch \(paths.marker); git-receive-pack", paths)
        },
        Plant(description: "a post-commit hook (it runs despite --no-verify)", refusedKey: nil) { paths in
            try script(paths.folder + "/.git/hooks/post-commit", paths)
        },
        Plant(description: "a pre-push hook", refusedKey: nil) { paths in
            try script(paths.folder + "/.git/hooks/pre-push", paths)
        },
        Plant(description: "gpg.program with commit.gpgSign", refusedKey: "gpg.program") { paths in
            try script(paths.elsewhere + "/gpg", paths)
            try set("gpg.program", paths.elsewhere + "/gpg", paths)
            try set("commit.gpgSign", "true", paths)
        },
        Plant(description: "a filter in the configuration with a .gitattributes", refusedKey: "filter.planted.clean") { paths in
            try set("filter.planted.clean", "touch \(paths.marker); cat", paths)
            try "* filter=planted\n".write(toFile: paths.folder + "/.gitattributes", atomically: true, encoding: .utf8)
        },
        Plant(description: "a .gitattributes naming a filter of the user's own configuration", refusedKey: nil) { paths in
            try FileManager.default.createDirectory(atPath: paths.home + "/config/git", withIntermediateDirectories: true)
            try "[filter \"users\"]\n\tclean = touch \(paths.marker); cat\n\tsmudge = touch \(paths.marker); cat\n"
                .write(toFile: paths.home + "/config/git/config", atomically: true, encoding: .utf8)
            try "* filter=users\n".write(toFile: paths.folder + "/.gitattributes", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: paths.folder + "/.git/info", withIntermediateDirectories: true)
            try "* filter=users\n".write(toFile: paths.folder + "/.git/info/attributes", atomically: true, encoding: .utf8)
        },
        Plant(description: "core.sshCommand with an ssh remote", refusedKey: "core.sshcommand") { paths in
            try set("core.sshCommand", "touch \(paths.marker); false", paths)
            try set("remote.origin.url", "ssh://example.invalid/remote.git", paths)
        },
        Plant(description: "an ext:: remote", refusedKey: "remote.origin.url") { paths in
            try set("protocol.ext.allow", "always", paths)
            try set("remote.origin.url", "ext::sh -c touch% \(paths.marker)", paths)
        },
        Plant(description: "an insteadOf to an ext:: address", refusedKey: "url.ext::sh") { paths in
            try set("remote.origin.url", "https://example.invalid/remote.git", paths)
            // git runs `sh -c "touch <marker>;remote.git"`.
            try set("url.ext::sh -c touch% \(paths.marker);.insteadOf", "https://example.invalid/", paths)
            try set("protocol.ext.allow", "always", paths)
        },
        Plant(description: "include.path naming a configuration with core.fsmonitor", refusedKey: "include.path") { paths in
            try "[core]\n\tfsmonitor = touch \(paths.marker); false\n".write(toFile: paths.elsewhere + "/included", atomically: true, encoding: .utf8)
            try set("include.path", paths.elsewhere + "/included", paths)
        },
        Plant(description: "a .git file pointing to a repository elsewhere", refusedKey: ".git is not a folder") { paths in
            // The clone's repository moved out, a pointer left in its place, its configuration made hostile.
            try FileManager.default.moveItem(atPath: paths.folder + "/.git", toPath: paths.elsewhere + "/moved.git")
            try "gitdir: \(paths.elsewhere)/moved.git\n".write(toFile: paths.folder + "/.git", atomically: true, encoding: .utf8)
            _ = try git(["config", "--file", paths.elsewhere + "/moved.git/config", "core.worktree", paths.folder], in: paths.elsewhere, home: paths.home)
            _ = try git(["config", "--file", paths.elsewhere + "/moved.git/config", "core.fsmonitor", "touch \(paths.marker); false"],
                        in: paths.elsewhere, home: paths.home)
        },
        Plant(description: "a whole .git a replicator brought, hooks of every kind in it, its configuration a clone's", refusedKey: nil) { paths in
            // A clone made elsewhere, hooks added, its .git copied into the folder in place of the folder's own.
            let brought = paths.elsewhere + "/brought"
            _ = try git(["clone", "--quiet", paths.remote, brought], in: paths.elsewhere, home: paths.home)
            _ = try git(["checkout", "--quiet", "-B", "main"], in: brought, home: paths.home)
            for hook in ["post-commit", "pre-commit", "commit-msg", "pre-push", "post-checkout", "post-rewrite", "pre-rebase",
                         "reference-transaction", "post-index-change", "fsmonitor-watchman"] {
                try script(brought + "/.git/hooks/" + hook, paths)
            }
            try FileManager.default.removeItem(atPath: paths.folder + "/.git")
            try FileManager.default.copyItem(atPath: brought + "/.git", toPath: paths.folder + "/.git")
        },
        Plant(description: "a configuration in GIT_CONFIG_* variables wwdc inherits", refusedKey: nil,
              environment: { paths in ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": "touch \(paths.marker); false"] },
              plant: { _ in }),
        Plant(description: "GIT_DIR naming another repository, inherited", refusedKey: nil,
              environment: { paths in ["GIT_DIR": paths.elsewhere + "/other.git"] }) { paths in
            _ = try git(["init", "--quiet", "--bare", paths.elsewhere + "/other.git"], in: paths.elsewhere, home: paths.home)
            try script(paths.elsewhere + "/other.git/hooks/post-commit", paths)
        },
    ]

    @Test("a planted command never runs; a refused configuration leaves a plain-folder exchange and one line naming the key", arguments: plants)
    func plant(_ plant: Plant) async throws {
        let a = try await BrowseSandbox.synced()
        defer { a.remove() }
        let root = a.sandbox.directory.url.path
        let paths = Paths(folder: root + "/shared", remote: root + "/remote.git", marker: root + "/planted-command-ran",
                          elsewhere: root + "/elsewhere", home: root)
        try FileManager.default.createDirectory(atPath: paths.elsewhere, withIntermediateDirectories: true)
        #expect(try Self.git(["init", "--quiet", "--bare", "--initial-branch=main", paths.remote], in: root, home: root).status == 0)
        #expect(try Self.git(["clone", "--quiet", paths.remote, paths.folder], in: root, home: root).status == 0)
        _ = try Self.git(["checkout", "--quiet", "-B", "main"], in: paths.folder, home: root)
        // Another machine's change, in the folder as a plain file: what a plain-folder exchange receives.
        // Dated before the sandbox's now (WWDC_NOW), so it is not left for later.
        let clock = HybridTimestamp(wall: 1_767_225_600_000, counter: 0, machine: "0123456789abcdef").description
        try SyncFolderCommandTests.journal(machine: "0123456789abcdef", [("note", "wwdc2026-102", #"{"text":"from the other machine"}"#, clock)])
            .write(toFile: paths.folder + "/0123456789abcdef.journal", atomically: true, encoding: .utf8)
        #expect(try await a.run(["favorite", "add", "101"]).status == 0)
        try plant.plant(paths)

        let sync = try await a.run(["sync", "--sync-folder", paths.folder, "--json"], environment: plant.environment(paths))
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(!FileManager.default.fileExists(atPath: paths.marker), "the planted command ran: \(sync.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any], "\(sync.stdout)")
        let counts = try #require(summary["syncFolder"] as? [String: Any])
        #expect(counts["sent"] as? Int == 1 && counts["received"] as? Int == 1, "\(counts)")
        #expect(try await a.run(["session", "102"]).stdout.contains("from the other machine"))
        let ownJournals = try FileManager.default.contentsOfDirectory(atPath: paths.folder)
            .filter { $0.hasSuffix(".journal") && $0 != "0123456789abcdef.journal" }
        #expect(ownJournals.count == 1, "this machine's journal written: \(ownJournals)")
        if let key = plant.refusedKey {
            #expect(counts["git"] as? Bool == false)
            #expect((counts["gitRefused"] as? String)?.contains(key) == true, "\(counts)")
            let note = sync.stderr.split(separator: "\n").filter { $0.hasPrefix("Note: git not run in the sync folder: ") }
            #expect(note.count == 1 && note[0].contains(key) && note[0].hasSuffix("the folder was exchanged as a plain folder."), "\(sync.stderr)")
        } else {
            #expect(counts["git"] as? Bool == true && counts["gitRefused"] is NSNull, "\(counts) \(sync.stderr)")
            let log = try Self.git(["log", "--format=%s", "main"], in: paths.remote, home: root)
            #expect(log.stdout.contains("wwdc: changes of machine"), "pushed through git: \(log.stdout) \(log.stderr)")
        }
    }
}
