import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays a URL in a player program and finishes when the player exits.
///
/// The player is spawned directly (not with Foundation's `Process`, which puts the child in a
/// process group of its own): it stays in wwdc's foreground process group, so it can read the
/// terminal's keys and Ctrl-C reaches it.
//
// @unchecked Sendable: the outcome is in a Locked; the rest is immutable.
public final class PlayerOperation: AdvancedOperation, @unchecked Sendable {
    public let url: String
    public let player: PlayerCommand
    private let environment: [String: String]
    private let signalled = Locked(false)

    /// `environment` is the player's (the caller's own, usually).
    public init(url: String, player: PlayerCommand, environment: [String: String]) {
        self.url = url
        self.player = player
        self.environment = environment
        super.init()
        name = "play"
    }

    /// True when the player was ended by a signal (Ctrl-C).
    public var wasInterrupted: Bool { signalled.withLock { $0 } }

    /// The address as a player may get it: an absolute http(s) URL with a host. Anything else from a
    /// feed (`file://`, `--script=…`, text) is refused, so a feed can never choose a player's options
    /// or files.
    public static func playableURL(_ text: String) throws -> String {
        guard !text.hasPrefix("-"), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
            throw WatchError.unsafeURL(text)
        }
        return url.absoluteString
    }

    public override func execute() {
        let pid: pid_t
        do {
            pid = try spawn(playing: try Self.playableURL(url))
        } catch {
            finish(with: [error])
            return
        }
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            if signal != 0 {
                signalled.withLock { $0 = true }
                finish()
            } else if (status >> 8) & 0xFF != 0 {
                finish(with: [WatchError.playerFailed(player.name, status: (status >> 8) & 0xFF)])
            } else {
                finish()
            }
        }
    }

    /// posix_spawn with the caller's standard input, output and error, default signal handling
    /// and an empty signal mask (what the shell would give it).
    private func spawn(playing target: String) throws -> pid_t {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = player.argv(playing: target).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, player.executable, nil, &attributes, argv, envp)
        guard code == 0 else {
            throw WatchError.playerNotStarted(player.name, reason: String(cString: strerror(code)))
        }
        return pid
    }
}
