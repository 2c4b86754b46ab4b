/// Colour and emphasis for terminal output; every helper returns its input unchanged when colour is off.
///
/// Colour is on only when output is a terminal, `NO_COLOR` is unset or empty (https://no-color.org)
/// and `TERM` is not `dumb`. Each helper closes only its own attribute, so helpers nest.
public struct Style: Sendable, Equatable {
    /// Whether escape sequences are produced at all.
    public let isEnabled: Bool

    public init(enabled: Bool) {
        self.isEnabled = enabled
    }

    /// A style that never colours.
    public static let plain = Style(enabled: false)

    /// The style for output on `fd`, following the rules above.
    public static func detect(outputFD fd: Int32, environment: [String: String]) -> Style {
        Style(enabled: isatty(fd) == 1 && allowsColor(environment: environment))
    }

    /// Whether the environment permits colour on a terminal (`NO_COLOR` unset or empty, `TERM` not `dumb`).
    public static func allowsColor(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    public func bold(_ text: String) -> String { wrap(text, "1", "22") }
    public func dim(_ text: String) -> String { wrap(text, "2", "22") }
    public func inverse(_ text: String) -> String { wrap(text, "7", "27") }
    public func red(_ text: String) -> String { wrap(text, "31", "39") }
    public func green(_ text: String) -> String { wrap(text, "32", "39") }
    public func yellow(_ text: String) -> String { wrap(text, "33", "39") }
    public func cyan(_ text: String) -> String { wrap(text, "36", "39") }

    private func wrap(_ text: String, _ on: String, _ off: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(on)m\(text)\u{1B}[\(off)m"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
