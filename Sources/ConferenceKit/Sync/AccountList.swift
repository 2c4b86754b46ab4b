import PlainText
import Foundation

/// One of the account's lists that a sync imports (favorites, feedback): how a page of it is
/// fetched, where it is staged, how its step describes it, and how it merges with the rows here.
protocol AccountList: Sendable {
    associatedtype Item: Sendable

    /// The step that imports it; it also names the list in the sync's summary of changes.
    var step: SyncStep { get }
    /// What one of its items is called in the step's detail ("3 favorites in 1 page").
    var noun: String { get }
    /// Its part of what the sync staged.
    var staged: WritableKeyPath<SyncContext.Staged, SyncContext.FetchedList<Item>> { get }

    /// Fetches the page after `cursor` (the first page without one).
    func fetchPage(_ client: AccountClient, token: String, cursor: String?) async throws -> AccountClient.Page<Item>

    /// Merges the service's items (nil: the list was not fetched) with the rows here.
    func merge(_ items: [Item]?, into db: Database, watermark: Int64, at date: Date) throws -> ChangeCounts
}

extension AccountList {
    /// Adds a fetched page to the staged list.
    func stage(_ page: AccountClient.Page<Item>, in context: SyncContext) {
        context.stage { staged in
            staged[keyPath: self.staged].items = (staged[keyPath: self.staged].items ?? []) + page.items
            staged[keyPath: self.staged].pages += 1
        }
    }

    /// What the step fetched: "3 favorites in 1 page".
    func detail(of staged: SyncContext.Staged) -> String {
        let list = staged[keyPath: self.staged]
        return Quantity.text(list.items?.count ?? 0, noun) + " in " + Quantity.text(list.pages, "page")
    }

    /// Merges the staged list (in the save step's transaction); returns what changed here.
    func mergeStaged(_ staged: SyncContext.Staged, into db: Database, at date: Date) throws -> ChangeCounts {
        try merge(staged[keyPath: self.staged].items, into: db, watermark: staged.watermark ?? 0, at: date)
    }

    /// Records what the merge changed.
    func record(_ changes: ChangeCounts, in staged: inout SyncContext.Staged) {
        staged[keyPath: self.staged].changes = changes
    }

    /// What the merge changed, as recorded.
    func changes(in staged: SyncContext.Staged) -> ChangeCounts {
        staged[keyPath: self.staged].changes
    }
}
