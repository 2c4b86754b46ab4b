#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// posix_spawn for tests, with default signal dispositions and an empty mask in the child.
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

    /// Starts a process and returns its pid; `configure` adds file actions.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String], setsid: Bool,
        configure: (inout FileActions) -> Void
    ) throws -> pid_t {
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
