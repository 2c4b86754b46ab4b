import ConferenceData
import Foundation
import Operations

/// One exchange with the sync folder, within its time limit: a push (the changes made here go
/// out) or the whole exchange (a sync's step: out, then in and merged). It needs the folder there
/// and writable (``SyncFolderAvailable``).
//
// @unchecked Sendable: the report is in a Locked; the rest is immutable.
public final class SyncFolderOperation: AdvancedOperation, @unchecked Sendable {
    public enum Mode: Sendable { case push, exchange }

    public let settings: SyncFolderSettings
    public let mode: Mode
    private let exchange: SyncFolderExchange
    private let outcome = Locked<SyncFolderReport?>(nil)

    public init(settings: SyncFolderSettings, store: ConferenceStore, mode: Mode, now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.mode = mode
        exchange = SyncFolderExchange(folder: settings.folder(for: store.path), store: store, now: now)
        super.init()
        name = mode == .push ? "push to sync folder" : "exchange with sync folder"
        addCondition(SyncFolderAvailable(settings: settings))
    }

    /// What it did; nil until it has done it.
    public var report: SyncFolderReport? { outcome.withLock { $0 } }

    public override func execute() async throws {
        let exchange = exchange
        let mode = mode
        let report = try await TimeLimited<SyncFolderReport>.run(seconds: settings.timeLimit, path: settings.path) { limit in
            try mode == .push ? exchange.push(limit: limit) : exchange.run(limit: limit)
        }
        outcome.withLock { $0 = report }
    }
}

/// The sync folder as a backend of personal data: each change made here is pushed to it at once.
public struct SyncFolderBackend: PersonalDataBackend {
    public let settings: SyncFolderSettings

    public init(settings: SyncFolderSettings) {
        self.settings = settings
    }

    public var name: String { "the sync folder" }

    public func makePush(store: ConferenceStore) -> AdvancedOperation {
        SyncFolderOperation(settings: settings, store: store, mode: .push)
    }
}
