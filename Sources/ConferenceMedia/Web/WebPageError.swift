import Foundation

/// Why a session's page on the web could not be opened in the person's browser.
public enum WebPageError: Error, Equatable, Sendable {
    /// The feed's address of the page is not an https one (plain http, another scheme, not an address).
    case notHTTPS(String)
    /// The system's opener (`xdg-open`, `open`) is not installed.
    case openerNotFound(String)
    /// The opener could not be started.
    case openerNotStarted(String, reason: String)
    /// The opener ended with a failure status (it found no browser, say).
    case openerFailed(String, status: Int32)
}

extension WebPageError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .notHTTPS(let address): "the page's address is not an https one, which is all wwdc opens: \(address.prefix(80))"
        case .openerNotFound(let program): "'\(program)', which opens web pages, was not found"
        case let .openerNotStarted(program, reason): "could not start '\(program)': \(reason)"
        case let .openerFailed(program, status): "'\(program)' could not open the page (status \(status))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notHTTPS: "The feed may be broken or hostile; the page is not opened."
        case .openerNotFound: "Install it (xdg-utils on Debian and Ubuntu), or copy the link instead."
        case .openerNotStarted: nil
        case .openerFailed: "Set BROWSER to your web browser, or copy the link instead."
        }
    }
}
