#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// posix_spawn for tests, with default signal dispositions and an empty mask in the child, and
/// no descriptor of the test process but those the file actions give it.
///
/// Tests run in parallel: a child that inherited another child's pipe or Foundation's bookkeeping
/// socket would keep it open, and whoever waits for that end of file (a reader, or Foundation
/// watching for an exit) would wait for ever. So children are not started with Foundation's `Process`.
public enum Spawn {
    #if canImport(Darwin)
    public typealias FileActions = posix_spawn_file_actions_t?
    public typealias Attributes = posix_spawnattr_t?
    public static let setsidFlag = Int32(POSIX_SPAWN_SETSID)
    /// Darwin can also close every descriptor not named in the file actions.
    public static let extraFlags = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
    public typealias FileActions = posix_spawn_file_actions_t
    public typealias Attributes = posix_spawnattr_t
    /// glibc's POSIX_SPAWN_SETSID (≥ 2.26), which its Swift module does not export.
    public static let setsidFlag: Int32 = 0x80
    public static let extraFlags: Int32 = 0
    #endif

    /// The test process writes into pipes whose reader may be gone: a child's input when the child
    /// ended before reading it, a waiter's report to a terminal already closed. Such a write must
    /// fail with EPIPE where it is made, not end the whole test run with SIGPIPE, so the test
    /// process ignores the signal (as wwdc does); children get the default back (`setsigdefault`).
    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Starts a process and returns its pid; `configure` adds file actions.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String], setsid: Bool, directory: String? = nil,
        configure: (inout FileActions) -> Void
    ) throws -> pid_t {
        _ = brokenPipesIgnored
        #if canImport(Darwin)
        var actions: FileActions = nil
        var attributes: Attributes = nil
        #else
        var actions = FileActions()
        var attributes = Attributes()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        configure(&actions)
        closeOthers(&actions)
        if let directory { changeDirectory(&actions, directory) }

        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | extraFlags
        if setsid { flags |= setsidFlag }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    /// Closes every descriptor from 3 up in the child, after the file actions that placed its own.
    private static func closeOthers(_ actions: inout FileActions) {
        #if !canImport(Darwin)
        // glibc ≥ 2.34 has it, but its Swift module does not export it.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        // Older C libraries: close what is open now (a descriptor opened meanwhile may still leak).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap(Int32.init) ?? []
        for descriptor in open where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        #endif
    }

    /// Makes the child start in `directory`.
    private static func changeDirectory(_ actions: inout FileActions, _ directory: String) {
        #if canImport(Darwin)
        posix_spawn_file_actions_addchdir_np(&actions, directory)
        #else
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") {
            _ = unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, directory)
        }
        #endif
    }

    /// Waits for a child and returns its exit status, or the signal that killed it.
    public static func wait(_ pid: pid_t) -> (status: Int32, signalled: Bool) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal != 0 ? (signal, true) : ((status >> 8) & 0xFF, false)
    }

    /// Runs a command to completion with `stdin` as its standard input and returns its standard output.
    public static func capture(_ path: String, _ arguments: [String], stdin: Int32) throws -> String {
        let output = try PTY.pipe()
        let pid = try run(path, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C"], setsid: false) { actions in
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_addclose(&actions, output[0])
        }
        close(output[1])
        let text = readAll(output[0])
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return text
    }

    /// Runs a command with /dev/null as input and standard output and error into one pipe;
    /// returns what it wrote and its exit code.
    public static func captureWithoutTerminal(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (output: [UInt8], exitCode: Int32) {
        let output = try PTY.pipe()
        let pid = try run(path, arguments, environment: environment, setsid: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, output[1], 2)
            posix_spawn_file_actions_addclose(&actions, output[0])
        }
        close(output[1])
        let bytes = readAllBytes(output[0])
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (bytes, (status >> 8) & 0xFF)
    }

    public static func readAll(_ fd: Int32) -> String {
        String(decoding: readAllBytes(fd), as: UTF8.self)
    }

    public static func readAllBytes(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }
}
