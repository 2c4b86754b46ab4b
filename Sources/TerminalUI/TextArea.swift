/// An editable text buffer with the usual terminal editing keys, on one line or several.
///
/// Keys: characters insert; ←/→ (Ctrl-B/Ctrl-F) move; Alt-B/Alt-F (Ctrl-←/Ctrl-→) move a word back
/// or on; Home/End (Ctrl-A/Ctrl-E) go to the line's start or end; Backspace and Delete (Ctrl-D)
/// erase; Ctrl-K cuts to the end of the line, Ctrl-U to its start, Ctrl-W the word before the
/// cursor, Alt-D the word after it, and Ctrl-Y puts back what was cut last. With several lines,
/// Enter breaks the line and
/// ↑/↓ move between lines, reporting ``Outcome/leftTop``/``Outcome/leftBottom`` at the edges so a
/// form can move its focus. Combining marks typed after a letter join it.
public struct TextArea: Sendable, Equatable {
    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        /// ↑ on the first line or ↓ on the last.
        case leftTop, leftBottom
        /// The key means nothing to a text area (Enter on one line, Tab, Escape…).
        case unhandled
    }

    public private(set) var lines: [[Character]]
    /// The cursor's line.
    public private(set) var row: Int
    /// The cursor's position in its line, in characters.
    public private(set) var column: Int
    public let isMultiline: Bool
    /// At most this many Unicode scalars, line breaks included: counted so, combining marks cannot
    /// make one character of any length.
    public var maximumLength: Int
    /// What the last Ctrl-K, Ctrl-U, Ctrl-W or Alt-D cut, for Ctrl-Y.
    public private(set) var killed: [Character] = []

    public init(text: String = "", multiline: Bool, maximumLength: Int = 10_000) {
        let split = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        lines = multiline ? split : [Array(split.joined(separator: " "))]
        isMultiline = multiline
        self.maximumLength = maximumLength
        row = lines.count - 1
        column = lines[row].count
    }

    /// The whole text, lines joined with `\n`.
    public var text: String {
        lines.map { String($0) }.joined(separator: "\n")
    }

    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    private var length: Int { lines.reduce(lines.count - 1) { $0 + $1.reduce(0) { $0 + $1.unicodeScalars.count } } }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case let .character(character):
            return insert(character)
        case .enter:
            guard isMultiline, length < maximumLength else { return .unhandled }
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            lines.insert(rest, at: row + 1)
            row += 1
            column = 0
            return .edited
        case .backspace:
            if column > 0 {
                column -= 1
                lines[row].remove(at: column)
                return .edited
            }
            guard row > 0 else { return .moved }
            column = lines[row - 1].count
            lines[row - 1].append(contentsOf: lines.remove(at: row))
            row -= 1
            return .edited
        case .delete, .control("d"):
            if column < lines[row].count {
                lines[row].remove(at: column)
                return .edited
            }
            guard row + 1 < lines.count else { return .moved }
            lines[row].append(contentsOf: lines.remove(at: row + 1))
            return .edited
        case .left, .control("b"):
            if column > 0 {
                column -= 1
            } else if row > 0 {
                row -= 1
                column = lines[row].count
            }
            return .moved
        case .right, .control("f"):
            if column < lines[row].count {
                column += 1
            } else if row + 1 < lines.count {
                row += 1
                column = 0
            }
            return .moved
        case .up:
            guard isMultiline else { return .unhandled }
            guard row > 0 else { return .leftTop }
            row -= 1
            column = min(column, lines[row].count)
            return .moved
        case .down:
            guard isMultiline else { return .unhandled }
            guard row + 1 < lines.count else { return .leftBottom }
            row += 1
            column = min(column, lines[row].count)
            return .moved
        case .home, .control("a"):
            column = 0
            return .moved
        case .end, .control("e"):
            column = lines[row].count
            return .moved
        case .control("k"):
            guard column < lines[row].count else { return handle(.delete) }
            cut(column..<lines[row].count)
            return .edited
        case .control("u"):
            guard column > 0 else { return .moved }
            cut(0..<column)
            return .edited
        case .control("w"):
            guard column > 0 else { return handle(.backspace) }
            var start = column
            while start > 0, lines[row][start - 1].isWhitespace { start -= 1 }
            while start > 0, !lines[row][start - 1].isWhitespace { start -= 1 }
            cut(start..<column)
            return .edited
        case .alt("d"):
            let end = wordEnd(from: column)
            guard end > column else { return handle(.delete) }
            cut(column..<end)
            return .edited
        case .control("y"):
            guard !killed.isEmpty else { return .moved }
            var room = max(0, maximumLength - length)
            let pasted = killed.prefix { character in
                room -= character.unicodeScalars.count
                return room >= 0
            }
            guard !pasted.isEmpty else { return .unhandled }
            lines[row].insert(contentsOf: pasted, at: column)
            column += pasted.count
            return .edited
        case .alt("b"), .controlLeft:
            if column == 0 {
                guard row > 0 else { return .moved }
                row -= 1
                column = lines[row].count
                return .moved
            }
            while column > 0, !Self.isWord(lines[row][column - 1]) { column -= 1 }
            while column > 0, Self.isWord(lines[row][column - 1]) { column -= 1 }
            return .moved
        case .alt("f"), .controlRight:
            if column == lines[row].count {
                guard row + 1 < lines.count else { return .moved }
                row += 1
                column = 0
                return .moved
            }
            column = wordEnd(from: column)
            return .moved
        default:
            return .unhandled
        }
    }

    /// Letters, digits and `_` make words; everything else separates them.
    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Where the word at or after `start` on the cursor's line ends.
    private func wordEnd(from start: Int) -> Int {
        var end = start
        let line = lines[row]
        while end < line.count, !Self.isWord(line[end]) { end += 1 }
        while end < line.count, Self.isWord(line[end]) { end += 1 }
        return end
    }

    /// Removes `range` of the cursor's line into ``killed``; the cursor goes to where it began.
    private mutating func cut(_ range: Range<Int>) {
        killed = Array(lines[row][range])
        lines[row].removeSubrange(range)
        column = range.lowerBound
    }

    private mutating func insert(_ character: Character) -> Outcome {
        if column > 0 {
            // A combining mark typed on its own belongs to the character before it.
            let joined = String(lines[row][column - 1]) + String(character)
            if joined.count == 1 {
                guard length + character.unicodeScalars.count <= maximumLength else { return .unhandled }
                lines[row][column - 1] = Character(joined)
                return .edited
            }
        }
        guard length + character.unicodeScalars.count <= maximumLength else { return .unhandled }
        lines[row].insert(character, at: column)
        column += 1
        return .edited
    }
}
