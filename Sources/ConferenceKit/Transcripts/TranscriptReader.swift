import PlainText
import Foundation

/// Reads transcript manifests and transcript files by the decoding policy: a file is refused only
/// when it cannot be trusted as a whole (not JSON, or without its top-level object); an item or a
/// line that cannot be used is left out and reported; every shape the real files use is accepted
/// (seconds as numbers or numeric text, a missing language). Segments are joined into sentences.
public enum TranscriptReader {
    /// The manifest in `data`, its URLs resolved against `base` (where the manifest came from).
    ///
    /// - Throws: ``FeedError`` when it is not JSON or has no `individual` object.
    public static func manifest(_ data: Data, feed: String, base: URL) throws -> (TranscriptManifest, [FeedIssue]) {
        let top = try object(data, feed: feed)
        guard let individual = top["individual"] as? [String: Any] else {
            throw FeedError(kind: top["individual"] == nil ? .missingField : .wrongType, feed: feed, path: "individual",
                            detail: "a transcript manifest lists its transcripts in an `individual` object")
        }
        var issues: [FeedIssue] = []
        var entries: [String: TranscriptManifest.Entry] = [:]
        for (id, value) in individual {
            switch entry(value, base: base) {
            case .success(let entry): entries[id] = entry
            case .failure(let reason): issues.append(FeedIssue(kind: .skipped, feed: feed, item: id, field: "url", reason: reason.text))
            }
        }
        var digest: TranscriptManifest.Entry?
        if let value = top["digest"], !(value is NSNull) {
            switch entry(value, base: base) {
            case .success(let entry): digest = entry
            case .failure(let reason): issues.append(FeedIssue(kind: .ignored, feed: feed, item: nil, field: "digest", reason: reason.text))
            }
        }
        return (TranscriptManifest(individual: entries, digest: digest), issues)
    }

    /// The transcripts in one file (one for an individual file, all of them for a digest), keyed by
    /// content id. An entry without a usable `transcript` array is skipped; a line that is not
    /// `[seconds, "text"]` is left out.
    ///
    /// - Throws: ``FeedError`` when it is not a JSON object.
    public static func transcripts(_ data: Data, feed: String, language fallback: String) throws -> ([Transcript], [FeedIssue]) {
        let top = try object(data, feed: feed)
        var issues: [FeedIssue] = []
        var transcripts: [Transcript] = []
        for (id, value) in top.sorted(by: { $0.key < $1.key }) {
            guard let item = value as? [String: Any] else {
                issues.append(FeedIssue(kind: .skipped, feed: feed, item: id, field: nil, reason: "not an object"))
                continue
            }
            guard let raw = item["transcript"] as? [Any] else {
                issues.append(FeedIssue(kind: .skipped, feed: feed, item: id, field: "transcript",
                                        reason: item["transcript"] == nil ? "missing" : "not a list"))
                continue
            }
            let language = (item["language"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? fallback
            var lines: [Transcript.Line] = []
            var sentence: (start: Double, words: [Substring])?
            var paragraph = 0
            var leftOut = 0
            // Apple's segments are a few words each, cut anywhere in a sentence: they are joined into
            // sentences, so that a phrase is found whole and a line reads as one.
            func endSentence() {
                if let open = sentence {
                    lines.append(Transcript.Line(start: open.start, text: open.words.joined(separator: " "), paragraph: paragraph))
                }
                sentence = nil
            }
            for element in raw {
                guard let pair = element as? [Any], pair.count >= 2, let start = seconds(pair[0]), let text = pair[1] as? String else {
                    leftOut += 1
                    continue
                }
                let words = text.split(whereSeparator: \.isWhitespace)
                if !words.isEmpty {
                    if sentence == nil { sentence = (start, []) }
                    sentence?.words += words
                    if endsSentence(words.last!) || (sentence?.words.count ?? 0) >= maximumSentenceWords { endSentence() }
                }
                if text.hasSuffix("\n\n") {
                    endSentence()
                    // A break ends the paragraph only when it has a line: no empty paragraphs.
                    if lines.last?.paragraph == paragraph { paragraph += 1 }
                }
            }
            endSentence()
            if leftOut > 0 {
                issues.append(FeedIssue(kind: .ignored, feed: feed, item: id, field: "transcript",
                                        reason: Quantity.text(leftOut, "line") + " not [seconds, text] (seconds from 0 to 10000000)"))
            }
            transcripts.append(Transcript(sessionID: id, language: language, lines: lines))
        }
        return (transcripts, issues)
    }

    private enum Refusal: Error {
        case reason(String)
        var text: String { switch self { case .reason(let text): text } }
    }

    private static func entry(_ value: Any, base: URL) -> Result<TranscriptManifest.Entry, Refusal> {
        guard let object = value as? [String: Any] else { return .failure(.reason("not an object")) }
        guard let link = object["url"] as? String, !link.isEmpty else { return .failure(.reason("no url")) }
        guard let url = URL(string: link, relativeTo: base)?.absoluteURL else { return .failure(.reason("not a URL")) }
        let etag: String?
        switch object["etag"] {
        case let text as String where !text.isEmpty: etag = text
        case let number as NSNumber: etag = number.stringValue
        default: etag = nil
        }
        return .success(TranscriptManifest.Entry(url: url, etag: etag))
    }

    /// A sentence that never ends (no punctuation at all) is cut into lines of this many words.
    static let maximumSentenceWords = 60

    /// Whether a word ends a sentence: `.`, `?`, `!` or `…`, perhaps followed by a closing quote.
    private static func endsSentence(_ word: Substring) -> Bool {
        var word = word
        while let last = word.last, "\"'”’)]".contains(last) { word = word.dropLast() }
        guard let last = word.last else { return false }
        return ".?!…。？！".contains(last)
    }

    /// Seconds into the video, in ``FeedRange/videoSeconds``.
    private static func seconds(_ value: Any) -> Double? {
        let seconds: Double
        switch value {
        // JSON's true and false come back as numbers of type `c` (char): not seconds.
        case let number as NSNumber where String(cString: number.objCType) != "c":
            seconds = number.doubleValue
        case let text as String:
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else { return nil }
            seconds = number
        default:
            return nil
        }
        guard FeedRange.videoSeconds.contains(seconds) else { return nil }
        return seconds == 0 ? 0 : seconds
    }

    private static func object(_ data: Data, feed: String) throws -> [String: Any] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw FeedDecoder.unreadable(data, feed: feed)
        }
        guard let object = value as? [String: Any] else {
            throw FeedError(kind: .wrongType, feed: feed, path: "", detail: "expected an object")
        }
        return object
    }
}
