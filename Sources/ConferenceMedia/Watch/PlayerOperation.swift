import ConferenceModel
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
    /// Where playback starts, in seconds into the video; nil for the beginning. Players wwdc cannot
    /// tell (``PlayerCommand/canStartAtTime``) start at the beginning.
    public let start: Int?
    /// How fast it plays; nil for the player's own speed. Players wwdc cannot tell
    /// (``PlayerCommand/canChangeSpeed``) play at theirs.
    public let speed: PlaybackSpeed?
    /// Whether ``url`` is a downloaded file's path rather than a web address.
    public let isLocalFile: Bool
    /// Where a player that reports its position (``PlayerCommand/reportsPosition``) answers: the
    /// path of its IPC socket, in a folder only this user can enter.
    public let controlSocket: String?
    private let environment: [String: String]
    private let process = Locked(PlayerProcess())
    private let chosenVariant = OperationInput<HLSVariant>()

    private struct PlayerProcess {
        var pid: pid_t?
        /// The player has ended (not yet reaped: its process id cannot be another's while this is false).
        var exited = false
        var stopRequested = false
        var interrupted = false
        var spawned: [@Sendable () -> Void] = []
        var starting: [@Sendable () -> Void] = []
    }

    /// `environment` is the player's (the caller's own, usually).
    public convenience init(url: String, player: PlayerCommand, start: Int? = nil, speed: PlaybackSpeed? = nil, controlSocket: String? = nil,
                            environment: [String: String]) {
        self.init(target: url, isLocalFile: false, player: player, start: start, speed: speed, controlSocket: controlSocket,
                  environment: environment)
    }

    /// Plays a downloaded file (an absolute path, so a player never reads it as an option).
    public convenience init(file: String, player: PlayerCommand, start: Int? = nil, speed: PlaybackSpeed? = nil, controlSocket: String? = nil,
                            environment: [String: String]) {
        self.init(target: file, isLocalFile: true, player: player, start: start, speed: speed, controlSocket: controlSocket,
                  environment: environment)
    }

    private init(target: String, isLocalFile: Bool, player: PlayerCommand, start: Int?, speed: PlaybackSpeed?, controlSocket: String?,
                 environment: [String: String]) {
        self.url = target
        self.isLocalFile = isLocalFile
        self.player = player
        self.start = start
        self.speed = speed
        self.controlSocket = player.reportsPosition ? controlSocket : nil
        self.environment = environment
        super.init()
        name = "play"
    }

    /// Plays the variant of the stream `chooser` chose, once it has (the stream as it is when it
    /// chose none). Only before the operation is enqueued.
    public func playVariant(chosenBy chooser: ChooseStreamVariantOperation) {
        injectResult(from: chooser, into: chosenVariant) { try? $0.get() }
    }

    /// The variant of the stream played, once the player has started; nil when none was chosen.
    public var variant: HLSVariant? { chosenVariant.value }

    /// True when the player was stopped (``stop()``) or ended by Ctrl-C or SIGTERM.
    public var wasInterrupted: Bool { process.withLock { $0.interrupted } }

    /// Whether the player has ended (or never started).
    public var hasEnded: Bool { process.withLock { $0.exited } || isFinished }

    /// Calls `handler` once the player has started (never, when it could not be started).
    public func whenStarted(_ handler: @escaping @Sendable () -> Void) {
        let now = process.withLock { process in
            if process.pid != nil { return true }
            process.spawned.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Calls `handler` just before the player is started, on the operation's thread (never, when it
    /// is stopped first): where to say what is about to play, before the player writes anything.
    /// Set before the operation starts.
    public func whenStarting(_ handler: @escaping @Sendable () -> Void) {
        process.withLock { $0.starting.append(handler) }
    }

    /// Whether the player was started (it may have ended since).
    public var wasStarted: Bool { process.withLock { $0.pid != nil } }

    /// Asks the player to end (SIGTERM, which every player takes as "quit"; mpv still says where it
    /// was), as Ctrl-C does; it is not started when it has not been yet. The operation finishes when
    /// the player has ended.
    public func stop() {
        process.withLock { process in
            process.stopRequested = true
            if let pid = process.pid, !process.exited { kill(pid, SIGTERM) }
        }
    }

    /// The address as a player may get it: a media address ``WebAddress`` allows, as downloads do
    /// (https, plain http on this machine; plain http elsewhere asked for over https). Anything else
    /// from a feed (`file://`, `--script=…`, text) is refused, so a feed can never choose a player's
    /// options or files.
    public static func playableURL(_ text: String) throws -> String {
        guard case .success(let url) = WebAddress.media(text) else { throw WatchError.unsafeURL(WebAddress.redacted(text)) }
        return url.absoluteString
    }

    /// A downloaded file as a player may get it: an absolute path to a file that is there.
    public static func playableFile(_ path: String) throws -> String {
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) else { throw WatchError.unsafeURL(path) }
        return path
    }

    public override func execute() {
        let starting = process.withLock { process -> [@Sendable () -> Void]? in
            if process.stopRequested {
                process.interrupted = true
                return nil
            }
            return process.starting
        }
        guard let starting else {
            finish()
            return
        }
        for handler in starting { handler() }
        let pid: pid_t
        do {
            pid = try spawn(playing: isLocalFile ? try Self.playableFile(url) : try Self.playableURL(url))
        } catch {
            finish(with: [error])
            return
        }
        let spawned = process.withLock { process in
            process.pid = pid
            if process.stopRequested { kill(pid, SIGTERM) }
            defer { process.spawned = [] }
            return process.spawned
        }
        for handler in spawned { handler() }
        Thread.detachNewThread { [self] in
            // Seen ended but not reaped first, so that stop() never signals a process id reused since.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            process.withLock { $0.exited = true }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            finish(with: outcome(status))
        }
    }

    /// What the player's wait status means: Ctrl-C and SIGTERM (and mpv's exit status 4, "quit
    /// by a signal") are an interruption, not a failure; another signal (SIGKILL, a crash) is one.
    private func outcome(_ status: Int32) -> [any Error] {
        let signal = status & 0x7F
        let code = (status >> 8) & 0xFF
        let stopped = process.withLock { $0.stopRequested }
        let interrupted = stopped || [SIGINT, SIGTERM, SIGHUP].contains(signal) || (signal == 0 && code == 4 && player.kind == .mpv)
        if interrupted {
            process.withLock { $0.interrupted = true }
            return []
        }
        if signal != 0 { return [WatchError.playerKilled(player.name, signal: signal)] }
        return code == 0 ? [] : [WatchError.playerFailed(player.name, status: code)]
    }

    /// The player with the caller's standard input, output and error, started as a shell would
    /// start it (see ``ProgramCommandLine/spawn(_:_:environment:standardInput:)``).
    private func spawn(playing target: String) throws -> pid_t {
        do {
            let argv = player.argv(playing: target, from: start, speed: speed, variant: chosenVariant.value, controlSocket: controlSocket)
            return try ProgramCommandLine.spawn(player.executable, argv, environment: environment)
        } catch {
            throw WatchError.playerNotStarted(player.name, reason: error.reason)
        }
    }
}
