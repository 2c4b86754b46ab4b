import ConferenceModel
import Foundation

/// One WebVTT file from the segments of an HLS subtitle rendition: each segment's cues placed on the
/// video's timeline by its `X-TIMESTAMP-MAP`, in order, a cue repeated across a segment border
/// (as Apple's segments repeat it) kept once.
///
/// A segment's header `X-TIMESTAMP-MAP=MPEGTS:<m>,LOCAL:<l>` says that its cue time `l` is the
/// media's timestamp `m` (90 kHz), so a cue written at `c` is at `c − l + (m − first) / 90000`
/// seconds of the video, where `first` is the stream's first media timestamp. That one is read from
/// the first segment's map (its `m − l`), not assumed: Apple's segmenters map `LOCAL:00:00:00.000`
/// to the stream's first timestamp in every segment, whatever that timestamp is (WWDC's streams
/// have used `MPEGTS:181083`; the common MPEG-TS muxers' convention is 10 s, `MPEGTS:900000`), so
/// that their cue times are the video's; reading the timestamp itself would mean fetching and
/// parsing a video segment (MPEG-TS or fragmented MP4) for each file. A segment without a map holds
/// the video's times. A map that puts a segment's cues outside the video (before its start, or past
/// a day) is refused rather than guessed at.
public struct WebVTTJoiner: Sendable {
    /// MPEG-TS timestamps count 33 bits.
    static let timestampRange: Range<Int64> = 0..<(Int64(1) << 33)
    /// The latest a cue may end: no video lasts a day.
    public static let maxSeconds: Double = 86_400
    /// The most cues a file may hold (an hour's talk has about a thousand).
    public static let maxCues = 100_000
    /// The most characters a cue's text keeps.
    static let maxCueText = 2_000

    /// A cue on the video's timeline.
    public struct Cue: Equatable, Sendable {
        public var start: Double
        public var end: Double
        /// Its settings (`align:center line:90%`), kept when they are plainly settings.
        public var settings: String
        /// Its lines, cleaned.
        public var text: String
    }

    /// The stream's first media timestamp (90 kHz), once known: given, else read from the first
    /// segment with a map.
    public private(set) var firstMediaTimestamp: Int64?
    private(set) var cues: [Cue] = []
    private var seen = Set<String>()

    /// `firstMediaTimestamp`: the stream's, when known; nil to read it from the first map.
    public init(firstMediaTimestamp: Int64? = nil) {
        self.firstMediaTimestamp = firstMediaTimestamp
    }

    /// Adds the cues of segment number `index` (counted from 0, for messages), `text` as fetched.
    public mutating func add(segment text: String, index: Int) throws {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let blocks = Self.blocks(body)
        guard let header = blocks.first, let signature = header.first, signature == "WEBVTT" || signature.hasPrefix("WEBVTT ") || signature.hasPrefix("WEBVTT\t") else {
            throw SubtitleError.notWebVTT(segment: index)
        }
        var offset = 0.0
        if let map = header.dropFirst().first(where: { $0.hasPrefix("X-TIMESTAMP-MAP=") }) {
            offset = try self.offset(of: map.dropFirst("X-TIMESTAMP-MAP=".count), segment: index)
        }
        for block in blocks.dropFirst() {
            guard let timing = block.firstIndex(where: { $0.contains("-->") }) else { continue } // NOTE, STYLE, REGION
            guard let cue = Self.cue(timing: block[timing], lines: block[(timing + 1)...], offset: offset) else { continue }
            guard cue.start >= -0.001, cue.end <= Self.maxSeconds else {
                throw SubtitleError.badTimestampMap(segment: index, detail: "it puts a cue at \(Self.seconds(cue.start < 0 ? cue.start : cue.end)), outside the video")
            }
            let key = "\(Int((cue.start * 1000).rounded())) \(Int((cue.end * 1000).rounded())) \(cue.text)"
            guard seen.insert(key).inserted else { continue }
            guard cues.count < Self.maxCues else { throw SubtitleError.tooManyCues(limit: Self.maxCues) }
            cues.append(Cue(start: max(0, cue.start), end: cue.end, settings: cue.settings, text: cue.text))
        }
    }

    /// The joined file: `WEBVTT`, then every cue in order of its start.
    public func document() -> String {
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var out = "WEBVTT\n"
        for cue in ordered {
            out += "\n\(WebVTTWriter.timestamp(cue.start)) --> \(WebVTTWriter.timestamp(cue.end))"
            out += (cue.settings.isEmpty ? "" : " " + cue.settings) + "\n" + cue.text + "\n"
        }
        return out
    }

    /// The seconds to add to a segment's cue times, from its map's value (`MPEGTS:…,LOCAL:…`).
    private mutating func offset(of map: Substring, segment: Int) throws -> Double {
        var mpegts: Int64?
        var local: Double?
        for part in map.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("MPEGTS:") { mpegts = Int64(trimmed.dropFirst(7)) }
            if trimmed.hasPrefix("LOCAL:") { local = Self.time(trimmed.dropFirst(6)) }
        }
        let shown = String(map.prefix(80))
        guard let mpegts, Self.timestampRange.contains(mpegts), let local, local <= Self.maxSeconds else {
            throw SubtitleError.badTimestampMap(segment: segment, detail: "'\(Clean.line(shown))' is not a map of a 33-bit MPEG-TS time to a cue time within a day")
        }
        let ticks = Int64(local * 90_000)
        let first = firstMediaTimestamp ?? (mpegts - ticks)
        firstMediaTimestamp = first
        // MPEG-TS time wraps at 2^33: a timestamp far below the first is past the wrap.
        let unwrapped = mpegts < first - (Int64(1) << 32) ? mpegts + (Int64(1) << 33) : mpegts
        return Double(unwrapped - first) / 90_000 - local
    }

    /// A cue from its timing line and text lines, moved by `offset`; nil when the timing line is not one.
    private static func cue(timing: Substring, lines: ArraySlice<Substring>, offset: Double) -> (start: Double, end: Double, settings: String, text: String)? {
        let halves = timing.components(separatedBy: "-->")
        guard halves.count == 2, let start = time(Substring(halves[0].trimmingCharacters(in: .whitespaces))) else { return nil }
        let after = halves[1].trimmingCharacters(in: .whitespaces)
        let endText = after.prefix { !$0.isWhitespace }
        guard let end = time(endText), end >= start else { return nil }
        var settings = after.dropFirst(endText.count).trimmingCharacters(in: .whitespaces)
        if settings.count > 200 || !settings.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ":%.,- ".unicodeScalars.contains($0)) }) {
            settings = ""
        }
        // "-->" in a text line would read as a timing line.
        let text = lines.map { Clean.line(String($0)).replacingOccurrences(of: "-->", with: "→") }
            .filter { !$0.isEmpty }.joined(separator: "\n")
        guard !text.isEmpty else { return nil }
        return (start + offset, end + offset, settings, String(text.prefix(maxCueText)))
    }

    /// A WebVTT timestamp (`hh:mm:ss.ttt` or `mm:ss.ttt`) in seconds.
    static func time(_ text: Substring) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), let last = fields.last else { return nil }
        let parts = last.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 3,
              let seconds = Int(parts[0]), let millis = Int(parts[1]), seconds < 60,
              fields.dropLast().allSatisfy({ $0.count >= 2 && $0.count <= 9 && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else { return nil }
        let numbers = fields.dropLast().compactMap { Int($0) }
        let minutes = numbers.last ?? 0
        let hours = numbers.count == 2 ? numbers[0] : 0
        guard minutes < 60 || numbers.count == 1 else { return nil }
        return Double(hours) * 3600 + Double(minutes) * 60 + Double(seconds) + Double(millis) / 1000
    }

    /// The blocks of a WebVTT text: runs of lines between blank lines.
    private static func blocks(_ text: Substring) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { blocks.append(current); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f s", value)
    }
}
