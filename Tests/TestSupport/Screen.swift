/// What a user would see after the terminal received some output: a minimal emulator for the
/// sequences the terminal layer writes (CR, LF, cursor up/down/forward/back and to a place, erase
/// line, erase below, erase all, SGR and modes, which leave no trace). The screen grows downwards
/// without scrolling, so everything printed stays inspectable. Given a width, it wraps long lines
/// and rewraps them on ``resize(columns:)``, as tmux and VTE do when a window changes size.
public struct Screen {
    public private(set) var rows: [[Character]] = [[]]
    public private(set) var row = 0
    public private(set) var column = 0
    public private(set) var cursorVisible = true
    /// The width, or nil for rows of any length.
    public private(set) var columns: Int?
    /// Rows that continue on the next one (wrapped, not broken by a line feed).
    private var wrapped: Set<Int> = []

    public init(_ text: String, columns: Int? = nil) {
        self.columns = columns
        feed(text)
    }

    /// What a user sees after `transcript` when the window went from `columns` to `newColumns`
    /// wide after its first `resizedAt` bytes (as ``PseudoTerminal/resize(columns:rows:)`` returns
    /// them): the part before shown at the old width, rewrapped, then the rest at the new one.
    public init(_ transcript: String, columns: Int, resizedAt offset: Int, to newColumns: Int) {
        let bytes = Array(transcript.utf8)
        let split = Self.boundary(in: bytes, before: offset)
        self.init(String(decoding: bytes[..<split], as: UTF8.self), columns: columns)
        resize(columns: newColumns)
        feed(String(decoding: bytes[split...], as: UTF8.self))
    }

    /// A point at or before `offset` in `bytes` that cuts neither a UTF-8 character nor an escape
    /// sequence: where to split output read from a terminal (which arrives in any pieces) to replay
    /// the part before a resize at the old width and the rest at the new one.
    public static func boundary(in bytes: [UInt8], before offset: Int) -> Int {
        var split = max(0, min(offset, bytes.count))
        while split > 0, split < bytes.count, bytes[split] & 0xC0 == 0x80 { split -= 1 }
        guard let escape = bytes[..<split].lastIndex(of: 0x1B) else { return split }
        var index = escape + 1
        if index < split, bytes[index] == UInt8(ascii: "[") {
            index += 1
            while index < split, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        }
        return index >= split ? escape : split
    }

    /// The window resized to `newColumns`: every line rewrapped to the new width, the cursor kept
    /// on the character it was on.
    public mutating func resize(columns newColumns: Int) {
        ensureRow()
        var logical: [[Character]] = []
        var current: [Character] = []
        var cursorLine = 0
        var cursorOffset = 0
        for (index, cells) in rows.enumerated() {
            if index == row {
                cursorLine = logical.count
                cursorOffset = current.count + column
            }
            current += cells
            if wrapped.contains(index) { continue }
            logical.append(current)
            current = []
        }
        if !current.isEmpty { logical.append(current) }
        var newRows: [[Character]] = []
        var newWrapped: Set<Int> = []
        for (index, line) in logical.enumerated() {
            let first = newRows.count
            let starts = Array(stride(from: 0, to: max(1, line.count), by: newColumns))
            for (number, start) in starts.enumerated() {
                if number < starts.count - 1 { newWrapped.insert(newRows.count) }
                newRows.append(Array(line[min(start, line.count)..<min(line.count, start + newColumns)]))
            }
            if index == cursorLine {
                row = first + cursorOffset / newColumns
                column = cursorOffset % newColumns
            }
        }
        rows = newRows.isEmpty ? [[]] : newRows
        wrapped = newWrapped
        columns = newColumns
        ensureRow()
    }

    /// The visible lines, trailing spaces and trailing empty lines removed.
    public var lines: [String] {
        var lines = rows.map { String($0.filter { $0 != "\u{0}" }).replacingTrailingSpaces() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    public mutating func feed(_ text: String) {
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r":
                column = 0
            case "\n", "\r\n":
                row += 1
                if character == "\r\n" { column = 0 }
                ensureRow()
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, next.isASCII, let value = next.asciiValue, (0x20...0x3F).contains(value) {
                    parameters.append(next)
                    characters.removeFirst()
                }
                guard let final = characters.popFirst() else { return }
                apply(final, parameters)
            default:
                put(character)
            }
        }
    }

    private mutating func apply(_ final: Character, _ parameters: String) {
        let count = max(1, Int(parameters) ?? 1)
        switch final {
        case "A": row = max(0, row - count)
        case "B": row += count; ensureRow()
        case "C": column = columns.map { min($0 - 1, column + count) } ?? column + count
        case "D": column = max(0, column - count)
        case "K":
            if column < rows[row].count { rows[row].removeSubrange(column...) }
            wrapped.remove(row)
        case "J" where parameters == "2":
            rows = rows.map { _ in [] }
            wrapped = []
        case "J":
            if column < rows[row].count { rows[row].removeSubrange(column...) }
            rows.removeSubrange((row + 1)...)
            wrapped = wrapped.filter { $0 < row }
        case "H":
            let place = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
            row = max(0, (place.first ?? 1) - 1)
            column = max(0, (place.count > 1 ? place[1] : 1) - 1)
            ensureRow()
        case "h" where parameters == "?25": cursorVisible = true
        case "l" where parameters == "?25": cursorVisible = false
        default: break  // SGR and anything else: no effect on the text
        }
    }

    private mutating func put(_ character: Character) {
        ensureRow()
        let width = max(1, TextWidthForTests.of(character))
        if let columns, column + width > columns {
            wrapped.insert(row)
            row += 1
            column = 0
            ensureRow()
        }
        while rows[row].count < column { rows[row].append(" ") }
        if column < rows[row].count {
            rows[row][column] = character
        } else {
            rows[row].append(character)
        }
        column += 1
        // A wide character covers the next cell too.
        for _ in 1..<width {
            if column < rows[row].count { rows[row][column] = "\u{0}" } else { rows[row].append("\u{0}") }
            column += 1
        }
    }

    private mutating func ensureRow() {
        while rows.count <= row { rows.append([]) }
    }
}

import TerminalUI

enum TextWidthForTests {
    static func of(_ character: Character) -> Int { TextWidth.of(character) }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
