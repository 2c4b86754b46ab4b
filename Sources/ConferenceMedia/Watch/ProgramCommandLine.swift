import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program named by the person (a player, a pager) as wwdc runs it: split into words
/// as a shell would, found on `PATH`, and started without a shell, so nothing in it is expanded or
/// executed but the program it names.
public enum ProgramCommandLine {
    /// A program that could not be started: `posix_spawn`'s error number and its text.
    public struct SpawnFailure: Error, Sendable {
        public var code: Int32
        public var reason: String
    }

    #if canImport(Darwin)
    private static let setsidFlag = Int32(POSIX_SPAWN_SETSID)
    #else
    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which its Swift module does not export.
    private static let setsidFlag: Int32 = 0x80
    #endif

    /// Words as the shell splits them: blanks separate, 'single' and "double" quotes group, a
    /// backslash takes the next character as it is. Nothing is expanded. Nil for an unclosed quote
    /// or a trailing backslash.
    public static func words(_ text: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                inWord = true
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// `program` itself when it is a path, else the first executable file of that name in the
    /// folders of `path` (a `PATH` value); nil when there is none.
    public static func locate(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + program
            var status = stat()
            if access(candidate, X_OK) == 0, stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        return nil
    }

    /// Starts `argv` (`executable` and its arguments) with `environment`, standard input, output and
    /// error from the descriptors given (the caller's own for those not given), default
    /// handling of the signals a terminal sends and an empty signal mask: what a shell would give
    /// it, whatever wwdc itself ignores (SIGPIPE) or blocks. `standardOutput` and `standardError`,
    /// when given, replace the caller's.
    ///
    /// The child stays in wwdc's process group (Foundation's `Process` would put it in its own), so
    /// on a terminal it is in the foreground: it reads the keys and Ctrl-C reaches it. With
    /// `newSession` it is a session of its own instead, with no terminal: a program that outlives
    /// what started it (a web browser) is then neither stopped with it nor by the window closing.
    public static func spawn(_ executable: String, _ argv: [String], environment: [String: String],
                             standardInput: Int32? = nil, standardOutput: Int32? = nil,
                             standardError: Int32? = nil, newSession: Bool = false) throws(SpawnFailure) -> pid_t {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        var actions: posix_spawn_file_actions_t?
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | (newSession ? setsidFlag : 0)))
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (given, target) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            if let given, given != target { posix_spawn_file_actions_adddup2(&actions, given, target) }
        }
        if let standardOutput, standardOutput != STDOUT_FILENO {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        }
        if let standardError, standardError != STDERR_FILENO {
            posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
        }

        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, arguments, variables)
        guard code == 0 else { throw SpawnFailure(code: code, reason: String(cString: strerror(code))) }
        return pid
    }
}
