/// How a cell is drawn: its colours and its emphasis.
///
/// Emphasis (bold, reverse video…) is drawn on every terminal; colours only as far as the
/// terminal's ``ColorDepth`` goes, so something that must be seen with `NO_COLOR` (the selection)
/// is marked by emphasis, not by colour alone.
public struct CellStyle: Sendable, Hashable {
    /// Emphasis, any combination.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let italic = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
        public static let reverse = Attributes(rawValue: 1 << 4)
    }

    /// The text's colour; nil is the terminal's own.
    public var foreground: TerminalColor?
    /// The background; nil is the terminal's own.
    public var background: TerminalColor?
    public var attributes: Attributes

    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's own colours, no emphasis.
    public static let plain = CellStyle()
    public static let bold = CellStyle(attributes: .bold)
    public static let dim = CellStyle(attributes: .dim)
    public static let reverse = CellStyle(attributes: .reverse)

    /// This style with `attributes` added.
    public func adding(_ attributes: Attributes) -> CellStyle {
        var style = self
        style.attributes.formUnion(attributes)
        return style
    }

    /// This style with another colour for the text.
    public func foreground(_ color: TerminalColor?) -> CellStyle {
        var style = self
        style.foreground = color
        return style
    }

    /// The SGR sequence that sets exactly this style from any other (it starts by resetting).
    func sequence(depth: ColorDepth) -> String {
        var parameters = ["0"]
        if attributes.contains(.bold) { parameters.append("1") }
        if attributes.contains(.dim) { parameters.append("2") }
        if attributes.contains(.italic) { parameters.append("3") }
        if attributes.contains(.underline) { parameters.append("4") }
        if attributes.contains(.reverse) { parameters.append("7") }
        if let foreground, let code = foreground.parameters(background: false, depth: depth) { parameters.append(code) }
        if let background, let code = background.parameters(background: true, depth: depth) { parameters.append(code) }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
