import ConferenceModel
import JSON
import PersonalSync
import Foundation
import Operations

/// Follows a playback in mpv over its JSON IPC socket: the position, the duration, the pause, the
/// speed and the end of the file. It hands on the positions due to be saved as playback goes
/// (``PlaybackTracker``), then, once the player has closed the socket (it quit, played to the
/// end, or was killed), how the playback ended.
///
/// The socket is read on a thread of its own: its reads block for as long as the video plays.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class FollowPlaybackOperation: AdvancedOperation, @unchecked Sendable {
    public let sessionID: String
    /// The player's IPC socket.
    public let socketPath: String
    private let play: PlayerOperation
    private let interval: Double
    private let record: @Sendable (PersonalEdit) -> Void
    private let playerStarted = Locked(false)
    private let reportedSpeeds = Locked<(first: Double, last: Double)?>(nil)

    /// Follows what `play` plays on `socketPath`, handing `record` each edit due, at most every
    /// `interval` seconds while playing.
    public init(sessionID: String, play: PlayerOperation, socketPath: String, interval: Double = 5,
                record: @escaping @Sendable (PersonalEdit) -> Void) {
        self.sessionID = sessionID
        self.play = play
        self.socketPath = socketPath
        self.interval = interval
        self.record = record
        super.init()
        name = "follow playback"
        play.whenStarted { [playerStarted] in playerStarted.withLock { $0 = true } }
    }

    /// The first speed the player reported and the last, once it has ended (the person may have
    /// chosen another as it played); nil when it reported none.
    public var speeds: (first: Double, last: Double)? { reportedSpeeds.withLock { $0 } }

    public override func execute() {
        Thread.detachNewThread { [self] in
            follow()
            finish()
        }
    }

    private func follow() {
        let connection = connect()
        var tracker = PlaybackTracker(sessionID: sessionID, interval: interval)
        if let connection {
            for (id, property) in PlaybackTracker.observed { connection.send(["observe_property", .int(Int64(id)), .string(property)]) }
            while let message = connection.next() {
                if let edit = tracker.take(message, now: Self.seconds()) { record(edit) }
            }
            reportedSpeeds.withLock { $0 = tracker.speeds }
        }
        // A player that never opened the socket (a program called mpv that is not) still played.
        guard connection != nil || playerStarted.withLock({ $0 }), let edit = tracker.finalEdit() else { return }
        record(edit)
    }

    /// The connection to the player, once it listens; nil when it ended (or never started) first.
    ///
    /// mpv makes its socket itself a moment after it starts, and nothing announces it: the socket
    /// is tried again, a little later each time, up to a tenth of a second apart.
    private func connect() -> MPVConnection? {
        var delay = 0.005
        while true {
            if let connection = MPVConnection.connect(socketPath) { return connection }
            guard !play.hasEnded, !isCancelled else { return nil }
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 0.1)
        }
    }

    private static func seconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
