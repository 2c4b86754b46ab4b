import ConferenceData
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the login token in `$XDG_CONFIG_HOME/wwdc/credentials.json` (fallback `~/.config`): a 0600
/// file in a 0700 folder, replaced atomically. Only the token is kept, never a password.
public struct CredentialStore: Sendable {
    public let url: URL

    /// The store in the person's config folder (``UserFolders/configFolder``).
    public init(folders: UserFolders) {
        url = folders.configFolder.appendingPathComponent("credentials.json")
    }

    public init(url: URL) {
        self.url = url
    }

    public func load() -> AccountCredentials? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(AccountCredentials.self, from: data)
    }

    public func save(_ credentials: AccountCredentials) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FileAccessError.write(folder.path, error)
        }
        // wwdc's own folder is 0700 even when it existed before with wider modes.
        chmod(folder.path, 0o700)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(credentials)
        // Created 0600 from the start (never readable by others, not even for a moment), then renamed.
        try PrivateFile.write(data, to: url.path)
    }

    public func delete() {
        unlink(url.path)
    }
}
