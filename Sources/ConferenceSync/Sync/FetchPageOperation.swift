import Foundation
import Operations

/// Fetches one page of an account list, its output, then produces the operation for the next page.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class FetchPageOperation<Item: Sendable>: AccountOperation, OutputOperation, @unchecked Sendable {
    let output = OperationOutput<AccountClient.Page<Item>>()
    /// Its place in the list, from 1.
    let number: Int
    private let list: AccountList<Item>
    private let cursor: String?

    /// Needs no login condition of its own: its step's ``SkipUnlessLoggedIn`` has checked, silently.
    init(_ list: AccountList<Item>, session: AccountSession, cursor: String?, number: Int) {
        self.list = list
        self.cursor = cursor
        self.number = number
        super.init(session: session, requiresLogin: false)
        name = "\(list.step.rawValue) page \(number)"
    }

    override func execute() async throws {
        let page = try await withClient { client, token in try await list.fetchPage(client, token, cursor) }
        output.set(page)
        if let next = page.nextCursor {
            produceOperation(FetchPageOperation(list, session: session, cursor: next, number: number + 1))
        }
    }
}
