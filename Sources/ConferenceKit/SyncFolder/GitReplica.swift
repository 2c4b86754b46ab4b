import Foundation
import Operations
import PlainText

/// A sync folder that is a git work tree with a remote: this machine's files are committed and
/// pushed, everyone's pulled (rebased: each machine writes only its own files, so the rebase has
/// nothing to merge). git is run with its arguments, never through a shell; nothing of a feed is
/// among them, and it never asks a question (no terminal prompt).
struct GitReplica: Sendable {
    let folder: String
    let remote: String
    let branch: String

    /// The folder's git replica; nil when it is not a work tree with a remote (or git is missing).
    static func find(folder: String) -> GitReplica? {
        guard hasGitEntry(aboveOrAt: folder), let inside = try? run(["rev-parse", "--is-inside-work-tree"], in: folder), inside.output == "true",
              let remotes = try? run(["remote"], in: folder), !remotes.output.isEmpty else { return nil }
        let names = remotes.output.split(separator: "\n").map(String.init)
        let remote = names.contains("origin") ? "origin" : names[0]
        let branch = (try? run(["symbolic-ref", "--quiet", "--short", "HEAD"], in: folder))?.output ?? ""
        return GitReplica(folder: folder, remote: remote, branch: branch)
    }

    /// Whether the folder or one above it holds a `.git` (a repository, or the file a linked work
    /// tree or a submodule has), where git finds a work tree's repository: a folder with none is
    /// not a work tree, and asking git would cost a process at every exchange.
    static func hasGitEntry(aboveOrAt folder: String) -> Bool {
        var path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        while true {
            if FileManager.default.fileExists(atPath: path + (path.hasSuffix("/") ? "" : "/") + ".git") { return true }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return false }
            path = parent
        }
    }

    /// Commits `files` (this machine's, relative to the folder) when they changed.
    func commit(_ names: [String], machine: String) throws {
        let files = names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        guard !files.isEmpty else { return }
        try check(["add", "--all", "--"] + files, step: "commit")
        let staged = try Self.run(["diff", "--cached", "--quiet", "--"] + files, in: folder)
        guard staged.status != 0 else { return }
        // An identity for machines where none is set (git refuses to commit without one).
        let identity = (try? Self.run(["config", "user.email"], in: folder))?.output.isEmpty == false
            ? [] : ["-c", "user.name=wwdc", "-c", "user.email=wwdc@\(machine).invalid"]
        try check(identity + ["commit", "--quiet", "--no-verify", "-m", "wwdc: changes of machine \(machine)", "--"] + files, step: "commit")
    }

    /// Takes the remote's commits, this machine's put on top of them; a rebase that fails is
    /// undone, so no conflict is ever left in the work tree.
    func pull() throws {
        try requireBranch()
        try check(["fetch", "--quiet", remote], step: "pull")
        let upstream = "refs/remotes/\(remote)/\(branch)"
        guard (try Self.run(["rev-parse", "--verify", "--quiet", upstream], in: folder)).status == 0 else { return }
        // A clone with no commit of its own yet (of an empty remote): it starts from the remote's.
        guard (try Self.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: folder)).status == 0 else {
            try check(["checkout", "--quiet", "-B", branch, upstream], step: "pull")
            return
        }
        let rebase = try Self.run(["rebase", "--autostash", "--quiet", upstream], in: folder)
        if rebase.status != 0 {
            _ = try? Self.run(["rebase", "--abort"], in: folder)
            throw SyncFolderError.git(step: "pull", detail: Self.lastWords(rebase.error))
        }
    }

    /// Pushes; a push refused because the remote moved on (not a fast-forward) pulls and tries once more.
    func push() throws {
        try requireBranch()
        let refspec = "HEAD:refs/heads/\(branch)"
        let first = try Self.run(["push", "--quiet", remote, refspec], in: folder)
        guard first.status != 0 else { return }
        guard Self.isNonFastForward(first.error) else { throw SyncFolderError.git(step: "push", detail: Self.lastWords(first.error)) }
        try pull()
        try check(["push", "--quiet", remote, refspec], step: "push")
    }

    private func requireBranch() throws {
        if branch.isEmpty { throw SyncFolderError.git(step: "pull", detail: "the work tree is not on a branch") }
    }

    private func check(_ arguments: [String], step: String) throws {
        let result = try Self.run(arguments, in: folder)
        if result.status != 0 { throw SyncFolderError.git(step: step, detail: Self.lastWords(result.error)) }
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
        var output: String
        var error: String
    }

    /// Runs `git -C folder arguments…` and waits for it.
    static func run(_ arguments: [String], in folder: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        environment["SSH_ASKPASS"] = "/bin/false"
        environment["LC_ALL"] = "C"
        process.environment = environment
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
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                      error: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
