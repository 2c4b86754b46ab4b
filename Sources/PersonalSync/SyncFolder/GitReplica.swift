import ConferenceData
import Foundation
import Operations
import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sync folder that is a git work tree with a remote: this machine's files are committed and
/// pushed, everyone's pulled (rebased: each machine writes only its own files, so the rebase has
/// nothing to merge). git is run with its arguments, never through a shell; nothing of a feed is
/// among them, and it never asks a question (no terminal prompt).
///
/// The repository is input (other machines write the folder): git runs there only when its
/// configuration passes ``GitPolicy``, always on that repository (`--git-dir`, `--work-tree`: no
/// other is discovered), and always with ``GitPolicy/pinned`` (no hooks, no file system monitor,
/// no filter, only file, https and ssh transports).
struct GitReplica: Sendable {
    let folder: String
    /// The repository (`<work tree>/.git`) and its work tree, which holds the folder.
    let gitDirectory: String
    let workTree: String
    let remote: String
    let branch: String
    /// What every call is given before its command: the repository, and the pinned configuration.
    let prefix: [String]

    /// What a folder is to git.
    enum Discovery: Sendable {
        /// Not in a git work tree, or one without a remote.
        case none
        /// In one wwdc does not run git in (the folder is exchanged as a plain folder).
        case refused(GitPolicy.Refusal)
        case replica(GitReplica)
    }

    /// The folder's git replica, when it is in a work tree with a remote whose configuration passes
    /// ``GitPolicy``. Finds the repository without running git: a folder with no `.git` at or
    /// above it costs no process.
    static func find(folder: String) -> Discovery {
        guard let found = locate(from: folder) else { return .none }
        let (gitDirectory, workTree): (String, String)
        switch found {
        case .refused(let refusal): return .refused(refusal)
        case let .repository(directory, tree): (gitDirectory, workTree) = (directory, tree)
        }
        // A repository whose configuration is another's (a linked work tree's): that one is not read here.
        if FileManager.default.fileExists(atPath: gitDirectory + "/commondir") { return .refused(.commonDirectory(gitDirectory)) }
        let configuration = gitDirectory + "/config"
        guard FileManager.default.fileExists(atPath: configuration) else { return .none }
        let listing: Result
        do {
            listing = try run(["config", "--file", configuration, "--no-includes", "--list", "-z"], in: "/")
        } catch {
            return .none
        }
        guard listing.status == 0 else { return .refused(.unreadable(lastWords(listing.error))) }
        let entries = GitPolicy.entries(listing.raw)
        if let refusal = GitPolicy.refusal(entries) { return .refused(refusal) }
        var remotes: [String] = []
        for entry in entries {
            let parts = entry.parts
            if parts.section == "remote", parts.variable == "url", let name = parts.subsection, !remotes.contains(name) { remotes.append(name) }
        }
        guard !remotes.isEmpty else { return .none }
        let remote = remotes.contains("origin") ? "origin" : remotes[0]
        var replica = GitReplica(folder: folder, gitDirectory: gitDirectory, workTree: workTree, remote: remote, branch: "",
                                 prefix: ["--git-dir=" + gitDirectory, "--work-tree=" + workTree] + GitPolicy.pinned)
        // The filters the user's and the system's configuration define, emptied: an attributes
        // file in the folder could otherwise name one.
        let filters = (try? replica.git(["config", "--name-only", "-z", "--get-regexp", #"^filter\."#]))?.raw ?? ""
        let prefix = replica.prefix + GitPolicy.emptied(filters: filters)
        replica = GitReplica(folder: folder, gitDirectory: gitDirectory, workTree: workTree, remote: remote, branch: "", prefix: prefix)
        let branch = (try? replica.git(["symbolic-ref", "--quiet", "--short", "HEAD"]))?.output ?? ""
        if branch.hasPrefix("-") { return .refused(.branch(String(TextSanitizer.singleLine.sanitize(branch).prefix(200)))) }
        return .replica(GitReplica(folder: folder, gitDirectory: gitDirectory, workTree: workTree, remote: remote, branch: branch, prefix: prefix))
    }

    private enum Location {
        case repository(gitDirectory: String, workTree: String)
        case refused(GitPolicy.Refusal)
    }

    /// The nearest `.git` at or above the folder, as git would find it: a folder is a repository;
    /// a file (a `gitdir:` pointer) or a link could name any repository on this machine, and is refused.
    private static func locate(from folder: String) -> Location? {
        var path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        while true {
            let entry = (path.hasSuffix("/") ? path : path + "/") + ".git"
            var info = stat()
            if lstat(entry, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { return .refused(.gitEntryNotAFolder(entry)) }
                return .repository(gitDirectory: entry, workTree: path)
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return nil }
            path = parent
        }
    }

    /// Commits `files` (this machine's, relative to the folder) when they changed.
    func commit(_ names: [String], machine: String, limit: TimeLimited<SyncFolderReport>? = nil) throws {
        let files = names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard !files.isEmpty else { return }
        try check(["add", "--all", "--"] + files, step: "commit", limit)
        let staged = try git(["diff", "--cached", "--quiet", "--no-ext-diff", "--no-textconv", "--"] + files, limit)
        guard staged.status != 0 else { return }
        // An identity for machines where none is set (git refuses to commit without one).
        let identity = (try? git(["config", "--get", "user.email"], limit))?.output.isEmpty == false
            ? [] : ["-c", "user.name=wwdc", "-c", "user.email=wwdc@\(machine).invalid"]
        try check(identity + ["commit", "--quiet", "--no-verify", "-m", "wwdc: changes of machine \(machine)", "--"] + files, step: "commit", limit)
    }

    /// Takes the remote's commits, this machine's put on top of them; a rebase that fails is
    /// undone, so no conflict is ever left in the work tree.
    func pull(_ limit: TimeLimited<SyncFolderReport>? = nil) throws {
        try requireBranch()
        try check(["fetch", "--quiet", "--", remote], step: "pull", limit)
        let upstream = "refs/remotes/\(remote)/\(branch)"
        guard try git(["rev-parse", "--verify", "--quiet", "--end-of-options", upstream], limit).status == 0 else { return }
        // A clone with no commit of its own yet (of an empty remote): it starts from the remote's.
        guard try hasCommit(limit) else {
            try check(["checkout", "--quiet", "-B", branch, upstream, "--"], step: "pull", limit)
            return
        }
        let rebase = try git(["rebase", "--autostash", "--quiet", "--end-of-options", upstream], limit)
        if rebase.status != 0 {
            _ = try? git(["rebase", "--abort"], limit)
            throw SyncFolderError.git(step: "pull", detail: Self.lastWords(rebase.error))
        }
    }

    /// Pushes; a push refused because the remote moved on (not a fast-forward) pulls and tries once
    /// more. Nothing to push (no commit yet: an empty remote, and nothing of this machine's) is no failure.
    func push(_ limit: TimeLimited<SyncFolderReport>? = nil) throws {
        try requireBranch()
        guard try hasCommit(limit) else { return }
        let refspec = "HEAD:refs/heads/\(branch)"
        let first = try git(["push", "--quiet", "--", remote, refspec], limit)
        guard first.status != 0 else { return }
        guard Self.isNonFastForward(first.error) else { throw SyncFolderError.git(step: "push", detail: Self.lastWords(first.error)) }
        try pull(limit)
        try check(["push", "--quiet", "--", remote, refspec], step: "push", limit)
    }

    private func hasCommit(_ limit: TimeLimited<SyncFolderReport>?) throws -> Bool {
        try git(["rev-parse", "--verify", "--quiet", "HEAD"], limit).status == 0
    }

    private func requireBranch() throws {
        if branch.isEmpty { throw SyncFolderError.git(step: "pull", detail: "the work tree is not on a branch") }
    }

    private func check(_ arguments: [String], step: String, _ limit: TimeLimited<SyncFolderReport>?) throws {
        let result = try git(arguments, limit)
        if result.status != 0 { throw SyncFolderError.git(step: step, detail: Self.lastWords(result.error)) }
    }

    /// Runs git on this repository with the pinned configuration; `limit` hears of the progress
    /// and may end git when it passes.
    func git(_ arguments: [String], _ limit: TimeLimited<SyncFolderReport>? = nil) throws -> Result {
        try limit?.progressed()
        defer { limit?.running(nil) }
        return try Self.run(prefix + arguments, in: folder) { limit?.running($0) }
    }

    static func isNonFastForward(_ error: String) -> Bool {
        ["non-fast-forward", "[rejected]", "fetch first", "[remote rejected]"].contains { error.contains($0) }
    }

    /// git's last line of complaint, cleaned for printing.
    static func lastWords(_ error: String) -> String {
        let lines = error.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
        let line = lines.last(where: { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") }) ?? lines.last ?? ""
        return String(TextSanitizer.singleLine.sanitize(line).prefix(300))
    }

    struct Result {
        var status: Int32
        /// What git printed, without the spaces and newlines around it.
        var output: String
        /// What git printed, as it printed it.
        var raw: String
        var error: String
    }

    /// Runs `git -C folder arguments…` with ``GitPolicy/environment(_:)`` and waits for it;
    /// `started` is told of the process once it runs.
    static func run(_ arguments: [String], in folder: String, started: (Process) -> Void = { _ in }) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        process.environment = GitPolicy.environment(ProcessInfo.processInfo.environment)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SyncFolderError.git(step: "run", detail: "git is not installed")
        }
        started(process)
        // Both pipes drained at once, so a chatty git cannot fill one and stall.
        let errorData = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 127 {
            throw SyncFolderError.git(step: "run", detail: "git is not installed")
        }
        let raw = String(decoding: outputData, as: UTF8.self)
        return Result(status: process.terminationStatus, output: raw.trimmingCharacters(in: .whitespacesAndNewlines), raw: raw,
                      error: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
