/// The one rule for the ids people type and wwdc prints in the commands it hands out (a session's,
/// an event's, a news item's): ASCII letters, digits, `-`, `_` and `.`, not starting with `-` (an
/// option, to a command line), at most ``maximumLength`` of them. Every id in Apple's feeds is one.
///
/// An id from outside (a feed, another machine's journal, the account service) that is not one is
/// unusable: its item is skipped and reported. So no id carries shell syntax, shows as another id
/// (an invisible or bidirectional character taken out on the terminal) or reads as an option.
public enum ItemID {
    /// The longest id: far longer than any real one, short enough that a journal line always has
    /// room for it beside a note (``SessionNote/maximumLength``).
    public static let maximumLength = 128

    /// Why `id` cannot be used, in words that follow "found" ("found text starting with '-'…");
    /// nil when it can.
    public static func problem(_ id: String) -> String? {
        if id.isEmpty { return "empty text" }
        if id.utf8.count > maximumLength { return "text longer than \(maximumLength) characters, which an id cannot be" }
        if id.utf8.first == UInt8(ascii: "-") { return "text starting with '-', which a command line would take for an option" }
        guard id.utf8.allSatisfy(isAllowed) else {
            return "text with characters other than ASCII letters, digits, '-', '_' and '.', which an id cannot hold"
        }
        return nil
    }

    /// Whether `id` can be used.
    public static func isUsable(_ id: String) -> Bool {
        problem(id) == nil
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
