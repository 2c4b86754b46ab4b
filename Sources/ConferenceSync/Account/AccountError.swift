import Foundation

/// What went wrong with the account: not logged in, refused, not allowed, or the service failed.
public enum AccountError: Error, Equatable, Sendable {
    /// No valid token, and no way to ask for one here (no terminal, no credentials given).
    case notLoggedIn
    /// The source's config names no account service.
    case unavailable
    /// The service refused the username or password.
    case invalidCredentials
    /// The token expired or was revoked.
    case sessionExpired
    /// The account is not a registered developer.
    case notDeveloper(username: String)
    /// The account's cloud storage is not available.
    case cloudUnavailable(username: String)
    /// The user cancelled the login.
    case loginCancelled
    /// The service answered with an error.
    case service(endpoint: String, status: Int, message: String)
    /// The service could not be reached or the connection broke.
    case network(endpoint: String, detail: String)

    /// The service refused this request itself (4xx other than 401 and 429): retrying will not help.
    public var isRefusal: Bool {
        if case let .service(_, status, _) = self { return (400..<500).contains(status) && status != 429 }
        return false
    }

    /// Whether the request could succeed later without the user doing anything (offline, server error).
    public var isTransient: Bool {
        switch self {
        case .network: true
        case let .service(_, status, _): status >= 500 || status == 429
        default: false
        }
    }
}

extension AccountError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .notLoggedIn: "not logged in"
        case .unavailable: "accounts are not available from this source (its config names no account service)"
        case .invalidCredentials: "the username or password is wrong"
        case .sessionExpired: "the login has expired"
        case let .notDeveloper(username): "\(username) is not a registered developer"
        case let .cloudUnavailable(username): "cloud storage is not available for \(username)"
        case .loginCancelled: "login cancelled"
        case let .service(endpoint, status, message): "\(endpoint): HTTP \(status): \(message)"
        case let .network(endpoint, detail): "\(endpoint): \(detail)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notLoggedIn, .sessionExpired:
            "Log in to the account."
        case .unavailable:
            "Sync from a server that offers accounts."
        case .invalidCredentials:
            "Check the username and password and try again."
        case .notDeveloper:
            "This needs a registered developer account."
        case .cloudUnavailable:
            "Enable cloud storage for the account, then try again."
        case .loginCancelled:
            nil
        case let .service(_, status, _) where status < 500 && status != 429:
            "The service refused the request; what you have here was kept as it is."
        case .service, .network:
            "Try again later; nothing is lost."
        }
    }
}
