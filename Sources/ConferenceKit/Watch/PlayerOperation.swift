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
    /// Whether ``url`` is a downloaded file's path rather than a web address.
    public let isLocalFile: Bool
    private let environment: [String: String]
    private let signalled = Locked(false)

    /// `environment` is the player's (the caller's own, usually).
    public convenience init(url: String, player: PlayerCommand, start: Int? = nil, environment: [String: String]) {
        self.init(target: url, isLocalFile: false, player: player, start: start, environment: environment)
    }

    /// Plays a downloaded file (an absolute path, so a player never reads it as an option).
    public convenience init(file: String, player: PlayerCommand, start: Int? = nil, environment: [String: String]) {
        self.init(target: file, isLocalFile: true, player: player, start: start, environment: environment)
    }

    private init(target: String, isLocalFile: Bool, player: PlayerCommand, start: Int?, environment: [String: String]) {
        self.url = target
        self.isLocalFile = isLocalFile
        self.player = player
        self.start = start
        self.environment = environment
        super.init()
        name = "play"
    }

    /// True when the player was ended by a signal (Ctrl-C).
    public var wasInterrupted: Bool { signalled.withLock { $0 } }

    /// The address as a player may get it: one ``WebAddress`` allows, as downloads do (https, or
    /// plain http on this machine). Anything else from a feed (`file://`, `--script=…`, text, plain
    /// http elsewhere) is refused, so a feed can never choose a player's options or files.
    public static func playableURL(_ text: String) throws -> String {
        guard WebAddress.refusal(for: text) == nil, let url = URL(string: text) else {
            throw WatchError.unsafeURL(WebAddress.redacted(text))
        }
        return url.absoluteString
    }

    /// A downloaded file as a player may get it: an absolute path to a file that is there.
    public static func playableFile(_ path: String) throws -> String {
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) else { throw WatchError.unsafeURL(path) }
        return path
    }

    public override func execute() {
        let pid: pid_t
        do {
            pid = try spawn(playing: isLocalFile ? try Self.playableFile(url) : try Self.playableURL(url))
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

    /// The player with the caller's standard input, output and error, started as a shell would
    /// start it (see ``ProgramCommandLine/spawn(_:_:environment:standardInput:)``).
    private func spawn(playing target: String) throws -> pid_t {
        do {
            return try ProgramCommandLine.spawn(player.executable, player.argv(playing: target, from: start), environment: environment)
        } catch {
            throw WatchError.playerNotStarted(player.name, reason: error.reason)
        }
    }
}
