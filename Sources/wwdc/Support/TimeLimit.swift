import CommandLineKit
import Foundation

/// A time limit the environment sets in seconds (`WWDC_TIMEOUT`, `WWDC_STALL_TIMEOUT`), read one way
/// for all: a number from 0.1 to 86400 (a day), else an error naming the variable; unset, the default.
enum TimeLimit {
    static let range: ClosedRange<Double> = 0.1...86_400

    static func seconds(_ variable: String, in environment: [String: String], default value: TimeInterval) throws -> TimeInterval {
        guard let text = environment[variable] else { return value }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, range.contains(seconds) else {
            throw RuntimeError("\(variable) is '\(text.prefix(40))', not a number of seconds from 0.1 to 86400",
                               hint: "Set it to seconds, such as \(variable)=60, or unset it for the default (\(Int(value))).")
        }
        return seconds
    }
}
