/// The bottom line of a full screen: the keys of the pane in focus on the left, a message or
/// progress on the right.
///
/// The message has the room first; the key hints that no longer fit are left out whole, from the
/// last one, never cut in the middle.
public struct StatusLine: Sendable, Equatable {
    /// A key and what it does: `Enter` `page`.
    public struct Hint: Sendable, Equatable {
        public var key: String
        public var action: String

        public init(_ key: String, _ action: String) {
            self.key = key
            self.action = action
        }
    }

    public var hints: [Hint]
    /// Shown at the right end (cut when it alone is wider than the line).
    public var message: StyledLine

    public init(hints: [Hint] = [], message: StyledLine = StyledLine()) {
        self.hints = hints
        self.message = message
    }

    /// Draws the line on the first row of `rect`, keys in bold.
    public func draw(in screen: inout ScreenBuffer, rect: Rect) {
        guard !rect.isEmpty else { return }
        let messageWidth = min(message.width, rect.width - 2)
        if messageWidth > 0 {
            screen.write(message, column: rect.maxX - 1 - messageWidth, row: rect.y, width: messageWidth)
        }
        let room = rect.width - 1 - (messageWidth > 0 ? messageWidth + 2 : 0)
        var line = StyledLine()
        for hint in hints {
            var next = line
            if !next.spans.isEmpty { next.append("  ") }
            next.append(hint.key, style: .bold)
            next.append(" " + hint.action)
            guard next.width <= room else { break }
            line = next
        }
        screen.write(line, column: rect.x + 1, row: rect.y, width: max(0, room))
    }
}
