import ConferenceModel
import Foundation
import PlainText

/// What wwdc reads of an HLS playlist: a master playlist's variants (`#EXT-X-STREAM-INF`) and
/// subtitle renditions (`#EXT-X-MEDIA:TYPE=SUBTITLES`), a media playlist's segments; each address
/// resolved against the playlist's own and held to the address rule.
///
/// A playlist is the server's text: an address that is not one wwdc fetches (another scheme, plain
/// http beyond this machine, a user name), or that climbs out of its folder with `..`, is refused,
/// and a media playlist of more than ``maxSegments`` segments is refused before any is fetched.
public enum HLSPlaylist {
    /// The most bytes a playlist may have: Apple's master playlists are a few kB, a rendition of
    /// an hour's talk some 30 kB.
    public static let maxBytes: Int64 = 2_000_000
    /// The most segments a media playlist may list: 10,000 segments of Apple's 6 seconds are 16
    /// hours, and no session is longer than 3.
    public static let maxSegments = 10_000

    /// A subtitle rendition the master playlist offers.
    public struct Rendition: Equatable, Sendable {
        /// The `LANGUAGE` attribute as written (cleaned); nil when it has none or not a code.
        public var language: SubtitleLanguage?
        /// The `NAME` attribute (cleaned), what a player shows.
        public var name: String
        /// Its media playlist, resolved; nil when the URI was refused (see ``refusal``).
        public var url: URL?
        /// Why its URI was refused.
        public var refusal: SubtitleError?
    }

    /// The subtitle renditions of the master playlist `text`, fetched from `base`, in its order.
    public static func renditions(_ text: String, base: URL) throws -> [Rendition] {
        guard isPlaylist(text) else { throw SubtitleError.notAPlaylist(url: WebAddress.redacted(base.absoluteString)) }
        var renditions: [Rendition] = []
        for line in lines(text) where line.hasPrefix("#EXT-X-MEDIA:") {
            let attributes = Self.attributes(line.dropFirst("#EXT-X-MEDIA:".count))
            guard attributes["TYPE"] == "SUBTITLES", let uri = attributes["URI"] else { continue }
            var rendition = Rendition(language: attributes["LANGUAGE"].flatMap(SubtitleLanguage.init),
                                      name: Clean.line(attributes["NAME"] ?? attributes["LANGUAGE"] ?? ""), url: nil, refusal: nil)
            switch resolve(uri[...], against: base) {
            case .success(let url): rendition.url = url
            case .failure(let refusal): rendition.refusal = refusal
            }
            renditions.append(rendition)
            if renditions.count >= 256 { break }
        }
        return renditions
    }

    /// The variants of the master playlist `text`, fetched from `base`, in its order: none when it
    /// is not one (a media playlist, or not a playlist). A variant without a BANDWIDTH, which the
    /// format requires, or at an address refused, is left out.
    public static func variants(_ text: String, base: URL) -> [HLSVariant] {
        guard isPlaylist(text) else { return [] }
        let tag = "#EXT-X-STREAM-INF:"
        var variants: [HLSVariant] = []
        var pending: [String: String]?
        for line in lines(text) {
            if line.hasPrefix(tag) {
                pending = attributes(line.dropFirst(tag.count))
            } else if !line.hasPrefix("#"), let attributes = pending {
                // The line after the tag, whatever tags come between, is the variant's address.
                pending = nil
                guard let bandwidth = attributes["BANDWIDTH"].flatMap(decimal), bandwidth > 0,
                      case .success(let url) = resolve(line, against: base) else { continue }
                let size = attributes["RESOLUTION"]?.split(separator: "x", omittingEmptySubsequences: false).map { decimal($0) } ?? []
                let (width, height) = size.count == 2 ? (size[0], size[1]) : (nil, nil)
                variants.append(HLSVariant(url: url, bandwidth: bandwidth, width: width, height: height))
                if variants.count >= 256 { break }
            }
        }
        return variants
    }

    /// The segments of the media playlist `text`, fetched from `base`, in order; fails on the first
    /// address refused and on a playlist of more than ``maxSegments``.
    public static func segments(_ text: String, base: URL) throws -> [URL] {
        guard isPlaylist(text) else { throw SubtitleError.notAPlaylist(url: WebAddress.redacted(base.absoluteString)) }
        var uris: [Substring] = []
        var count = 0
        for line in lines(text) where !line.isEmpty && !line.hasPrefix("#") {
            count += 1
            if uris.count < maxSegments { uris.append(line) }
        }
        guard count <= maxSegments else { throw SubtitleError.tooManySegments(count: count, limit: maxSegments) }
        return try uris.map { uri in try resolve(uri, against: base).get() }
    }

    /// `uri` resolved against `base`, when wwdc may fetch it.
    static func resolve(_ uri: Substring, against base: URL) -> Result<URL, SubtitleError> {
        let shown = String(WebAddress.redacted(String(uri)).prefix(120))
        // A path that climbs (`../`, written plainly or percent-encoded) leaves the stream's folder.
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let decoded = path.removingPercentEncoding ?? path
        if decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." }) {
            return .failure(.climbingPath(uri: shown))
        }
        guard let url = URL(string: String(uri), relativeTo: base)?.absoluteURL else { return .failure(.refusedAddress(uri: shown, reason: "not an address")) }
        // The playlist's own addresses are taken as written: plain http beyond this machine is refused,
        // not upgraded (a relative address has the playlist's scheme, upgraded or not).
        if let refusal = WebAddress.refusal(for: url) { return .failure(.refusedAddress(uri: shown, reason: refusal.description)) }
        return .success(url)
    }

    private static func isPlaylist(_ text: String) -> Bool {
        text.hasPrefix("#EXTM3U") || text.hasPrefix("\u{FEFF}#EXTM3U")
    }

    /// The lines of `text`, without their ends and surrounding blanks.
    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces)[...] }
    }

    /// An attribute list (`A=B,C="d,e"`), by name; quoted values without their quotes.
    static func attributes(_ list: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = list[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...]
            var value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                value = body[..<close]
                rest = close < body.endIndex ? body[body.index(after: close)...] : body[close...]
                if let comma = rest.firstIndex(of: ",") { rest = rest[rest.index(after: comma)...] } else { rest = rest[rest.endIndex...] }
            } else {
                let comma = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<comma]
                rest = comma < rest.endIndex ? rest[rest.index(after: comma)...] : rest[comma...]
            }
            if result[name] == nil { result[name] = String(value) }
        }
        return result
    }

    /// A decimal-integer (digits only, as the format writes them); nil for anything else or one too large.
    private static func decimal(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
