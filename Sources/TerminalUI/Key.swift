/// One key press, decoded from the bytes a terminal sends in raw mode; in a full-screen session
/// also a mouse event or a paste.
public enum Key: Hashable, Sendable {
    /// A printable character (any script, including multi-byte UTF-8).
    case character(Character)
    /// Return or Enter (`\r` or `\n`).
    case enter
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The forward-delete key.
    case delete
    /// Escape pressed on its own, not starting a sequence.
    case escape
    case up, down, left, right
    /// Ctrl-← and Ctrl-→ (Alt-← and Alt-→ too): a word back, a word on.
    case controlLeft, controlRight
    case home, end, pageUp, pageDown, insert
    /// Ctrl plus a letter, as a lowercase letter: `.control("c")` is Ctrl-C.
    /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as ``backspace``, ``tab`` and ``enter``.
    case control(Character)
    /// Alt (Meta) plus a printable character, sent as ESC followed by the character.
    case alt(Character)
    /// A sequence this decoder does not know; prompts ignore it.
    case unknown([UInt8])
    /// Not a key: the window was resized (SIGWINCH) while a key was awaited. Redraw.
    case resize
    /// Not a key: a click or the wheel, where the terminal reports them (a full-screen session).
    case mouse(MouseEvent)
    /// Not a key: text pasted while bracketed paste is on (a full-screen session), whole, as the
    /// terminal sent it: line breaks and all, not sanitised. Never keys to act on.
    case paste(String)

    /// Ctrl-C: cancels a prompt in raw mode, where it no longer raises SIGINT.
    public static let interrupt = Key.control("c")
    /// Ctrl-D: end of input on an empty line.
    public static let endOfInput = Key.control("d")
}
