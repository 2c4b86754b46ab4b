import Foundation

/// The clipboard of the terminal a program writes to: OSC 52, which terminals (and tmux, with
/// `set-clipboard on`) offer for it; one that does not ignores it.
public enum Clipboard {
    /// The OSC 52 sequence that sets the clipboard to `text` (base64, so no byte of it is a control).
    public static func sequence(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// Whether the environment permits the sequence on a terminal (`TERM` not `dumb`, a terminal that
    /// understands no escape at all).
    public static func allowed(environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb"
    }
}
