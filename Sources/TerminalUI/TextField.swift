/// Draws a one-line ``TextArea`` as an input field on a full screen: a prompt, the text scrolled
/// sideways to keep the cursor in view, and the cursor as a cell in reverse video (the terminal's
/// own cursor stays hidden on a full screen).
///
/// The app keeps the `TextArea` (it answers the editing keys) and the `scroll` between frames.
public enum TextField {
    public static func draw(_ area: TextArea, prompt: String = "", scroll: inout Int, in screen: inout ScreenBuffer,
                            rect: Rect, style: CellStyle = .plain, showsCursor: Bool = true) {
        guard !rect.isEmpty else { return }
        let promptWidth = screen.write(prompt.truncated(toWidth: rect.width / 2), column: rect.x, row: rect.y,
                                       width: rect.width, style: style.adding(.bold))
        let room = rect.width - promptWidth - 1
        guard room > 0 else { return }
        let (text, cursor) = area.visibleLine(width: room, scroll: &scroll)
        let start = rect.x + promptWidth
        screen.write(text, column: start, row: rect.y, width: room + 1, style: style)
        if showsCursor {
            screen.restyle(Rect(x: start + cursor, y: rect.y, width: 1, height: 1)) { $0.attributes.formUnion(.reverse) }
        }
    }
}
