/// How many colours a terminal shows, as its environment says.
public enum ColorDepth: Sendable, Comparable {
    /// No colour: `NO_COLOR` is set, or `TERM` is `dumb`. Bold, underline and reverse video remain.
    case none
    /// The 16 standard colours, which every colour terminal has.
    case standard
    /// xterm's 256 (`TERM` ending in `256color`).
    case indexed256
    /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`, or `TERM` ends in `direct`).
    case trueColor

    /// The depth the environment allows (https://no-color.org for `NO_COLOR`).
    public static func detect(environment: [String: String]) -> ColorDepth {
        guard Style.allowsColor(environment: environment) else { return .none }
        let term = environment["TERM"] ?? ""
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
        if term.contains("256color") { return .indexed256 }
        return .standard
    }
}
