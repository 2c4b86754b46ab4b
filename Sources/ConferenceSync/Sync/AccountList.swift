import ConferenceData
import ConferenceModel
import PlainText
import Foundation
import SQLiteDatabase

/// One of the account's lists that a sync imports (``favorites``, ``feedback``): how a page of it is
/// fetched, how its step describes it, and how it merges with the rows here.
struct AccountList<Item: Sendable>: Sendable {
    /// The step that imports it; it also names the list in the sync's summary of changes.
    let step: SyncStep
    /// What one of its items is called in the step's detail ("3 favorites in 1 page").
    let noun: String
    /// The session an item is about: an item whose session id is not an ``ItemID`` is skipped.
    let sessionID: @Sendable (Item) -> String
    /// Fetches the page after `cursor` (the first page without one).
    let fetchPage: @Sendable (_ client: AccountClient, _ token: String, _ cursor: String?) async throws -> AccountClient.Page<Item>
    /// Merges the service's items (nil: the list was not fetched) with the rows here; says what changed.
    let merge: @Sendable (_ items: [Item]?, _ db: Database, _ watermark: Int64, _ date: Date) throws -> ChangeCounts

    /// What the step fetched: "3 favorites in 1 page".
    func detail(of list: FetchedList<Item>?) -> String {
        Quantity.text(list?.items?.count ?? 0, noun) + " in " + Quantity.text(list?.pages ?? 0, "page")
    }

    /// The items whose session id is an ``ItemID``, and the others, skipped, as issues of the list
    /// (named by their place in it, as the feeds' items without a usable id are).
    func usable(_ items: [Item]) -> (items: [Item], skipped: [FeedIssue]) {
        var kept: [Item] = []
        var skipped: [FeedIssue] = []
        for (index, item) in items.enumerated() {
            if let problem = ItemID.problem(sessionID(item)) {
                skipped.append(FeedIssue(kind: .skipped, feed: step.rawValue, item: "\(step.rawValue)[\(index)]", field: "sessionId",
                                         reason: "expected an id, found " + problem))
            } else {
                kept.append(item)
            }
        }
        return (kept, skipped)
    }
}

extension AccountList<AccountClient.RemoteFavorite> {
    /// The account's favorites.
    static var favorites: AccountList {
        AccountList(step: .favorites, noun: "favorite", sessionID: \.sessionId,
                    fetchPage: { client, token, cursor in try await client.favorites(token: token, cursor: cursor) },
                    merge: { items, db, watermark, date in try db.mergeFavorites(remote: items, watermark: watermark, at: date) })
    }
}

extension AccountList<AccountClient.RemoteFeedback> {
    /// The account's feedback (its ratings).
    static var feedback: AccountList {
        AccountList(step: .feedback, noun: "rating", sessionID: \.sessionId,
                    fetchPage: { client, token, cursor in try await client.feedback(token: token, cursor: cursor) },
                    merge: { items, db, watermark, date in try db.mergeFeedback(remote: items, watermark: watermark, at: date) })
    }
}
