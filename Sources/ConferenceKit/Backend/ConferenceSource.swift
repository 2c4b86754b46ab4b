import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a conference's feeds come from: a server (its base URL) or a local folder of feed files.
public enum ConferenceSource: Sendable, Equatable, CustomStringConvertible {
    case server(URL)
    case folder(URL)

    /// The public feeds Apple's WWDC app reads, as the open-source WWDC app for macOS serves them.
    public static let appleURL = URL(string: "https://api2024.wwdc.io/")!

    /// Sources known by name: `apple` (``appleURL``, or `$WWDC_APPLE_SOURCE` when set).
    public static func named(_ name: String, environment: [String: String]) -> String? {
        guard name.lowercased() == "apple" else { return nil }
        if let override = environment["WWDC_APPLE_SOURCE"], !override.isEmpty { return override }
        return appleURL.absoluteString
    }

    /// Reads `--source` / `WWDC_SOURCE`: a named source (`apple`), an http(s) URL, or the path of a folder.
    ///
    /// - Throws: `BackendError.insecureSource` for plain http beyond this machine,
    ///   `BackendError.invalidSource` for anything else that is not a URL nor a folder.
    public init(argument: String, environment: [String: String] = [:],
                relativeTo directory: String = FileManager.default.currentDirectoryPath) throws {
        let argument = Self.named(argument, environment: environment) ?? argument
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            guard url.host != nil else { throw BackendError.invalidSource(argument) }
            if scheme == "http", !Self.isLoopback(url) { throw BackendError.insecureSource(url) }
            self = .server(url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent(""))
            return
        }
        let path = argument.hasPrefix("/") ? argument : (directory as NSString).appendingPathComponent(argument)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BackendError.invalidSource(argument)
        }
        self = .folder(URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL)
    }

    /// The URL feeds are resolved against (a folder's is a file URL ending in `/`).
    public var baseURL: URL {
        switch self {
        case let .server(url): url
        case let .folder(url): url
        }
    }

    /// The config's URL.
    public var configURL: URL { URL(string: "config.json", relativeTo: baseURL)!.absoluteURL }

    public var description: String {
        switch self {
        case let .server(url): url.absoluteString
        case let .folder(url): url.path
        }
    }

    /// Whether `url` names this machine: `localhost`, or a loopback address written as one
    /// (127.0.0.0/8, `::1`). A name is not an address: `127.example.com` is not this machine.
    public static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        // ::1, or an IPv4 loopback address mapped into IPv6 (::ffff:127.x.y.z).
        return bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            || bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    /// Refuses anything but https, or http to this machine (an account service, say).
    public static func requireSecure(_ url: URL) throws {
        switch url.scheme?.lowercased() {
        case "https": return
        case "http" where isLoopback(url): return
        case "http": throw BackendError.insecureSource(url)
        default: throw BackendError.invalidSource(url.absoluteString)
        }
    }

    /// Checks a URL the config points at: same rules as for the source (https, or http on loopback),
    /// and a folder source may only point into itself or at servers.
    public func validate(_ url: URL) throws {
        switch url.scheme?.lowercased() {
        case "https":
            return
        case "http":
            if !Self.isLoopback(url) { throw BackendError.insecureSource(url) }
        case "file":
            guard case .folder = self else { throw BackendError.invalidSource(url.absoluteString) }
        default:
            throw BackendError.invalidSource(url.absoluteString)
        }
    }
}
