import ConferenceModel
import JSON
import PersonalSync

/// What wwdc keeps of a playback from what mpv reports over its JSON IPC: the last position, the
/// duration, the speed, whether the player failed; and when a position is due to be saved: the first one at once, then at
/// most every ``interval`` seconds while it moves, and at once when playback pauses (a paused
/// player may sit there, then be killed).
struct PlaybackTracker {
    /// The ids `observe_property` is asked with, by property.
    static let observed: [(id: Int, property: String)] = [(1, "time-pos"), (2, "duration"), (3, "pause"), (4, "speed")]

    let sessionID: String
    /// Seconds between two saves while playing.
    let interval: Double
    /// Seconds into the video last reported; nil before the first.
    private(set) var position: Double?
    /// The player's duration, when it knows one.
    private(set) var duration: Double?
    /// The first speed reported (what the player started at) and the last (one the person may have
    /// chosen with its keys since); nil before the first.
    private(set) var speeds: (first: Double, last: Double)?
    /// The player could not play the file.
    private(set) var failed = false
    private var saved: (position: Double, at: Double)?

    init(sessionID: String, interval: Double) {
        self.sessionID = sessionID
        self.interval = interval
    }

    /// Takes one message from the player, at `now` (seconds on a monotonic clock); returns the
    /// edit due now, if one is.
    mutating func take(_ message: [String: JSONValue], now: Double) -> PersonalEdit? {
        switch message["event"]?.stringValue {
        case "property-change":
            let name = message["name"]?.stringValue
            if name == "time-pos", let seconds = Self.seconds(message["data"]) {
                position = seconds
                guard let saved else { return save(at: now) }
                return now - saved.at >= interval && abs(seconds - saved.position) >= 0.5 ? save(at: now) : nil
            }
            if name == "duration", let seconds = Self.seconds(message["data"]), seconds > 0 {
                duration = seconds
            }
            if name == "speed", let rate = message["data"]?.numberValue, rate.isFinite, rate > 0 {
                speeds = (speeds?.first ?? rate, rate)
            }
            if name == "pause", message["data"] == true, let position, position != saved?.position {
                return save(at: now)
            }
            return nil
        case "end-file":
            if message["reason"]?.stringValue == "error" { failed = true }
            return nil
        default:
            return nil
        }
    }

    /// The edit that records how the playback ended: the last position, which counts as watched
    /// within the video's last 5 % or 30 s (``WatchProgress/recording(sessionID:position:duration:at:)``);
    /// with none ever reported, started with the position unknown (nothing when the player could not
    /// play the file).
    ///
    /// The player's end of file is not taken for the video's end: a dropped stream ends the same
    /// way, and so does mpv's own `--end`; only where it stopped says how far the video was watched.
    func finalEdit() -> PersonalEdit? {
        if let position { return .recordPosition(session: sessionID, position: position, duration: duration) }
        return failed ? nil : .recordStarted(session: sessionID, duration: duration)
    }

    private mutating func save(at now: Double) -> PersonalEdit? {
        guard let position else { return nil }
        saved = (position, now)
        return .recordPosition(session: sessionID, position: position, duration: duration)
    }

    /// A number of seconds as JSON gives it: finite and not negative.
    private static func seconds(_ value: JSONValue?) -> Double? {
        guard let seconds = value?.numberValue else { return nil }
        return seconds.isFinite && seconds >= 0 ? seconds : nil
    }
}
