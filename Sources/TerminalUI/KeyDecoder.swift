/// Turns the bytes a terminal sends in raw mode into ``Key`` values.
///
/// Feed bytes as they arrive with ``append(_:)`` and drain keys with ``nextKey()``. A lone ESC,
/// or the start of a sequence or of a UTF-8 character cut off by the read, stays pending: the
/// reader waits a short time for more bytes (see ``KeyReader``) and, if none come, calls
/// ``flushPending()`` to get an Escape key (or an ``Key/unknown(_:)`` for a cut sequence).
///
/// So ESC then `x` in one burst is Alt-x (what a terminal sends for it), and ESC alone, nothing
/// after it within the wait, is Escape. SGR mouse reports become ``Key/mouse(_:)``. A bracketed
/// paste (`ESC [ 200 ~` … `ESC [ 201 ~`) becomes one ``Key/paste(_:)``, however many reads it
/// takes: it is never cut by the wait (``isAwaitingPaste``).
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []
    /// Where the search for the end of a paste goes on from (the bytes before were searched).
    private var pasteSearchedTo = 0

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// Adds bytes read from the terminal.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are waiting that do not yet make a complete key.
    public var hasPendingBytes: Bool { !buffer.isEmpty }

    /// Whether a paste has begun and not ended: the reader waits for its end, however long.
    public var isAwaitingPaste: Bool { buffer.starts(with: Self.pasteStart) }

    /// The next complete key, or nil when the buffer is empty or holds only the start of a key.
    public mutating func nextKey() -> Key? {
        if isAwaitingPaste { return nextPaste() }
        guard let (key, length) = Self.decode(buffer[...]) else { return nil }
        buffer.removeFirst(length)
        return key
    }

    /// The paste at the start of the buffer, once its end has arrived.
    private mutating func nextPaste() -> Key? {
        let start = Self.pasteStart.count
        var index = max(start, pasteSearchedTo)
        while index + Self.pasteEnd.count <= buffer.count {
            if buffer[index] == 0x1B, buffer[index..<(index + Self.pasteEnd.count)].elementsEqual(Self.pasteEnd) {
                let text = String(decoding: buffer[start..<index], as: UTF8.self)
                buffer.removeFirst(index + Self.pasteEnd.count)
                pasteSearchedTo = 0
                // Terminals send a pasted line break as Return.
                return .paste(text.replacing("\r\n", with: "\n").replacing("\r", with: "\n"))
            }
            index += 1
        }
        pasteSearchedTo = index
        return nil
    }

    /// Gives up waiting for the rest of a key: a lone ESC becomes ``Key/escape``; a sequence or
    /// UTF-8 character cut short becomes one ``Key/unknown(_:)``, which prompts ignore.
    public mutating func flushPending() -> [Key] {
        var keys: [Key] = []
        while let key = nextKey() { keys.append(key) }
        // A paste goes on until its end comes.
        if isAwaitingPaste { return keys }
        // What is left is the start of a single key: decoding stopped only because it ran out of bytes.
        if buffer == [0x1B] {
            keys.append(.escape)
        } else if !buffer.isEmpty {
            keys.append(.unknown(buffer))
        }
        buffer.removeAll()
        return keys
    }

    /// Decodes a complete byte string, treating its end as a timeout (for tests and scripted input).
    public static func keys(in bytes: some Sequence<UInt8>) -> [Key] {
        var decoder = KeyDecoder()
        decoder.append(bytes)
        var keys: [Key] = []
        while let key = decoder.nextKey() { keys.append(key) }
        keys.append(contentsOf: decoder.flushPending())
        if decoder.isAwaitingPaste {
            // The input ended inside a paste: what came of it is the paste.
            decoder.append(pasteEnd)
            keys.append(contentsOf: decoder.flushPending())
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it used, or nil when more bytes are needed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            return decodeEscape(bytes)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F:
            return (.unknown([first]), 1)
        case 0x20..<0x7F:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return decodeUTF8(bytes).map { scalar, length in
                (scalar.map { Key.character(Character($0)) } ?? .unknown(Array(bytes.prefix(length))), length)
            }
        }
    }

    /// A UTF-8 scalar (nil when the bytes are invalid) and its length, or nil when cut short.
    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Unicode.Scalar?, Int)? {
        let lead = bytes[bytes.startIndex]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let index = bytes.startIndex + offset
            guard index < bytes.endIndex else { return nil }
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return (nil, offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, length) }
        return (scalar, length)
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return decodeCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            let key: Key
            switch bytes[start + 2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            case UInt8(ascii: "d"): key = .controlLeft  // rxvt
            case UInt8(ascii: "c"): key = .controlRight
            default: key = .unknown(Array(bytes.prefix(3)))
            }
            return (key, 3)
        case 0x1B:
            // ESC ESC: the first one was pressed alone.
            return (.escape, 1)
        case 0x20..<0x7F:
            return (.alt(Character(Unicode.Scalar(second))), 2)
        case 0x80...:
            guard let (scalar, length) = decodeUTF8(bytes.dropFirst()) else { return nil }
            guard let scalar else { return (.escape, 1) }
            return (.alt(Character(scalar)), 1 + length)
        default:
            // ESC then a control key: report the Escape; the control key is decoded next.
            return (.escape, 1)
        }
    }

    /// CSI: ESC [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E).
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            index += 1
            if index - start > 32 { return (.unknown(Array(bytes[start..<index])), index - start) }
        }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        let sequence = Array(bytes[start..<(index + 1)])
        guard (0x40...0x7E).contains(final) else {
            // Not a valid CSI: drop ESC [ and let the rest decode as ordinary input.
            return (.unknown(Array(bytes.prefix(2))), 2)
        }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3,
                  let event = MouseEvent.sgr(code: numbers[0], column: numbers[1], row: numbers[2], pressed: final == UInt8(ascii: "M"))
            else { return (.unknown(sequence), length) }
            return (.mouse(event), length)
        }
        if parameters.isEmpty, final == UInt8(ascii: "M") {
            // The old mouse encoding, three raw bytes after ESC [ M: not asked for, taken whole.
            guard bytes.count >= length + 3 else { return nil }
            return (.unknown(Array(bytes.prefix(length + 3))), length + 3)
        }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        let first = fields.first.flatMap { Int($0) }
        // xterm's modifier parameter: 1 + (Shift 1, Alt 2, Ctrl 4); Ctrl or Alt makes an arrow move by words.
        let modifier = fields.count > 1 ? (Int(fields[1]) ?? 1) - 1 : 0
        let byWord = modifier > 0 && modifier & 0b110 != 0
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (byWord ? .controlRight : .right, length)
        case UInt8(ascii: "D"): return (byWord ? .controlLeft : .left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return (.home, length)
            case 2: return (.insert, length)
            case 3: return (.delete, length)
            case 4, 8: return (.end, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            default: return (.unknown(sequence), length)
            }
        default:
            return (.unknown(sequence), length)
        }
    }
}
