import Foundation
import Operations

/// Fetches one page of an account list and stages it, then produces the operation for the next page.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class FetchPageOperation<List: AccountList>: AccountOperation, @unchecked Sendable {
    private let list: List
    private let context: SyncContext
    private let cursor: String?
    private let number: Int

    /// Needs no login condition of its own: its step's ``SkipUnlessLoggedIn`` has checked, silently.
    init(_ list: List, context: SyncContext, session: AccountSession, cursor: String?, number: Int) {
        self.list = list
        self.context = context
        self.cursor = cursor
        self.number = number
        super.init(session: session, requiresLogin: false)
        name = "\(list.step.rawValue) page \(number)"
    }

    override func execute() async throws {
        let page = try await withClient { client, token in try await list.fetchPage(client, token: token, cursor: cursor) }
        list.stage(page, in: context)
        if let next = page.nextCursor {
            produceOperation(FetchPageOperation(list, context: context, session: session, cursor: next, number: number + 1))
        }
    }
}
