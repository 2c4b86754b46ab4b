import ConferenceModel
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

    /// Sources known by name: `apple` (``appleURL``, or `apple` when given and not empty: a mirror, a
    /// test server).
    public static func named(_ name: String, apple: String? = nil) -> String? {
        guard name.lowercased() == "apple" else { return nil }
        if let apple, !apple.isEmpty { return apple }
        return appleURL.absoluteString
    }

    /// A source as a person names it: a named source (`apple`, standing for `apple` when given), an
    /// http(s) URL, or the path of a folder.
    ///
    /// - Throws: `BackendError.insecureSource` for plain http beyond this machine,
    ///   `BackendError.refusedAddress` for another address ``WebAddress`` refuses (a password in it),
    ///   `BackendError.invalidSource` for anything else that is not a URL nor a folder.
    public init(argument: String, apple: String? = nil,
                relativeTo directory: String = FileManager.default.currentDirectoryPath) throws {
        let argument = Self.named(argument, apple: apple) ?? argument
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            if let refusal = WebAddress.refusal(for: url) { throw BackendError(refusing: url, refusal) }
            self = .server(url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent(""))
            return
        }
        let path = argument.hasPrefix("/") ? argument : (directory as NSString).appendingPathComponent(argument)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BackendError.invalidSource(WebAddress.redacted(argument))
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

    /// Refuses an address ``WebAddress`` refuses (an account service, a redirect, a video), as a
    /// ``BackendError``.
    public static func requireSecure(_ url: URL) throws {
        if let refusal = WebAddress.refusal(for: url) { throw BackendError(refusing: url, refusal) }
    }

    /// Checks a URL the config or a manifest points at: the rule of ``WebAddress`` for a web address;
    /// from a folder source, a file inside that folder too (symbolic links followed), never one
    /// outside it. `feed` names the feed in the error, when there is one.
    public func validate(_ url: URL, feed: String? = nil) throws {
        guard url.isFileURL else { return try Self.requireSecure(url) }
        guard case .folder(let folder) = self else { throw BackendError.invalidSource(WebAddress.redacted(url.absoluteString)) }
        guard Self.contains(folder, url) else {
            throw BackendError.outsideFolder(feed: feed, path: url.path, folder: folder.path)
        }
    }

    /// Whether `file` is inside `folder` once both are resolved (`..` and symbolic links).
    static func contains(_ folder: URL, _ file: URL) -> Bool {
        let root = resolvedPath(folder.path)
        let target = resolvedPath(file.path)
        guard !target.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return false }
        return target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The path with its symbolic links and `..` resolved as far as it exists; the missing rest as written.
    static func resolvedPath(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return path }
        return (resolvedPath(parent) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }
}
