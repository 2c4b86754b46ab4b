/// One character cell of a ``ScreenBuffer``: what is drawn there and how.
///
/// A wide character (CJK, most emoji) takes two cells: the first holds it, with a ``width`` of 2,
/// the second is its ``isContinuation`` half, which holds nothing of its own. A cell's text is one
/// grapheme cluster that went through the sanitiser (``ScreenBuffer`` sees to both).
public struct Cell: Sendable, Hashable {
    /// The grapheme drawn; empty for the right half of a wide character.
    public let text: String
    /// Columns the grapheme takes: 1 or 2, 0 for the right half of a wide character.
    public let width: UInt8
    public var style: CellStyle

    /// A space in `style`.
    public static func blank(_ style: CellStyle = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character drawn in `style`.
    static func continuation(_ style: CellStyle) -> Cell { Cell(text: "", width: 0, style: style) }

    init(text: String, width: UInt8, style: CellStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }

    /// Whether terminals may disagree on this grapheme's width (emoji, sequences of several
    /// scalars): the renderer places the cursor again after drawing it, so that a terminal that
    /// counts it otherwise still draws what follows where it belongs.
    var hasDisputableWidth: Bool {
        guard let first = text.unicodeScalars.first, !first.isASCII else { return false }
        return text.unicodeScalars.count > 1 || first.properties.isEmoji
    }
}
