import Foundation

/// The account's favorites, as a sync imports them.
struct FavoritesList: AccountList {
    var step: SyncStep { .favorites }
    var noun: String { "favorite" }
    var staged: WritableKeyPath<SyncContext.Staged, SyncContext.FetchedList<AccountClient.RemoteFavorite>> { \.favorites }

    func fetchPage(_ client: AccountClient, token: String, cursor: String?) async throws -> AccountClient.Page<AccountClient.RemoteFavorite> {
        try await client.favorites(token: token, cursor: cursor)
    }

    func merge(_ items: [AccountClient.RemoteFavorite]?, into db: Database, watermark: Int64, at date: Date) throws -> ChangeCounts {
        try db.mergeFavorites(remote: items, watermark: watermark, at: date)
    }
}
