/// The one sanitiser every piece of server text passes through before it is printed.
///
/// It removes what could drive the terminal or disguise text: C0 and C1 control characters,
/// escape sequences (CSI, OSC … BEL/ST, DCS, SOS, PM, APC, and their 8-bit C1 forms, whose
/// parameters go with them), bidirectional embedding/override/isolate controls and marks,
/// invisible characters (zero-width space, word joiner, BOM, soft hyphen, invisible operators,
/// tag characters outside flag emoji) and zero-width joiners that do not sit between two
/// non-ASCII characters. Ordinary Unicode, emoji sequences and combining marks are kept.
/// The result is stable: sanitising twice gives the same text.
public struct TextSanitizer: Sendable, Equatable {
    /// Keep line breaks (`\n`; `\r\n`, `\r`, U+2028 and U+2029 become `\n`); otherwise they become spaces.
    public var keepsNewlines: Bool
    /// Keep tabs; otherwise they become spaces.
    public var keepsTabs: Bool

    public init(keepingNewlines: Bool = false, keepingTabs: Bool = false) {
        self.keepsNewlines = keepingNewlines
        self.keepsTabs = keepingTabs
    }

    /// For titles, names and table cells: everything on one line.
    public static let singleLine = TextSanitizer()
    /// For descriptions and messages: paragraphs and tabs kept.
    public static let multiLine = TextSanitizer(keepingNewlines: true, keepingTabs: true)

    /// Sanitises a string.
    public func sanitize(_ text: String) -> String {
        // Fast path: most server text is plain printable ASCII.
        var text = text
        if text.withUTF8(Self.isPrintableASCII) { return text }
        return sanitize(scalars: Array(text.unicodeScalars))
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E).
    ///
    /// A walk along the bytes in memory: through the string's UTF-8 view, the debug build (the one
    /// the tests run) made generic calls for each byte, seconds for the megabytes of a hostile feed.
    private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var byte = bytes.baseAddress else { return true }
        let end = byte + bytes.count
        while byte < end {
            if byte.pointee < 0x20 || byte.pointee >= 0x7F { return false }
            byte += 1
        }
        return true
    }

    /// Sanitises raw bytes; invalid UTF-8 becomes U+FFFD.
    public func sanitize(bytes: some Collection<UInt8>) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// `bytes` as text when they are UTF-8 that this sanitiser keeps as it is (`\r\n` line ends
    /// too): text a terminal shows as written, driving nothing. Nil for anything else (escape
    /// sequences, other control or bidi characters, bytes that are not UTF-8).
    public func printable(bytes: some Collection<UInt8>) -> String? {
        guard let text = String(bytes: Array(bytes), encoding: .utf8) else { return nil }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
        // Scalar by scalar: `==` would take a canonically equivalent text for the same.
        return sanitize(lines).unicodeScalars.elementsEqual(lines.unicodeScalars) ? text : nil
    }

    private func sanitize(scalars: [Unicode.Scalar]) -> String {
        var kept: [Unicode.Scalar] = []
        kept.reserveCapacity(scalars.count)
        var index = 0
        var inFlagTagSequence = false
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1

            if value == 0x1B {
                index = Self.skipEscapeSequence(scalars, after: index)
                continue
            }
            if (0x80...0x9F).contains(value) {
                index = Self.skipC1Sequence(scalars, introducer: value, after: index)
                continue
            }
            switch value {
            case 0x0A, 0x2028, 0x2029:
                kept.append(keepsNewlines ? "\n" : " ")
                continue
            case 0x0D:
                if index < scalars.count, scalars[index].value == 0x0A { continue }
                kept.append(keepsNewlines ? "\n" : " ")
                continue
            case 0x09:
                kept.append(keepsTabs ? "\t" : " ")
                continue
            default:
                break
            }
            if value < 0x20 || value == 0x7F { continue }

            if (0xE0000...0xE007F).contains(value) {
                // Tag characters only belong in subdivision flags (🏴 + tags + cancel tag).
                if inFlagTagSequence {
                    kept.append(scalar)
                    if value == 0xE007F { inFlagTagSequence = false }
                }
                continue
            }
            inFlagTagSequence = (value == 0x1F3F4)

            if Self.isAlwaysRemoved(value) { continue }
            if value == 0x200C || value == 0x200D {
                // Joiners shape emoji and some scripts; anywhere else they only hide things.
                let before = kept.last
                let after = index < scalars.count ? scalars[index] : nil
                if let before, let after, Self.isJoinable(before), Self.isJoinable(after) {
                    kept.append(scalar)
                }
                continue
            }
            kept.append(scalar)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: kept)
        return String(result)
    }

    /// Characters that never belong in displayed text.
    static func isAlwaysRemoved(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD,                 // soft hyphen: invisible or not, depending on the terminal
             0x061C,                 // arabic letter mark
             0x180E,                 // mongolian vowel separator
             0x200B,                 // zero-width space
             0x200E, 0x200F,         // LRM, RLM
             0x202A...0x202E,        // LRE, RLE, PDF, LRO, RLO
             0x2060...0x2064,        // word joiner, invisible operators
             0x2066...0x2069,        // LRI, RLI, FSI, PDI
             0x206A...0x206F,        // deprecated format characters
             0xFEFF,                 // byte order mark / zero-width no-break space
             0xFFF9...0xFFFB,        // interlinear annotation
             0xFFFE, 0xFFFF:         // noncharacters
            return true
        default:
            return false
        }
    }

    private static func isJoinable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && !scalar.properties.isWhitespace && !isAlwaysRemoved(scalar.value)
            && scalar.value != 0x200C && scalar.value != 0x200D
    }

    /// Skips an escape sequence whose ESC has been consumed; returns the index after it.
    private static func skipEscapeSequence(_ scalars: [Unicode.Scalar], after start: Int) -> Int {
        guard start < scalars.count else { return start }
        let next = scalars[start].value
        switch next {
        case 0x5B: // [  CSI
            return skipControlSequence(scalars, from: start + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // ] OSC, P DCS, X SOS, ^ PM, _ APC
            return skipControlString(scalars, from: start + 1)
        default:
            // nF sequences: intermediates 0x20–0x2F then one final byte 0x30–0x7E.
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        }
    }

    /// Skips what follows an 8-bit C1 introducer (CSI, OSC, DCS, SOS, PM, APC); other C1 stand alone.
    private static func skipC1Sequence(_ scalars: [Unicode.Scalar], introducer: UInt32, after start: Int) -> Int {
        switch introducer {
        case 0x9B: return skipControlSequence(scalars, from: start)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return skipControlString(scalars, from: start)
        default: return start
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
    /// Anything else ends the sequence without being eaten, so garbage cannot swallow text.
    private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x30...0x3F).contains(scalars[index].value) { index += 1 }
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// OSC/DCS/SOS/PM/APC run to BEL, ESC \ or 8-bit ST; an unterminated one runs to the end of the text,
    /// as the terminal would swallow it too.
    private static func skipControlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x07 || value == 0x9C { return index + 1 }
            if value == 0x1B {
                if index + 1 < scalars.count, scalars[index + 1].value == 0x5C { return index + 2 }
                return index  // a new escape sequence starts; let the main loop remove it
            }
            index += 1
        }
        return index
    }
}
