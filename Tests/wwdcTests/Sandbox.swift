import ConferenceData
import ConferenceSync
import Foundation
import Operations
import TestSupport

/// A private home for one test's `wwdc` runs: its own data and config folders and database.
struct Sandbox {
    let directory: TemporaryDirectory
    /// The `wwdc` its runs run: the one built, unless another is given (an earlier wwdc's, to
    /// check that what each writes the other reads).
    let executable: URL
    /// The children `start` began: while one runs, this test's runs do not queue for a slot, so a
    /// held child's own time limit never runs out while the test waits its turn.
    private let started = Locked<[RunningCommand]>([])
    var database: URL { directory.path("wwdc.sqlite") }

    init(executable: URL = CommandRunner.wwdc) throws {
        directory = try TemporaryDirectory("wwdc-e2e")
        self.executable = executable
    }

    /// The environment for a run: isolated folders, no colour, no source unless given, no pager
    /// (a test of the pager names its own).
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "XDG_DATA_HOME": directory.path("data").path,
            "XDG_CONFIG_HOME": directory.path("config").path,
            "HOME": directory.url.path,
            "WWDC_DB": database.path,
            "NO_COLOR": "1",
            "PAGER": "cat",
        ].merging(extra) { $1 }
    }

    /// Runs `wwdc` to the end, off the cooperative pool.
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil) async throws -> CommandResult {
        let environment = environment(extra)
        let holding = started.withLock { children in children.contains { !$0.hasExited } }
        return try await CommandRunner.run(executable, arguments, environment: environment, stdin: stdin, queued: !holding)
    }

    func start(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
               readerGone: Bool = false) throws -> RunningCommand {
        let child = try CommandRunner.start(executable, arguments, environment: environment(extra), stdin: stdin, readerGone: readerGone)
        started.withLock { $0.append(child) }
        return child
    }

    /// Where `wwdc` keeps the login token for this sandbox's runs.
    func credentialStore() -> CredentialStore {
        CredentialStore(folders: UserFolders(home: directory.url.path, configHome: directory.path("config").path))
    }

    /// Every table of the store, as text.
    func dump() throws -> String {
        try ConferenceStore(path: database.path).dump()
    }

    func counts() throws -> [String: Int] {
        try ConferenceStore(path: database.path).tableCounts()
    }

    /// A copy of the fixtures to edit.
    func copyOfFixtures(_ name: String = "feeds") throws -> URL {
        let copy = directory.path(name)
        try FileManager.default.copyItem(at: ProjectPaths.fixtures, to: copy)
        return copy
    }

    func remove() { directory.remove() }
}
