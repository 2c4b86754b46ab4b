import ConferenceModel
import Foundation

/// A media address the feed gave in plain http, asked for over https (``WebAddress/media(_:)-(String)``),
/// failed there, and nothing else was left to use: the address that was refused, and why.
public struct UpgradedAddressError: Error, Equatable, Sendable {
    /// The address asked for (https), without a user name or password.
    public var address: String
    /// Why it failed, in the failure's own words.
    public var reason: String

    /// The failure `error` of `asked`, which `original` became over https; nil when the address was
    /// not rewritten (the error then says enough).
    public static func wrapping(_ error: any Error, asked: URL, original: String) -> UpgradedAddressError? {
        guard asked.absoluteString != original else { return nil }
        return UpgradedAddressError(address: WebAddress.redacted(asked.absoluteString), reason: ErrorText.message(error))
    }
}

extension UpgradedAddressError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        "\(address.prefix(200)) (the feed's plain http address, asked for over https) failed: \(reason)"
    }

    public var recoverySuggestion: String? {
        "Its server may not answer over https; wwdc fetches plain http only from this machine."
    }
}
