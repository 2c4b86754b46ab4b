import ConferenceData
import Foundation
import TestSupport
import Testing

/// What the account tests share: a sandbox synced from its own reference server, logging in, and
/// the favorites as the service and the store hold them.
extension Sandbox {
    /// The reference server's password for `ada` (see docs/api.md).
    static let adaPassword = "lovelace-1843"

    /// A sandbox (`sandbox`, or a new one) synced from a fresh reference server on `root`.
    static func synced(root: URL = ProjectPaths.fixtures, serverArguments: [String] = [],
                       in sandbox: Sandbox? = nil) async throws -> (Sandbox, ReferenceServer) {
        let sandbox = try sandbox ?? Sandbox()
        let server = try await ReferenceServer.start(root: root, arguments: serverArguments)
        let result = try await sandbox.run(["sync", "--source", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        return (sandbox, server)
    }

    /// `wwdc login` from a script, the password on standard input.
    @discardableResult
    func login(as username: String = "ada", password: String = Sandbox.adaPassword) async throws -> CommandResult {
        try await run(["login", "--username", username, "--password-stdin"], stdin: password + "\n")
    }

    /// The store's favorites by session, with their sync state; removals not yet uploaded included
    /// when `includingRemovals`.
    func localFavorites(includingRemovals: Bool = false) throws -> [String: String] {
        let rows = try ConferenceStore(path: database.path).read { try $0.favorites(onlyFavorites: !includingRemovals) }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.sessionID, $0.syncState.rawValue) })
    }
}

extension ReferenceServer {
    /// The user's account state on the service (`favorites`, `feedback`).
    func account(of user: String = "ada") async throws -> [String: Any] {
        let users = try await state()["users"] as? [String: Any]
        return users?[user] as? [String: Any] ?? [:]
    }

    /// The session ids of the user's favorites on the service, sorted.
    func favorites(of user: String = "ada") async throws -> [String] {
        let favorites = try await account(of: user)["favorites"] as? [[String: Any]] ?? []
        return favorites.compactMap { $0["sessionId"] as? String }.sorted()
    }
}
