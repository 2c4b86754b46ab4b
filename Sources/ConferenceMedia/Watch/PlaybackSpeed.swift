import Foundation

/// How fast a video plays: 1 is normal, 1.5 half again as fast. Kept to the hundredth (mpv's `]`
/// multiplies by 1.1, so a speed a person chose there is 1.2100000000000002).
public struct PlaybackSpeed: Sendable, Hashable, CustomStringConvertible {
    /// The slowest and the fastest a player is given: mpv's own bounds.
    public static let slowest = PlaybackSpeed(uncheckedRate: 0.01)
    public static let fastest = PlaybackSpeed(uncheckedRate: 100)
    public static let normal = PlaybackSpeed(uncheckedRate: 1)

    /// The factor, a hundredth at the finest.
    public let rate: Double

    /// `rate` to the hundredth; nil when that is not from ``slowest`` to ``fastest`` (or not a number).
    public init?(rate: Double) {
        let rounded = (rate * 100).rounded() / 100
        guard rounded.isFinite, (Self.slowest.rate...Self.fastest.rate).contains(rounded) else { return nil }
        self.rate = rounded
    }

    /// A speed as people write it (`1.5`, `2`, `0.75`); nil for anything else.
    public init?(_ text: String) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let rate = Double(text) else { return nil }
        self.init(rate: rate)
    }

    private init(uncheckedRate: Double) {
        rate = uncheckedRate
    }

    /// `1.5`, `2`, `0.91`: as a player's option and the config file take it.
    public var description: String {
        var text = String(format: "%.2f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
