import Foundation

/// A session's page on Apple's developer site, `https://developer.apple.com/videos/play/<event>/<number>/`:
/// the form the site itself uses for a moment of a video (`?time=<seconds>`), which the feed's short
/// `webPermalink` (`…/wwdc17/402`) loses in its redirect; and the links people paste that name one.
///
/// An event's segment in that form is its id (`wwdc2019`, `tech-talks`), as the feeds' `webPermalink`s
/// of other events than WWDC and their events' `webUrlKey`s (`videos/play/tech-talks`) show.
public struct SessionLink: Hashable, Sendable {
    /// The site's host; `www.` before it is taken too.
    public static let host = "developer.apple.com"
    /// The path of the videos' pages, before an event's id.
    public static let videosPath = "videos/play"
    /// The longest number a link's session number or time may have: more than any real one, and no
    /// overflow.
    static let maximumDigits = 9

    /// The event's id, as a segment of the page's path.
    public let eventID: String
    /// The session's number within its event.
    public let number: Int

    /// The page of session `number` of `eventID`; nil without a number, for an event id that cannot
    /// be a segment of a path (not an ``ItemID``, or `.` and `..`), and for an item the feed gives
    /// another kind of page (`permalink` ends in something else than its number: an article's
    /// `news/?id=…`).
    public init?(eventID: String, number: Int?, permalink: String? = nil) {
        guard let number, number >= 0, ItemID.isUsable(eventID), eventID != ".", eventID != ".." else { return nil }
        if let permalink, let last = Self.parts(of: permalink)?.path.last, last != String(number) { return nil }
        self.eventID = eventID
        self.number = number
    }

    /// The page's address, at `seconds` into the video when given (from the first second on: the
    /// start is the page itself).
    public func address(at seconds: Int? = nil) -> String {
        "https://\(Self.host)/\(Self.videosPath)/\(eventID)/\(number)/" + (seconds.map { $0 >= 1 ? "?time=\($0)" : "" } ?? "")
    }

    // MARK: Links people paste

    /// What a pasted link names.
    public enum Pasted: Equatable, Sendable {
        /// A session's page: the path before its number (`wwdc19`, `videos/play/wwdc2019`, as typed),
        /// its number, and the moment its `?time=` gives, in seconds.
        case page(path: String, number: Int, time: Int?)
        /// A link that names no session: why.
        case refused(Refusal)
    }

    /// Why a link names no session.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// A link to another site than ``SessionLink/host`` (the host as written).
        case otherHost(String)
        /// A page of the site that is not a session's (no number at the end of its path).
        case notASessionPage
        /// A `?time=` that is not a number of seconds (as written).
        case time(String)

        public var description: String {
            switch self {
            case .otherHost(let host): "it is a link to \(host), not to \(SessionLink.host)"
            case .notASessionPage: "it is not a link to a session's video on \(SessionLink.host)"
            case .time(let text): "its time '\(text)' is not a number of seconds"
            }
        }
    }

    /// The forms of links that name a session, for a person told that a link does not.
    public static let forms = "\(host)/\(videosPath)/wwdc2019/209/ (with ?time=754 for a moment), \(host)/\(videosPath)/tech-talks/206/ or \(host)/wwdc19/209"

    /// What `text` names as a link: with or without the scheme (`https://`, `http://`) and `www.`,
    /// a trailing slash, a query (`?time=754`, other parameters ignored) and a fragment; a path
    /// without a host (`wwdc17/402`) is one of the site's. Nil for text that is no link (no `/`), and
    /// for a path without a host that names no session (left to be read as something else).
    public static func pasted(_ text: String) -> Pasted? {
        guard let (host, path, query) = parts(of: text) else { return nil }
        if let host {
            let bare = host.lowercased()
            guard bare == Self.host || bare == "www." + Self.host else { return .refused(.otherHost(host)) }
        }
        guard path.count >= 2, let number = number(path[path.count - 1]) else {
            return host == nil ? nil : .refused(.notASessionPage)
        }
        var time: Int?
        for parameter in query.split(separator: "&") where parameter.lowercased().hasPrefix("time=") {
            let value = String(parameter.dropFirst("time=".count))
            guard let seconds = Self.number(value) else { return .refused(.time(value)) }
            time = seconds
        }
        return .page(path: path.dropLast().joined(separator: "/"), number: number, time: time)
    }

    /// The host (nil when `text` is a path without one), the path's segments and the query of a
    /// link; nil for text that is no link.
    private static func parts(of text: String) -> (host: String?, path: [String], query: Substring)? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var scheme: Substring?
        if let separator = rest.range(of: "://") {
            scheme = rest[..<separator.lowerBound]
            rest = rest[separator.upperBound...]
        } else if !rest.contains("/") {
            return nil
        }
        var segments = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // A first segment with a dot is a host (`developer.apple.com`); a path's first segments have none.
        guard scheme != nil || segments.first?.contains(".") == true else { return (nil, segments, query) }
        var host = segments.isEmpty ? "" : segments.removeFirst()
        // Another scheme is another site, whatever its host.
        if let scheme, !["https", "http"].contains(scheme.lowercased()) { host = scheme + "://" + host }
        return (host, segments, query)
    }

    /// A whole number of ASCII digits, at most ``maximumDigits`` of them.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= maximumDigits, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
