/// Clickable links on a terminal: OSC 8 (`ESC ]8;;URL ESC \ text ESC ]8;; ESC \`), which terminals
/// that do not know it ignore, showing the text alone.
///
/// Unlike ``Style`` this is not colour, so `NO_COLOR` leaves it on; it is off in a pipe and with
/// `TERM=dumb`. Only an address the program would open itself is linked (https by default; the
/// caller says which), and only when every character of it is printable ASCII (as the
/// OSC 8 convention asks, other bytes percent-encoded): anything else, an escape or control
/// character that got past the sanitiser above all, could end the sequence early, so such an
/// address is printed as plain text.
public struct Hyperlinks: Sendable {
    public let isEnabled: Bool
    /// Whether an address may be linked at all: a link is an invitation to open it, so only an
    /// address the program itself would open qualifies (by default, https).
    private let allows: @Sendable (String) -> Bool

    public init(enabled: Bool, allowing allows: @escaping @Sendable (String) -> Bool = Hyperlinks.httpsOnly) {
        isEnabled = enabled
        self.allows = allows
    }

    /// Never links.
    public static let plain = Hyperlinks(enabled: false)

    /// Whether the environment permits links on a terminal (`TERM` not `dumb`).
    public static func allowed(environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb"
    }

    /// Addresses starting with `https://` (in any case).
    @Sendable public static func httpsOnly(_ url: String) -> Bool {
        url.lowercased().hasPrefix("https://")
    }

    /// `text` (the address itself by default) as a link to `url`; unchanged when links are off or
    /// the address is not one that may be linked and put in the sequence.
    public func link(_ url: String, text: String? = nil) -> String {
        let text = text ?? url
        guard isEnabled, Self.canLink(url), allows(url) else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// Printable ASCII only, and not empty.
    public static func canLink(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
