import ConferenceModel
import JSON
import PlainText
import Foundation

/// Reads transcript manifests and transcript files with the feeds' scanner, by the decoding policy:
/// a file is refused only when it cannot be trusted as a whole (not JSON, without its top-level
/// object, or holding what no reader of a whole file can: a lone surrogate, a number beyond a
/// double); an item or a line that cannot be used is left out and reported; every shape the real
/// files use is accepted (seconds as numbers or numeric text, a missing language). Segments are
/// joined into sentences.
public enum TranscriptReader {
    /// The manifest in `data`, its URLs resolved against `base` (where the manifest came from).
    ///
    /// - Throws: ``FeedError`` when it is not JSON or has no `individual` object.
    public static func manifest(_ data: Data, feed: String, base: URL) throws -> (TranscriptManifest, [FeedIssue]) {
        // By key, the last of a repeated key winning: nil while absent; `individual` nil inside when not an object.
        var individual: [String: Result<TranscriptManifest.Entry, Refusal>]??
        var unusable: [FeedIssue] = []
        var digest: Result<TranscriptManifest.Entry, Refusal>?
        try readObject(data, feed: feed) { scanner, key, file in
            switch key {
            case "individual":
                guard scanner.peekKind() == .object else {
                    try file.skip(&scanner)
                    individual = .some(nil)
                    return
                }
                var entries: [String: Result<TranscriptManifest.Entry, Refusal>] = [:]
                var position = 0
                try scanner.readObject { scanner, key in
                    let id = String(decoding: key, as: UTF8.self)
                    // Its content id becomes a session's: one that is not an id is skipped, named by its place.
                    if let problem = ItemID.problem(id) {
                        try file.skip(&scanner)
                        unusable.append(FeedIssue(kind: .skipped, feed: feed, item: "individual[\(position)]", field: nil,
                                                  reason: "expected an id as its key, found " + problem))
                    } else {
                        entries[id] = try entry(&scanner, base: base, file: &file)
                    }
                    position += 1
                }
                individual = entries
            case "digest":
                if scanner.peekKind() == .null {
                    try scanner.skipValue()
                    digest = nil
                } else {
                    digest = try entry(&scanner, base: base, file: &file)
                }
            default:
                try file.skip(&scanner)
            }
        }
        guard case let entries?? = individual else {
            throw FeedError(kind: individual == nil ? .missingField : .wrongType, feed: feed, path: "individual",
                            detail: "a transcript manifest lists its transcripts in an `individual` object")
        }
        var issues = unusable
        var manifest = TranscriptManifest(individual: [:], digest: nil)
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
            switch entry {
            case .success(let entry): manifest.individual[id] = entry
            case .failure(let reason): issues.append(FeedIssue(kind: .skipped, feed: feed, item: id, field: "url", reason: reason.text))
            }
        }
        switch digest {
        case .success(let entry)?: manifest.digest = entry
        case .failure(let reason)?: issues.append(FeedIssue(kind: .ignored, feed: feed, item: nil, field: "digest", reason: reason.text))
        case nil: break
        }
        return (manifest, issues)
    }

    /// The transcripts in one file (one for an individual file, all of them for a digest), keyed by
    /// content id. An entry without a usable `transcript` array is skipped; a line that is not
    /// `[seconds, "text"]` is left out.
    ///
    /// - Throws: ``FeedError`` when it is not a JSON object.
    public static func transcripts(_ data: Data, feed: String, language fallback: String) throws -> ([Transcript], [FeedIssue]) {
        var items: [String: Item] = [:]
        var issues: [FeedIssue] = []
        var position = 0
        try readObject(data, feed: feed) { scanner, id, file in
            // Its content id becomes a session's: one that is not an id is skipped, named by its place.
            if let problem = ItemID.problem(id) {
                try file.skip(&scanner)
                issues.append(FeedIssue(kind: .skipped, feed: feed, item: "[\(position)]", field: nil,
                                        reason: "expected an id as its key, found " + problem))
            } else {
                items[id] = try item(&scanner, id: id, feed: feed, file: &file)
            }
            position += 1
        }
        var transcripts: [Transcript] = []
        for (id, item) in items.sorted(by: { $0.key < $1.key }) {
            switch item {
            case .skipped(let issue):
                issues.append(issue)
            case let .read(language, segments, leftOut):
                if leftOut > 0 {
                    issues.append(FeedIssue(kind: .ignored, feed: feed, item: id, field: "transcript",
                                            reason: Quantity.text(leftOut, "line") + " not [seconds, text] (seconds from 0 to 10000000)"))
                }
                transcripts.append(Transcript(sessionID: id, language: language ?? fallback, lines: sentences(segments)))
            }
        }
        return (transcripts, issues)
    }

    // MARK: Items

    private enum Refusal: Error {
        case reason(String)
        var text: String { switch self { case .reason(let text): text } }
    }

    /// A segment of a transcript as the file has it: a few words, said from `start` seconds on.
    private typealias Segment = (start: Double, text: String)

    /// A content item of a transcript file, as read.
    private enum Item {
        /// Its language (nil: the file's default), its segments, and how many lines were left out.
        case read(language: String?, segments: [Segment], leftOut: Int)
        case skipped(FeedIssue)
    }

    private static func entry(_ scanner: inout JSONScanner, base: URL, file: inout FileCheck) throws -> Result<TranscriptManifest.Entry, Refusal> {
        guard scanner.peekKind() == .object else {
            try file.skip(&scanner)
            return .failure(.reason("not an object"))
        }
        var link: String?
        var etag: String?
        try scanner.readObject { scanner, key in
            switch String(decoding: key, as: UTF8.self) {
            case "url": link = try file.string(&scanner)
            // Text, a number as written.
            case "etag": etag = try file.text(&scanner)
            default: try file.skip(&scanner)
            }
        }
        guard let link, !link.isEmpty else { return .failure(.reason("no url")) }
        guard let url = URL(string: link, relativeTo: base)?.absoluteURL else { return .failure(.reason("not a URL")) }
        return .success(TranscriptManifest.Entry(url: url, etag: etag))
    }

    /// One content item of a transcript file.
    private static func item(_ scanner: inout JSONScanner, id: String, feed: String, file: inout FileCheck) throws -> Item {
        guard scanner.peekKind() == .object else {
            try file.skip(&scanner)
            return .skipped(FeedIssue(kind: .skipped, feed: feed, item: id, field: nil, reason: "not an object"))
        }
        var language: String?
        // nil while absent; the lines, or nil inside when not a list.
        var lines: (segments: [Segment], leftOut: Int)??
        try scanner.readObject { scanner, key in
            switch String(decoding: key, as: UTF8.self) {
            case "language":
                language = try file.string(&scanner)
            case "transcript":
                guard scanner.peekKind() == .array else {
                    try file.skip(&scanner)
                    lines = .some(nil)
                    return
                }
                var segments: [Segment] = []
                var leftOut = 0
                try scanner.readArray { scanner in
                    if let segment = try segment(&scanner, file: &file) { segments.append(segment) } else { leftOut += 1 }
                }
                lines = (segments, leftOut)
            default:
                try file.skip(&scanner)
            }
        }
        guard case let found?? = lines else {
            return .skipped(FeedIssue(kind: .skipped, feed: feed, item: id, field: "transcript", reason: lines == nil ? "missing" : "not a list"))
        }
        return .read(language: language.flatMap { $0.isEmpty ? nil : $0 }, segments: found.segments, leftOut: found.leftOut)
    }

    /// A line `[seconds, "text"]` (more elements are ignored); nil when it is not one.
    private static func segment(_ scanner: inout JSONScanner, file: inout FileCheck) throws -> Segment? {
        guard scanner.peekKind() == .array else {
            try file.skip(&scanner)
            return nil
        }
        var position = 0
        var start: Double?
        var text: String?
        try scanner.readArray { scanner in
            defer { position += 1 }
            switch position {
            case 0: start = try seconds(&scanner, file: &file)
            case 1: text = try file.string(&scanner)
            default: try file.skip(&scanner)
            }
        }
        guard let start, let text else { return nil }
        return (start, text)
    }

    /// Seconds into the video, in ``FeedRange/videoSeconds``: a number, or text holding one.
    private static func seconds(_ scanner: inout JSONScanner, file: inout FileCheck) throws -> Double? {
        let seconds: Double
        switch scanner.peekKind() {
        case .number?:
            seconds = try file.number(&scanner)
        case .string?:
            guard let number = Double(try scanner.readString().trimmingCharacters(in: .whitespaces)) else { return nil }
            seconds = number
        default:
            try file.skip(&scanner)
            return nil
        }
        guard FeedRange.videoSeconds.contains(seconds) else { return nil }
        return seconds == 0 ? 0 : seconds
    }

    // MARK: Sentences

    /// Apple's segments are a few words each, cut anywhere in a sentence: they are joined into
    /// sentences, so that a phrase is found whole and a line reads as one.
    ///
    /// A segment of ASCII text (nearly all of them) is cut into words byte by byte; any other goes
    /// through `Character`s, whose whitespace is Unicode's. Both cut alike where they both apply:
    /// ASCII's whitespace is Unicode's, and a sentence's text is its words joined by one space.
    private static func sentences(_ segments: [Segment]) -> [Transcript.Line] {
        var lines: [Transcript.Line] = []
        // The open sentence: where it starts, its text as UTF-8, and how many words it has.
        var start: Double?
        var text: [UInt8] = []
        var words = 0
        var paragraph = 0
        func endSentence() {
            if let open = start {
                lines.append(Transcript.Line(start: open, text: String(decoding: text, as: UTF8.self), paragraph: paragraph))
            }
            start = nil
            text.removeAll(keepingCapacity: true)
            words = 0
        }
        func add<Word: Collection<UInt8>>(_ word: Word, at segmentStart: Double) {
            if start == nil { start = segmentStart }
            if words > 0 { text.append(UInt8(ascii: " ")) }
            text.append(contentsOf: word)
            words += 1
        }
        for (segmentStart, segmentText) in segments {
            var segmentText = segmentText
            // Whether the segment's last word ends a sentence; nil when it has no word.
            var lastEnds: Bool?
            let wasASCII = segmentText.withUTF8 { bytes -> Bool in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
                var index = bytes.startIndex
                while index < bytes.endIndex {
                    while index < bytes.endIndex, isASCIIWhitespace(bytes[index]) { index += 1 }
                    let wordStart = index
                    while index < bytes.endIndex, !isASCIIWhitespace(bytes[index]) { index += 1 }
                    if index > wordStart {
                        add(bytes[wordStart..<index], at: segmentStart)
                        lastEnds = endsSentence(ascii: bytes[wordStart..<index])
                    }
                }
                return true
            }
            if !wasASCII {
                let split = segmentText.split(whereSeparator: \.isWhitespace)
                for word in split { add(word.utf8, at: segmentStart) }
                lastEnds = split.last.map(endsSentence)
            }
            if let lastEnds, lastEnds || words >= maximumSentenceWords { endSentence() }
            if segmentText.hasSuffix("\n\n") {
                endSentence()
                // A break ends the paragraph only when it has a line: no empty paragraphs.
                if lines.last?.paragraph == paragraph { paragraph += 1 }
            }
        }
        endSentence()
        return lines
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

    /// ``endsSentence(_:)`` for a word of ASCII text.
    private static func endsSentence(ascii word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var end = word.endIndex
        while end > word.startIndex {
            switch word[end - 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "]"): end -= 1
            case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"): return true
            default: return false
            }
        }
        return false
    }

    /// Unicode's whitespace within ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    // MARK: The file

    /// What a whole file holds that a reader of whole files (a tree of its values) cannot: a number
    /// beyond a double; text with a lone surrogate is counted by the scanner. Either refuses the file.
    private struct FileCheck {
        var infiniteNumbers = 0

        /// Skips a value, counting its numbers beyond a double.
        mutating func skip(_ scanner: inout JSONScanner) throws {
            switch scanner.peekKind() {
            case .object?: try scanner.readObject { scanner, _ in try skip(&scanner) }
            case .array?: try scanner.readArray { scanner in try skip(&scanner) }
            case .number?: _ = try number(&scanner)
            default: try scanner.skipValue()
            }
        }

        /// A number, counted when it is beyond a double.
        mutating func number(_ scanner: inout JSONScanner) throws -> Double {
            JSONScanner.double(try token(&scanner))
        }

        /// A string; nil for any other value.
        mutating func string(_ scanner: inout JSONScanner) throws -> String? {
            guard scanner.peekKind() == .string else {
                try skip(&scanner)
                return nil
            }
            return try scanner.readString()
        }

        /// Text, or a number as written; nil for an empty string and for any other value.
        mutating func text(_ scanner: inout JSONScanner) throws -> String? {
            guard scanner.peekKind() == .number else { return try string(&scanner).flatMap { $0.isEmpty ? nil : $0 } }
            return String(decoding: try token(&scanner), as: UTF8.self)
        }

        /// A number as written, counted when it is beyond a double.
        private mutating func token(_ scanner: inout JSONScanner) throws -> UnsafeBufferPointer<UInt8> {
            let token = try scanner.readNumberBytes()
            if JSONScanner.double(token).isInfinite { infiniteNumbers += 1 }
            return token
        }
    }

    /// Reads a file that must be an object, calling `field` with each key (the last of a repeated key
    /// read last) and the scanner on its value, which `field` must read or skip. A file that is not
    /// JSON is refused first, then one holding what no reader of whole files can, then one that is
    /// not an object.
    private static func readObject(_ data: Data, feed: String,
                                   _ field: (inout JSONScanner, String, inout FileCheck) throws -> Void) throws {
        try FeedDecoder.document(data, feed: feed) { bytes in
            var scanner = JSONScanner.document(bytes)
            var file = FileCheck()
            let isObject = scanner.peekKind() == .object
            if isObject {
                try scanner.readObject { scanner, key in try field(&scanner, String(decoding: key, as: UTF8.self), &file) }
            } else {
                try file.skip(&scanner)
            }
            try scanner.expectEnd()
            if scanner.loneSurrogates > 0 {
                throw FeedError(kind: .invalidValue, feed: feed, path: "", detail: JSONScanner.loneSurrogateText + ": the file is refused")
            }
            if file.infiniteNumbers > 0 {
                throw FeedError(kind: .invalidValue, feed: feed, path: "",
                                detail: "a number beyond what a double holds (such as 1e999): the file is refused")
            }
            guard isObject else { throw FeedError(kind: .wrongType, feed: feed, path: "", detail: "expected an object") }
        }
    }
}
