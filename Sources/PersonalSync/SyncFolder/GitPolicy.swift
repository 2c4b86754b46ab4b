import Foundation
import PlainText

/// What wwdc accepts of a sync folder's git repository before it runs git there, and what it pins
/// on every git call whatever the repository says.
///
/// A sync folder is written by other machines (a replicator, a git remote), so its `.git` is input:
/// git runs what a configuration names (hooks, `core.fsmonitor`, a remote's `uploadpack`, a filter,
/// `core.sshCommand`, `gpg.program`, a remote helper), and `safe.directory` does not help when the
/// folder is the user's own. So the configuration is read without running anything (`git config
/// --file … --no-includes`), and git runs there only when every key is one a plain clone has.
enum GitPolicy {
    /// Why git is not run in a sync folder (which is still exchanged as a plain folder).
    enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The configuration sets a key a plain clone does not have (or names a remote or a branch
        /// with a leading `-`).
        case key(String)
        /// A remote's address is not a path or a file, https or ssh address (a remote helper, `ext::…`).
        case address(String)
        /// `.git` is a file or a link (a pointer to a repository elsewhere), not a folder.
        case gitEntryNotAFolder(String)
        /// The repository takes its configuration from another (`commondir`).
        case commonDirectory(String)
        /// The branch checked out is named with a leading `-`.
        case branch(String)
        /// The configuration could not be read (git's last words).
        case unreadable(String)

        var description: String {
            switch self {
            case .key(let key): "its git configuration sets \(key), which wwdc does not run git with"
            case .address(let key): "its git configuration's \(key) is not a path or a file, https or ssh address"
            case .gitEntryNotAFolder(let path): "\(path) is not a folder (a pointer to a repository elsewhere)"
            case .commonDirectory(let path): "\(path) takes its configuration from another repository (commondir)"
            case .branch(let name): "its branch \(name) starts with '-'"
            case .unreadable(let detail): "its git configuration cannot be read" + (detail.isEmpty ? "" : ": " + detail)
            }
        }
    }

    /// One `key value` of a configuration, as `git config --list -z` gives it: the section and the
    /// variable lowercased, a subsection as written; no value for a bare boolean (`[core] bare`).
    struct Entry: Equatable {
        var key: String
        var value: String?

        /// The section, the subsection (nil for `section.variable`) and the variable.
        var parts: (section: String, subsection: String?, variable: String) {
            guard let first = key.firstIndex(of: "."), let last = key.lastIndex(of: ".") else { return (key, nil, "") }
            let section = String(key[..<first])
            let variable = String(key[key.index(after: last)...])
            return (section, first == last ? nil : String(key[key.index(after: first)..<last]), variable)
        }
    }

    /// The entries of `git config --list -z` output: each `key\nvalue\0`, or `key\0` for a bare boolean.
    static func entries(_ listing: String) -> [Entry] {
        listing.split(separator: "\0", omittingEmptySubsequences: true).map { item in
            guard let newline = item.firstIndex(of: "\n") else { return Entry(key: String(item), value: nil) }
            return Entry(key: String(item[..<newline]), value: String(item[item.index(after: newline)...]))
        }
    }

    /// Keys of two parts a plain clone has (or that only say how git behaves, running nothing).
    private static let plainKeys: Set<String> = [
        "core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates", "core.symlinks", "core.ignorecase",
        "core.precomposeunicode", "user.name", "user.email", "pull.rebase", "pull.ff", "push.default", "fetch.prune",
    ]
    /// Variables of a remote and of a branch a plain clone has.
    private static let remoteVariables: Set<String> = ["url", "pushurl", "fetch"]
    private static let branchVariables: Set<String> = ["remote", "merge", "rebase"]

    /// The first entry git must not run with, or nil when every one is on the allowlist.
    static func refusal(_ entries: [Entry]) -> Refusal? {
        for entry in entries {
            let key = String(TextSanitizer.singleLine.sanitize(entry.key).prefix(200))
            switch verdict(entry) {
            case .allowed: continue
            case .refusedKey: return .key(key)
            case .refusedAddress: return .address(key)
            }
        }
        return nil
    }

    private enum Verdict { case allowed, refusedKey, refusedAddress }

    private static func verdict(_ entry: Entry) -> Verdict {
        let (section, subsection, variable) = entry.parts
        guard let subsection else {
            guard plainKeys.contains(entry.key) else { return .refusedKey }
            // A bare repository as a work tree's .git is not a clone.
            let isBare = entry.key == "core.bare" && !["false", "no", "off", "0"].contains(entry.value?.lowercased() ?? "true")
            return isBare ? .refusedKey : .allowed
        }
        // A name git would take for an option where it names a remote or a branch.
        guard !subsection.hasPrefix("-"), !subsection.isEmpty else { return .refusedKey }
        switch section {
        case "remote" where remoteVariables.contains(variable):
            return variable == "fetch" || isPlainAddress(entry.value ?? "") ? .allowed : .refusedAddress
        case "branch" where branchVariables.contains(variable):
            return .allowed
        default:
            return .refusedKey
        }
    }

    /// Whether git reaches `address` with a transport wwdc allows (a path, `file://`, `https://`,
    /// `ssh://` or `host:path`), never a remote helper (`ext::…`, `fd::…`) or another scheme.
    static func isPlainAddress(_ address: String) -> Bool {
        guard !address.isEmpty, !address.hasPrefix("-"), !address.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return false
        }
        // `<transport>::<address>`: a remote helper, as git reads it (scheme characters, then "::").
        let schemeEnd = address.unicodeScalars.firstIndex { !(CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) }
        let rest = schemeEnd.map { String(address.unicodeScalars[$0...]) } ?? ""
        if rest.hasPrefix("::") { return false }
        if rest.hasPrefix("://") {
            let scheme = String(address.unicodeScalars[..<schemeEnd!]).lowercased()
            return ["file", "https", "ssh", "git+ssh", "ssh+git"].contains(scheme)
        }
        // A path, or scp's `[user@]host:path` (ssh).
        return true
    }

    /// The configuration every git call is given, whatever the repository's, the user's or the
    /// system's says: no hooks (a path under which no file can be), no file system monitor, no
    /// attributes file of the user's, no transport but file, https and ssh, no signing program.
    static let pinned: [String] = [
        "-c", "core.hooksPath=/dev/null",
        "-c", "core.fsmonitor=false",
        "-c", "core.attributesFile=/dev/null",
        "-c", "protocol.allow=never",
        "-c", "protocol.file.allow=always",
        "-c", "protocol.https.allow=always",
        "-c", "protocol.ssh.allow=always",
        "-c", "commit.gpgSign=false",
        "-c", "gc.auto=0",
    ]

    /// The filter drivers named by `filters` (`git config --name-only --get-regexp '^filter\.'`
    /// output) emptied: a `.gitattributes` in the folder, or the repository's `info/attributes`,
    /// then names a filter that runs nothing (git runs no filter whose command is empty).
    static func emptied(filters listing: String) -> [String] {
        var names: [String] = []
        for key in listing.split(separator: "\0") {
            let entry = Entry(key: String(key), value: nil)
            guard let name = entry.parts.subsection, !names.contains(name) else { continue }
            names.append(name)
        }
        return names.flatMap { name in
            ["clean=", "smudge=", "process=", "required=false"].flatMap { ["-c", "filter.\(name).\($0)"] }
        }
    }

    /// The environment git runs with: the user's, without any `GIT_` variable but those that say
    /// how to reach an ssh remote (inherited ones could name another repository, configuration or
    /// program: `GIT_DIR`, `GIT_CONFIG_PARAMETERS`, `GIT_EXEC_PATH`…); never a prompt, and only
    /// file, https and ssh transports.
    static func environment(_ inherited: [String: String]) -> [String: String] {
        var environment = inherited.filter { !$0.key.hasPrefix("GIT_") || ["GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSH_VARIANT"].contains($0.key) }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        environment["SSH_ASKPASS"] = "/bin/false"
        environment["GIT_ALLOW_PROTOCOL"] = "file:https:ssh"
        environment["LC_ALL"] = "C"
        return environment
    }
}
