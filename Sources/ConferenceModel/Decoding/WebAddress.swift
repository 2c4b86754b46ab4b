import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule for the web addresses wwdc takes from outside (a source, the feeds and redirects, the
/// account service, a video to download or to play, a picture, a link on the terminal): https
/// anywhere, plain http only to this machine, and never a user name or password in the address. A
/// media address in plain http beyond this machine is asked for over https (``media(_:)-(String)``).
///
/// "This machine" is `localhost` or a loopback address written as one (127.0.0.0/8, `::1`); a name
/// is not an address (`127.example.com` is elsewhere). An IPv4 address written in IPv6 form
/// (`[::ffff:127.0.0.1]`) names the IPv4 address it maps, loopback or not, but the transfers cannot
/// connect to an address written so: it is refused with the form that works.
public enum WebAddress {
    /// Why an address is refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not an http or https URL with a host (`file:`, `javascript:`, `--script=…`, a path).
        case notWeb
        /// Plain http to a host other than this machine.
        case plainHTTP(host: String)
        /// A user name or password in the address (`http://user:secret@host/`).
        case credentials
        /// An IPv4 address in IPv6 form, which the transfers cannot connect to.
        case mappedIPv4(host: String, ipv4: String)

        public var description: String {
            switch self {
            case .notWeb: "not a web address (https, or http on this machine)"
            case .plainHTTP(let host): "plain http to \(host): only https is allowed beyond this machine"
            case .credentials: "a user name or password in the address"
            case let .mappedIPv4(host, ipv4): "[\(host)] is the IPv4 address \(ipv4) written in IPv6 form, which wwdc cannot connect to"
            }
        }

        /// How to write an address that is taken.
        public var advice: String {
            switch self {
            case .notWeb: "Give an https address (plain http only for this machine)."
            case .plainHTTP: "Use https, or plain http only for this machine (localhost, 127.0.0.1, ::1)."
            case .credentials: "Give the address without 'user:password@', and log in to the account instead."
            case .mappedIPv4(_, let ipv4): "Write the address as \(ipv4)."
            }
        }
    }

    /// Why `url` may not be fetched, played or linked; nil when it may.
    public static func refusal(for url: URL) -> Refusal? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else { return .notWeb }
        if url.user != nil || url.password != nil { return .credentials }
        let bare = unbracketed(host)
        if let ipv4 = mappedIPv4(bare) { return .mappedIPv4(host: bare, ipv4: ipv4) }
        if scheme == "http", !isLoopback(url) { return .plainHTTP(host: bare) }
        return nil
    }

    /// A media address (a video to play or download, a picture) as wwdc fetches or plays it: plain
    /// http to a host other than this machine is asked for over https instead (same host, port aside,
    /// path and query), as browsers' HTTPS-first mode does, without a request to see first; then the
    /// rule applies. Only media: a source, the feeds, the account service and redirects keep refusing
    /// plain http beyond this machine.
    public static func media(_ text: String) -> Result<URL, Refusal> {
        guard !text.hasPrefix("-"), let url = URL(string: text) else { return .failure(.notWeb) }
        return media(url)
    }

    /// ``media(_:)-(String)`` for a URL.
    public static func media(_ url: URL) -> Result<URL, Refusal> {
        var upgraded = url
        if case .plainHTTP? = refusal(for: url), var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            parts.scheme = "https"
            if parts.port == 80 { parts.port = nil }
            upgraded = parts.url ?? url
        }
        if let refusal = refusal(for: upgraded) { return .failure(refusal) }
        return .success(upgraded)
    }

    /// Why the address `text` may not be fetched, played or linked; nil when it may.
    public static func refusal(for text: String) -> Refusal? {
        guard !text.hasPrefix("-"), let url = URL(string: text) else { return .notWeb }
        return refusal(for: url)
    }

    /// Whether the address `text` may be fetched, played or linked.
    public static func allows(_ text: String) -> Bool {
        refusal(for: text) == nil
    }

    /// Whether `url` names this machine: `localhost`, or a loopback address written as one
    /// (127.0.0.0/8, `::1`).
    public static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        let bare = unbracketed(host)
        if bare == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        guard let bytes = ipv6Bytes(bare) else { return false }
        return bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
    }

    /// `text` as it may be shown: a URL without its user name and password (the rest as written).
    public static func redacted(_ text: String) -> String {
        guard var parts = URLComponents(string: text), parts.user != nil || parts.password != nil else { return text }
        parts.user = nil
        parts.password = nil
        return parts.string ?? "(an address holding a password)"
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func ipv6Bytes(_ host: String) -> [UInt8]? {
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return nil }
        return withUnsafeBytes(of: &v6) { Array($0) }
    }

    /// The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for.
    private static func mappedIPv4(_ host: String) -> String? {
        guard let bytes = ipv6Bytes(host), bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
        return bytes[12...].map(String.init).joined(separator: ".")
    }
}
