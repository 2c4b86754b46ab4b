import ConferenceData
import PersonalSync
import Foundation
import SQLiteDatabase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wwdc schedule`, `videos --in-progress` and `continue` as whole processes on the 20,000-session
/// store with 5,000 watch progress entries, against the same query run by the `sqlite3` shell on
/// the same file: both print to a pipe that is drained, as a user's `| less` would. Runs alternate
/// so that load from other processes hits both alike.
enum BrowseBenchmark {
    static func run(sessionCount: Int = 20_000, progressCount: Int = 5_000, repetitions: Int = 31) throws {
        guard let wwdc = wwdcBinary else {
            print("browse: the release wwdc binary is missing beside Benchmarks (make bench builds it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wwdc-browse-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storePath = folder + "/wwdc.sqlite"
        let store = try ConferenceStore(path: storePath)
        _ = try store.importContents(json: SyntheticFeed(sessionCount: sessionCount).contentsJSON())
        try recordProgress(progressCount, in: store)

        // The busiest day of the current event, in the conference's own time.
        let (event, busiest) = try store.read { db -> (String, String) in
            let event = try SessionResolver.currentEvent(in: db) ?? ""
            let day = try db.fetchString("""
                SELECT date(i.start_time + coalesce(i.utc_offset, 0), 'unixepoch') AS day
                FROM instances i JOIN sessions s ON s.sid = i.sid WHERE s.event_id = ?
                GROUP BY day ORDER BY count(*) DESC, day LIMIT 1
                """, [event]) ?? ""
            return (event, day)
        }
        let environment = ["WWDC_DB": storePath, "HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
        var inProgress = VideoQuery(eventIDs: [event])
        inProgress.watchFilter = .inProgress
        let cases: [(name: String, arguments: [String], statement: SQL?)] = [
            ("schedule --search swift", ["schedule", "--search", "swift"], Database.scheduleStatement(ScheduleQuery(eventIDs: [event], search: "swift"))),
            ("schedule --day \(busiest)", ["schedule", "--day", busiest],
             Database.scheduleStatement(ScheduleQuery(eventIDs: [event], day: .conferenceDate(LocalDate(iso: busiest)!)))),
            ("videos --in-progress", ["videos", "--in-progress"], Database.videosStatement(inProgress)),
            ("continue", ["continue"], Database.continueWatchingStatement()),
        ]
        for benchmark in cases {
            guard let sql = benchmark.statement?.literalText else { continue }
            var ours: [Double] = []
            var shell: [Double] = []
            var rows = (wwdc: 0, shell: 0)
            for _ in 0..<repetitions {
                let mine = spawn(wwdc, benchmark.arguments, environment: environment)
                let theirs = spawn("/usr/bin/env", ["sqlite3", "-readonly", storePath, sql], environment: environment)
                guard mine.status == 0, theirs.status == 0 else {
                    print("browse: \(benchmark.name) failed (wwdc \(mine.status), sqlite3 \(theirs.status))")
                    return
                }
                ours.append(mine.seconds)
                shell.append(theirs.seconds)
                rows = (mine.lines, theirs.lines)
            }
            let wwdcTime = median(ours), shellTime = median(shell)
            print(String(format: "browse %@ on %d sessions, %d in progress or watched: wwdc %.1f ms (%d lines), sqlite3 shell %.1f ms (%d rows), ratio %.2f (goal ≤ 2, < 50 ms); best %.1f / %.1f ms",
                         benchmark.name, sessionCount, progressCount, wwdcTime * 1000, rows.wwdc, shellTime * 1000, rows.shell,
                         wwdcTime / shellTime, ours.min()! * 1000, shell.min()! * 1000))
        }
        // What no query can save: starting each program (dynamic linking, Foundation's start-up).
        var startup: [Double] = []
        var shellStartup: [Double] = []
        for _ in 0..<repetitions {
            startup.append(spawn(wwdc, ["--version"], environment: environment).seconds)
            shellStartup.append(spawn("/usr/bin/env", ["sqlite3", "-readonly", storePath, "SELECT 1"], environment: environment).seconds)
        }
        print(String(format: "browse: start-up alone, wwdc --version %.1f ms, sqlite3 'SELECT 1' %.1f ms (medians of %d)",
                     median(startup) * 1000, median(shellStartup) * 1000, repetitions))
    }

    /// Records `count` watch progress entries through the store's one writer, as playback does: every
    /// n-th session with a video, across the events, one in five watched and the others at a
    /// position short of the shortest video's last 30 s, each a minute after the last (so `continue`
    /// has an order to sort).
    static func recordProgress(_ count: Int, in store: ConferenceStore) throws {
        try store.write { db in
            let ids = try db.fetchAll("SELECT s.id FROM sessions s JOIN videos v ON v.sid = s.sid ORDER BY s.sid") { $0.string("id") ?? "" }
            let stride = max(1, ids.count / count)
            for (index, id) in ids.enumerated() where index % stride == 0 && index / stride < count {
                let date = Date(timeIntervalSince1970: 1_781_000_000 + Double(index / stride) * 60)
                let edit: PersonalEdit = (index / stride) % 5 == 0 ? .markWatched([id])
                    : .recordPosition(session: id, position: Double(60 + index % 400), duration: nil)
                _ = try db.edit(edit, at: date)
            }
        }
    }

    /// The release `wwdc` built beside this program.
    static var wwdcBinary: String? {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let path = me.deletingLastPathComponent().appendingPathComponent("wwdc").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs a program to its end with stdout on a pipe that is read to the end; the time is from
    /// the spawn to the exit, the line count what it printed.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String]) -> (seconds: Double, status: Int32, lines: Int) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (0, -1, 0) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = monotonicSeconds()
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
            close(fds[0])
            close(fds[1])
            return (0, -1, 0)
        }
        close(fds[1])
        var lines = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            lines += buffer[0..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = monotonicSeconds() - start
        return (seconds, (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1, lines)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// CLOCK_MONOTONIC in seconds.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
