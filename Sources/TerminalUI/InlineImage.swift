import Foundation

/// Pictures drawn in the terminal itself, by the two protocols terminals offer for it: kitty's
/// graphics protocol and iTerm2's inline images. Which one a terminal speaks is read from its
/// environment, else asked of the terminal (``ask(_:)``).
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

    /// Whether the environment leaves the protocol to a question: not decided by
    /// ``terminalProtocol(environment:)``, and not inside tmux or screen (which answer for
    /// themselves and swallow both protocols) or on a `dumb` terminal.
    public static func isUndecided(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        guard environment["TMUX"] == nil, !term.hasPrefix("screen"), !term.hasPrefix("tmux"), term != "dumb", !term.isEmpty else { return false }
        return terminalProtocol(environment: environment) == nil
    }

    /// kitty's graphics query (a 1×1 RGB picture, id 31, queried, not shown: `a=q`), then the
    /// primary device attributes request (DA1), which every terminal answers: the answers come in
    /// order, so DA1's ends the wait.
    public static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// The longest a terminal is waited for when it answers nothing at all, DA1 included.
    public static let queryLimit: Duration = .seconds(5)

    /// Asks the terminal behind `owner` whether it speaks kitty's graphics protocol: kitty when it
    /// answers the graphics query with `OK`, nil when it answers DA1 alone (or nothing within
    /// ``queryLimit``, or there is no terminal to ask).
    ///
    /// - Throws: ``TerminalError/cancelled`` when Ctrl-C was typed while waiting.
    public static func ask(_ owner: TerminalOwner) throws(TerminalError) -> TerminalProtocol? {
        guard let answer = owner.query(kittyQuery, limit: queryLimit, isComplete: { deviceAttributesEnd(in: $0) != nil }) else { return nil }
        if answer.wasInterrupted { throw TerminalError.cancelled }
        return kittyAnswerIsOK(answer.bytes) ? .kitty : nil
    }

    /// Where the first DA1 answer (`ESC [ ? <digits and ;> c`) in `bytes` ends.
    static func deviceAttributesEnd(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var end = index + 3
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ";") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "c") { return end + 1 }
            }
            index += 1
        }
        return nil
    }

    /// Whether `bytes` hold kitty's answer to the query with id 31 saying `OK`
    /// (`ESC _ G i=31 ; OK ESC \`), before the DA1 answer.
    static func kittyAnswerIsOK(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(deviceAttributesEnd(in: bytes) ?? bytes.count), as: UTF8.self)
        for command in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            guard let end = command.range(of: "\u{1B}\\") else { continue }
            let body = command[..<end.lowerBound]
            guard let semicolon = body.firstIndex(of: ";") else { continue }
            let keys = body[..<semicolon].split(separator: ",")
            if keys.contains("i=31"), body[body.index(after: semicolon)...] == "OK" { return true }
        }
        return false
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
