/// Clickable links on a terminal: OSC 8 (`ESC ]8;;URL ESC \ text ESC ]8;; ESC \`), which terminals
/// that do not know it ignore, showing the text alone.
///
/// Unlike ``Style`` this is not colour, so `NO_COLOR` leaves it on; it is off in a pipe and with
/// `TERM=dumb`. An address is linked only when every character of it is printable ASCII (as the
/// OSC 8 convention asks, other bytes percent-encoded): anything else, an escape or control
/// character that got past the sanitiser above all, could end the sequence early, so such an
/// address is printed as plain text.
public struct Hyperlinks: Sendable, Equatable {
    public let isEnabled: Bool

    public init(enabled: Bool) {
        isEnabled = enabled
    }

    /// Never links.
    public static let plain = Hyperlinks(enabled: false)

    /// Whether the environment permits links on a terminal (`TERM` not `dumb`).
    public static func allowed(environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb"
    }

    /// `text` (the address itself by default) as a link to `url`; unchanged when links are off or
    /// the address is not one that can be put in the sequence.
    public func link(_ url: String, text: String? = nil) -> String {
        let text = text ?? url
        guard isEnabled, Self.canLink(url) else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// Printable ASCII only, and not empty.
    public static func canLink(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
