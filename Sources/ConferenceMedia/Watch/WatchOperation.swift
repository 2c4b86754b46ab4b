import ConferenceData
import ConferenceModel
import PersonalSync
import Foundation
import Operations
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays a session's video and keeps how far the person watched: with a player that reports its
/// position (mpv), each position due as playback goes and the one it stopped at, however it
/// stopped, and the speed it ended at; with another, that the playback started, the position
/// unknown. Every one is a ``ChangePersonalDataOperation``, saved in the order made. A stream's
/// variant of a quality is chosen first when one is asked for (``ChooseStreamVariantOperation``).
///
/// mpv answers on a socket in a new folder only this user can enter, removed when it is done.
//
// @unchecked Sendable: mutable state is in a Locked; the rest is immutable.
public final class WatchOperation: GroupOperation, @unchecked Sendable {
    public let sessionID: String
    public let play: PlayerOperation
    /// What chooses the stream's variant, when a quality was asked for.
    public let chooseVariant: ChooseStreamVariantOperation?
    private let follow = Locked<FollowPlaybackOperation?>(nil)
    private let controlFolder: String?
    /// The last change made, which the next waits for. Never held while the engine is called: a
    /// change finishing calls ``operationDidFinish(_:withErrors:)`` with the engine's locks held.
    private let lastChange = Locked<ChangePersonalDataOperation?>(nil)
    private let savedProgress = Locked<WatchProgress?>(nil)

    /// Plays `target` (a web address, or a downloaded file when `isLocalFile`) in `player` from
    /// `start` seconds at `speed`; `target` being an HLS stream, in its variant of `streamQuality`
    /// when given. With `store`, the progress of `sessionID` is kept there (and pushed to
    /// `backends`), dated by `clock`; without (a live stream), nothing is kept. mpv's socket folder
    /// is made in the first of `controlFolderBases` where one can be.
    ///
    /// - Throws: ``WatchError/noControlFolder(_:reason:)`` when no folder can be made for mpv's socket.
    public convenience init(sessionID: String, target: String, isLocalFile: Bool, player: PlayerCommand, start: Int?,
                            speed: PlaybackSpeed? = nil, streamQuality: MediaQuality? = nil, environment: [String: String],
                            store: ConferenceStore?, backends: [any PersonalDataBackend] = [], controlFolderBases: [String],
                            clock: @escaping @Sendable () -> Date) throws {
        // Thrown before the operation is made: a designated init that throws part-way through
        // crashes Swift 6.3's optimizer (release builds) on this class.
        let folder = store != nil && player.reportsPosition ? try Self.makeControlFolder(under: controlFolderBases) : nil
        self.init(sessionID: sessionID, target: target, isLocalFile: isLocalFile, player: player, start: start, speed: speed,
                  streamQuality: streamQuality, environment: environment, store: store, backends: backends, controlFolder: folder,
                  clock: clock)
    }

    private init(sessionID: String, target: String, isLocalFile: Bool, player: PlayerCommand, start: Int?, speed: PlaybackSpeed?,
                 streamQuality: MediaQuality?, environment: [String: String], store: ConferenceStore?, backends: [any PersonalDataBackend],
                 controlFolder folder: String?, clock: @escaping @Sendable () -> Date) {
        let socket = folder.map { $0 + "/mpv.sock" }
        let play = isLocalFile
            ? PlayerOperation(file: target, player: player, start: start, speed: speed, controlSocket: socket, environment: environment)
            : PlayerOperation(url: target, player: player, start: start, speed: speed, controlSocket: socket, environment: environment)
        let chooser = isLocalFile ? nil : Self.variantChooser(of: target, quality: streamQuality)
        if let chooser { play.playVariant(chosenBy: chooser) }
        self.play = play
        self.chooseVariant = chooser
        self.sessionID = sessionID
        self.controlFolder = folder
        super.init(operations: [chooser, play].compactMap { $0 })
        name = "watch"
        if let store { keepProgress(in: store, backends: backends, socket: socket, clock: clock) }
    }

    /// Keeps the playback's progress in `store`: followed over mpv's `socket`, else that it started.
    private func keepProgress(in store: ConferenceStore, backends: [any PersonalDataBackend], socket: String?,
                              clock: @escaping @Sendable () -> Date) {
        let record: @Sendable (PersonalEdit) -> Void = { [weak self] edit in
            self?.save(edit, store: store, backends: backends, at: clock())
        }
        let sessionID = sessionID
        if let socket {
            let following = FollowPlaybackOperation(sessionID: sessionID, play: play, socketPath: socket, record: record)
            follow.withLock { $0 = following }
            addOperation(following)
        } else {
            play.whenStarted { record(.recordStarted(session: sessionID, duration: nil)) }
        }
    }

    /// What chooses the variant of `quality` of the stream at `target`; nil without a quality, or
    /// for an address a player may not be given.
    private static func variantChooser(of target: String, quality: MediaQuality?) -> ChooseStreamVariantOperation? {
        guard let quality, let address = try? PlayerOperation.playableURL(target), let url = URL(string: address) else { return nil }
        return ChooseStreamVariantOperation(url: url, quality: quality)
    }

    /// The progress as last saved by this playback; nil before the first save, or when none was kept.
    public var progress: WatchProgress? { savedProgress.withLock { $0 } }

    /// The speed the person chose in the player as it played (mpv's keys): the one it ended at, when
    /// that is not the one it started at; nil when the speed did not change, or the player reports none.
    public var speedChosenInPlayer: PlaybackSpeed? {
        guard let speeds = follow.withLock({ $0 })?.speeds, let last = PlaybackSpeed(rate: speeds.last),
              last != PlaybackSpeed(rate: speeds.first) else { return nil }
        return last
    }

    /// Ends the player (as Ctrl-C does); where it stopped is still kept.
    public func stopPlayer() {
        chooseVariant?.cancel()
        play.stop()
    }

    private func save(_ edit: PersonalEdit, store: ConferenceStore, backends: [any PersonalDataBackend], at date: Date) {
        let change = ChangePersonalDataOperation(edit: edit, store: store, at: date, backends: backends)
        let previous = lastChange.withLock { last in
            defer { last = change }
            return last
        }
        if let previous { change.addDependency(previous) }  // saved in the order made
        addOperation(change)
    }

    public override func operationDidFinish(_ operation: Operation, withErrors errors: [any Error]) {
        guard let change = operation as? ChangePersonalDataOperation, let progress = change.results.first?.progress else { return }
        savedProgress.withLock { $0 = progress }
    }

    public override func finished(with errors: [any Error]) {
        if let controlFolder { try? FileManager.default.removeItem(atPath: controlFolder) }
    }

    /// A new folder only this user can enter, `wwdc-player.XXXXXX`, in the first of `bases` where
    /// one can be made and where its socket's path fits a socket's address.
    private static func makeControlFolder(under bases: [String]) throws -> String {
        var failure = (base: bases.first ?? "/tmp", reason: "no folder given")
        for base in bases where !base.isEmpty {
            var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("wwdc-player.XXXXXX".utf8CString)
            // sun_path holds 104 bytes on macOS, 108 on Linux, its terminating zero included.
            guard template.count - 1 + "/mpv.sock".utf8.count < 104 else {
                failure = (base, "the path is too long for a socket")
                continue
            }
            guard mkdtemp(&template) != nil else {
                failure = (base, String(cString: strerror(errno)))
                continue
            }
            return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        throw WatchError.noControlFolder(failure.base, reason: failure.reason)
    }
}
