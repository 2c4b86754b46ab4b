import PlainText

/// One line of text in parts of different styles, for the widgets that draw text (``TextView``,
/// ``StatusLine``, list rows).
///
/// Each part's text is sanitised when the part is made (line breaks become spaces), so widths are
/// measured on what will be drawn.
public struct StyledLine: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// A run of text in one style.
    public struct Span: Sendable, Hashable {
        public let text: String
        public var style: CellStyle

        public init(_ text: some StringProtocol, style: CellStyle = .plain) {
            self.text = TextSanitizer.singleLine.sanitize(String(text))
            self.style = style
        }

        fileprivate init(sanitized text: String, style: CellStyle) {
            self.text = text
            self.style = style
        }
    }

    public var spans: [Span]

    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    public init(_ text: some StringProtocol, style: CellStyle = .plain) {
        spans = [Span(text, style: style)]
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The lines of a text that may hold line breaks (kept as lines; tabs become spaces), in one style.
    public static func lines(of text: String, style: CellStyle = .plain) -> [StyledLine] {
        TextSanitizer.multiLine.sanitize(text).split(separator: "\n", omittingEmptySubsequences: false)
            .map { StyledLine(String($0).replacingTabs(), style: style) }
    }

    /// The text without its styles.
    public var text: String { spans.map(\.text).joined() }

    /// Columns the line takes.
    public var width: Int { spans.reduce(0) { $0 + $1.text.displayWidth } }

    /// This line followed by `other`.
    public static func + (line: StyledLine, other: StyledLine) -> StyledLine {
        StyledLine(line.spans + other.spans)
    }

    /// Adds a run of text at the end.
    public mutating func append(_ text: some StringProtocol, style: CellStyle = .plain) {
        spans.append(Span(text, style: style))
    }

    /// The line broken into lines of at most `width` columns.
    ///
    /// Breaks fall at spaces, which the break takes away; spaces inside a line (an indent, aligned
    /// columns) stay. A word longer than a line is split between characters. An empty line stays
    /// one empty line.
    public func wrapped(width: Int) -> [StyledLine] {
        let width = max(1, width)
        if self.width <= width { return [self] }
        var lines: [[(Character, CellStyle)]] = []
        var current: [(Character, CellStyle)] = []
        var currentWidth = 0
        func finish() {
            while let last = current.last, last.0 == " " { current.removeLast() }
            lines.append(current)
            current = []
            currentWidth = 0
        }
        for token in tokens() {
            let tokenWidth = token.reduce(0) { $0 + TextWidth.of($1.0) }
            if token.first?.0 == " " {
                // Spaces where a line broke are dropped; at the start of the text they are an indent.
                if current.isEmpty && !lines.isEmpty { continue }
                current += token
                currentWidth += tokenWidth
                continue
            }
            if currentWidth + tokenWidth > width && current.contains(where: { $0.0 != " " }) { finish() }
            var word = token[...]
            while currentWidth + word.reduce(0, { $0 + TextWidth.of($1.0) }) > width {
                // Too long for any line: as much as fits here, the rest on the next.
                var piece = 0
                var count = 0
                for (character, _) in word {
                    let characterWidth = TextWidth.of(character)
                    if currentWidth + piece + characterWidth > width && (piece > 0 || currentWidth > 0) { break }
                    piece += characterWidth
                    count += 1
                }
                current += word.prefix(count)
                currentWidth += piece
                word = word.dropFirst(count)
                if word.isEmpty { break }
                finish()
            }
            current += word
            currentWidth += word.reduce(0) { $0 + TextWidth.of($1.0) }
        }
        finish()
        return lines.map { Self(joining: $0) }
    }

    /// The characters with their styles, in runs of spaces and of anything else.
    private func tokens() -> [[(Character, CellStyle)]] {
        var tokens: [[(Character, CellStyle)]] = []
        var token: [(Character, CellStyle)] = []
        for span in spans {
            for character in span.text {
                if let last = token.last, (last.0 == " ") != (character == " ") {
                    tokens.append(token)
                    token = []
                }
                token.append((character, span.style))
            }
        }
        if !token.isEmpty { tokens.append(token) }
        return tokens
    }

    /// A line from styled characters, runs of one style made one span.
    private init(joining characters: [(Character, CellStyle)]) {
        var spans: [Span] = []
        var text = ""
        var style = characters.first?.1 ?? .plain
        for (character, characterStyle) in characters {
            if characterStyle != style, !text.isEmpty {
                spans.append(Span(sanitized: text, style: style))
                text = ""
            }
            style = characterStyle
            text.append(character)
        }
        if !text.isEmpty { spans.append(Span(sanitized: text, style: style)) }
        self.spans = spans
    }
}

private extension String {
    func replacingTabs() -> String {
        contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") : self
    }
}
