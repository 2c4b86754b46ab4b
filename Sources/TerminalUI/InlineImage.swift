import Foundation

/// Pictures drawn in the terminal itself, by the two protocols terminals offer for it: kitty's
/// graphics protocol and iTerm2's inline images. Which one a terminal speaks is read from its
/// environment (no query is sent: an answer that came late would reach the shell as typed keys).
public enum InlineImage {
    /// A terminal's way of drawing pictures.
    public enum TerminalProtocol: String, Sendable {
        /// kitty's graphics protocol (kitty, Ghostty): PNG payloads only.
        case kitty
        /// iTerm2's inline images (OSC 1337 File=): any format the terminal decodes.
        case iTerm2
    }

    /// The protocol the environment says the terminal speaks: iTerm2 for `TERM_PROGRAM=iTerm.app`
    /// (or `LC_TERMINAL=iTerm2`, which ssh carries), kitty for `TERM=xterm-kitty` or
    /// `KITTY_WINDOW_ID` (and Ghostty, `TERM=xterm-ghostty`); none inside tmux or screen, which
    /// swallow both.
    public static func terminalProtocol(environment: [String: String]) -> TerminalProtocol? {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") || term == "dumb" { return nil }
        if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iTerm2 }
        if term == "xterm-kitty" || term == "xterm-ghostty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty { return .kitty }
        return nil
    }

    /// The most base64 bytes in one kitty command.
    static let kittyChunk = 4096

    /// kitty's commands that transmit and show the PNG `png`, `columns` cells wide (the height
    /// follows): `ESC _ G a=T,f=100,c=<columns>,q=2,m=1 ; <base64> ESC \`, then the rest of the
    /// base64 text in pieces of at most 4096 bytes, the last one with `m=0`. `q=2` keeps the
    /// terminal from answering on the keyboard's input. A newline ends it.
    public static func kitty(png: Data, columns: Int?) -> String {
        let text = png.base64EncodedString()
        var pieces: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let end = text.index(index, offsetBy: kittyChunk, limitedBy: text.endIndex) ?? text.endIndex
            pieces.append(text[index..<end])
            index = end
        }
        if pieces.isEmpty { pieces = [""] }
        var out = ""
        for (number, piece) in pieces.enumerated() {
            let more = number < pieces.count - 1 ? 1 : 0
            var keys = number == 0 ? "a=T,f=100," + (columns.map { "c=\($0)," } ?? "") + "q=2," : ""
            keys += "m=\(more)"
            out += "\u{1B}_G\(keys);\(piece)\u{1B}\\"
        }
        return out + "\n"
    }

    /// iTerm2's command that shows the file `data` inline, `columns` cells wide, its proportions
    /// kept: `ESC ] 1337 ; File=name=<base64 name>;size=<bytes>;width=<columns>;height=auto;
    /// preserveAspectRatio=1;inline=1 : <base64> BEL`. A newline ends it.
    public static func iTerm2(_ data: Data, name: String, columns: Int?) -> String {
        let fields = ["name=" + Data(name.utf8).base64EncodedString(), "size=\(data.count)",
                      "width=" + (columns.map(String.init) ?? "auto"), "height=auto", "preserveAspectRatio=1", "inline=1"]
        return "\u{1B}]1337;File=" + fields.joined(separator: ";") + ":" + data.base64EncodedString() + "\u{07}\n"
    }
}
