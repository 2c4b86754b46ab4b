import PlainText
import Foundation
import Operations

/// Commits everything the sync staged in one transaction: the store is either fully updated or left
/// as it was. A critical section: SIGINT and SIGTERM wait until it is done.
//
// @unchecked Sendable: immutable after init; the rest is the superclass's.
final class SaveOperation: AdvancedOperation, SyncStepOperation, @unchecked Sendable {
    let step = SyncStep.save
    private let context: SyncContext

    init(context: SyncContext) {
        self.context = context
        super.init()
        name = step.rawValue
        addObserver(CriticalSectionObserver())
    }

    var resultDetail: String? {
        let staged = context.snapshot
        guard staged.report != nil else { return nil }
        return staged.rowsChanged == 0 ? "nothing changed" : Quantity.text(staged.rowsChanged, "row") + " changed"
    }

    override func execute() {
        // Cancelled between being scheduled and now: the critical section has not begun, stop here.
        if isCancelled {
            finish()
            return
        }
        do {
            let staged = context.snapshot
            let batch = context.batch()
            let date = context.settings.now()
            let (report, changes) = try context.store.write { db in
                let report = try db.apply(batch)
                // The source is what the user named, even when its config is byte for byte the last one's.
                if staged.config != nil { try db.saveConfig(staged.configBody, from: context.settings.source.configURL) }
                let changes = try SyncContext.accountLists.map { try $0.mergeStaged(staged, into: db, at: date) }
                return (report, changes)
            }
            // A large save leaves the log as big as what it wrote: fold it into the file now, so the
            // next command does not read it back and the store's size is what is on disk.
            if report.rowsChanged > 10_000 { context.store.checkpoint() }
            context.stage { staged in
                staged.report = report
                for (list, changes) in zip(SyncContext.accountLists, changes) { list.record(changes, in: &staged) }
            }
            finish()
        } catch {
            finish(with: error)
        }
    }
}
