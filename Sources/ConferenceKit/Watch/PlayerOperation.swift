import Foundation
import Operations

/// Plays a URL in a player program and finishes when the player exits.
///
/// The player shares the terminal (standard input, output and error), so Ctrl-C reaches it directly.
//
// @unchecked Sendable: the outcome is in a Locked; the rest is immutable.
public final class PlayerOperation: AdvancedOperation, @unchecked Sendable {
    public let url: String
    public let player: PlayerCommand
    private let outcome = Locked<Process.TerminationReason?>(nil)

    public init(url: String, player: PlayerCommand) {
        self.url = url
        self.player = player
        super.init()
        name = "play"
    }

    /// True when the player was ended by a signal (Ctrl-C).
    public var wasInterrupted: Bool { outcome.withLock { $0 } == .uncaughtSignal }

    public override func execute() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: player.executable)
        process.arguments = player.arguments + [url]
        process.terminationHandler = { [self] process in
            outcome.withLock { $0 = process.terminationReason }
            if process.terminationReason == .exit, process.terminationStatus != 0 {
                finish(with: [WatchError.playerFailed(player.name, status: process.terminationStatus)])
            } else {
                finish()
            }
        }
        do {
            try process.run()
        } catch {
            finish(with: [WatchError.playerNotStarted(player.name, reason: error.localizedDescription)])
        }
    }
}
