import ConferenceData
import ConferenceModel
import ConferenceSync
import Operations
import PlainText
import TerminalUI

extension Browser {
    /// The first frame is up: the tabs not yet read are read, and the startup sync starts.
    public func started(in session: FullScreenSession<Browser>) {
        reload()
        startSync()
    }

    /// Runs the startup graph in the background, as the WWDC app does at launch: its steps in the
    /// status line; the lists refreshed when its save commits (the store's change counter tells the
    /// watcher); what it found new counted on the Explore tab; a failure as an alert.
    func startSync() {
        guard let make = actions.startupSync, let session else { return }
        let sync: SyncOperation
        do {
            sync = try make(BrowserSyncProgress(session: session), interaction)
        } catch SyncError.alreadyRunning {
            message = "Another wwdc sync is running on this store: its changes show here when it saves."
            return
        } catch {
            return alert("Sync failed", ErrorText.message(error))
        }
        syncStatus = "Syncing…"
        sync.addObserver(BlockObserver(finish: { [weak session] _, _ in
            session?.post { app in app.syncFinished(sync.summary) }
        }))
        queue.addOperation(sync)
    }

    private func syncFinished(_ summary: SyncSummary?) {
        syncStatus = nil
        guard let summary else { return }
        switch summary.status {
        case .succeeded:
            newCount = summary.whatsNew.count
            message = summary.whatsNew.isEmpty ? "Synced: nothing new." : "Synced: " + summary.whatsNew.countsText + "."
            if !summary.transcriptsFailed.isEmpty { message += " " + Quantity.text(summary.transcriptsFailed.count, "transcript") + " failed; the next sync retries." }
        case .interrupted:
            break
        case .failed:
            alert("Sync failed", (summary.error ?? "the sync failed") + (summary.hint.map { ".\n\n" + $0 } ?? "."))
        }
    }

    /// An alert over the browser, as an operation that asks: one on the screen at a time.
    func alert(_ title: String, _ text: String) {
        queue.addOperation(InteractionOperation.alert(Alert(title: title, message: text), interaction: interaction))
    }
}

/// The startup sync's steps, handed to the browser's status line.
struct BrowserSyncProgress: SyncProgressReporting {
    let session: FullScreenSession<Browser>

    func stepStarted(_ step: SyncStep) {
        session.post { app in app.syncStatus = "Syncing: \(step.title)…" }
    }

    func stepProgressed(_ step: SyncStep, done: Int, total: Int) {
        session.post { app in app.syncStatus = "Syncing: \(step.title) \(done)/\(total)…" }
    }

    func stepFinished(_ step: SyncStep, outcome: SyncStepOutcome) {}
}
