extension StyledLine {
    /// The line of `text` marked with SGR sequences (what ``Style`` writes: bold, dim, italic,
    /// underline, reverse, the standard colours, and the sequences that end each), the marks made
    /// the spans' styles: a text written for a terminal's scrolling output, drawn into cells.
    ///
    /// Any other escape or control character is taken away by the sanitiser, as in every span.
    public init(marked text: String) {
        var style = CellStyle.plain
        self.init(marked: text[...], style: &style)
    }

    /// The lines of a text marked with SGR sequences (``init(marked:)``), a style running on
    /// across a line break as it does on a terminal.
    public static func lines(marked text: String) -> [StyledLine] {
        var style = CellStyle.plain
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(marked: $0, style: &style) }
    }

    /// The line of `text`, starting in `style`, which it leaves as the text's last mark set it.
    private init(marked text: Substring, style: inout CellStyle) {
        var spans: [Span] = []
        var run = ""
        var characters = text
        while let escape = characters.firstIndex(of: "\u{1B}") {
            run += characters[..<escape]
            let rest = characters[characters.index(after: escape)...]
            let parameters = rest.dropFirst().prefix { $0.isASCII && ($0.isNumber || $0 == ";") }
            guard rest.first == "[", parameters.endIndex < rest.endIndex, rest[parameters.endIndex] == "m" else {
                // Not a style: the sanitiser takes it away with the rest of the run.
                run.append("\u{1B}")
                characters = rest
                continue
            }
            if !run.isEmpty { spans.append(Span(run, style: style)) }
            run = ""
            Self.apply(parameters, to: &style)
            characters = rest[rest.index(after: parameters.endIndex)...]
        }
        run += characters
        if !run.isEmpty { spans.append(Span(run, style: style)) }
        self.init(spans)
    }

    /// The SGR parameters of one sequence applied to `style`.
    private static func apply(_ parameters: Substring, to style: inout CellStyle) {
        for code in parameters.split(separator: ";", omittingEmptySubsequences: false).map({ Int($0) ?? 0 }) {
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = .standard(UInt8(code - 30))
            case 39: style.foreground = nil
            case 40...47: style.background = .standard(UInt8(code - 40))
            case 49: style.background = nil
            case 90...97: style.foreground = .standard(UInt8(code - 90 + 8))
            default: break
            }
        }
    }
}
