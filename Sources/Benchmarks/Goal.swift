/// A figure's goal as the bench prints it: the bound, then whether this run met it
/// ("goal ≤ 1.5x: met", "goal < 50 ms: missed").
struct Goal {
    let text: String
    let isMet: (Double) -> Bool

    /// At most `limit` times the baseline.
    static func ratio(atMost limit: Double) -> Goal {
        Goal(text: "≤ \(number(limit))x") { $0 <= limit }
    }

    /// Under `limit` milliseconds.
    static func milliseconds(below limit: Double) -> Goal {
        Goal(text: "< \(number(limit)) ms") { $0 < limit }
    }

    /// At most `limit` milliseconds.
    static func milliseconds(atMost limit: Double) -> Goal {
        Goal(text: "≤ \(number(limit)) ms") { $0 <= limit }
    }

    /// At most `limit` bytes.
    static func bytes(atMost limit: Double) -> Goal {
        Goal(text: "≤ \(number(limit)) B") { $0 <= limit }
    }

    /// At most `limit` megabytes (of memory).
    static func megabytes(atMost limit: Double) -> Goal {
        Goal(text: "≤ \(number(limit)) MB") { $0 <= limit }
    }

    /// Under `limit` seconds.
    static func seconds(below limit: Double) -> Goal {
        Goal(text: "< \(number(limit)) s") { $0 < limit }
    }

    /// Under `limit` megabytes (a peak resident memory).
    static func megabytes(below limit: Double) -> Goal {
        Goal(text: "< \(number(limit)) MB") { $0 < limit }
    }

    /// "goal ≤ 1.5x: met" for `value`.
    func verdict(_ value: Double) -> String {
        "goal \(text): \(isMet(value) ? "met" : "missed")"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
