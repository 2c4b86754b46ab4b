import ConferenceData
import ConferenceMedia
import ConferenceModel
import Operations
import PlainText
import TerminalUI

extension Browser {
    /// `d`: downloads the session's video with the program's operation, on the downloads' queue,
    /// while the browser goes on; its progress on the Downloads tab and in the status line.
    func download() {
        guard let id = actedOn, let session else { return }
        guard !downloads.isDownloading(id) else {
            message = "\(id) is being downloaded already."
            return
        }
        let operation: DownloadsOperation
        do {
            operation = try actions.download(id, BrowserDownloadReporter(session: session))
        } catch {
            message = ErrorText.message(error)
            return
        }
        operation.addObserver(BlockObserver(finish: { _, errors in
            session.post { app in app.downloadEnded(operation, errors) }
        }))
        downloads.start(operation)
        message = ""
        showDownloads()
    }

    /// A download ended: what became of it as the message, the lists read again (the ↓ mark).
    private func downloadEnded(_ operation: DownloadsOperation, _ errors: [any Error]) {
        downloads.ended(operation)
        let said = operation.outcomes.compactMap { item, result -> String? in
            switch result {
            case let .downloaded(_, size): "↓ Downloaded \(item.label) (\(ByteCount.text(size)))."
            case .alreadyComplete: "\(item.label) is downloaded already."
            case .failed(let error): "\(item.label): \(ErrorText.message(error))"
            case .cancelled: "Stopped \(item.label); what was fetched is kept."
            }
        }
        message = said.isEmpty ? OperationError.rootCause(in: errors).map(ErrorText.message) ?? "" : said.joined(separator: " ")
        showDownloads()
        reload()
    }

    /// `D`: deletes the session's downloads and forgets them, with the program's operation; one
    /// running is stopped first.
    func removeDownload() {
        guard let id = actedOn, let session else { return }
        let stopping = downloads.operations(of: id)
        for operation in stopping { operation.cancel() }
        let (actions, queue) = (actions, queue)
        let said: @Sendable (String) -> Void = { text in session.post { app in app.message = text } }
        // After the download stopped: the store then says what there is to remove.
        let removal = ClosureOperation(name: "remove the downloads of \(id)") { finished in
            let removing: AdvancedOperation?
            do {
                removing = try actions.removeDownloads(id)
            } catch {
                said(ErrorText.message(error))
                return finished([error])
            }
            guard let removing else {
                said(stopping.isEmpty ? "\(id) has no download." : "Stopped the download of \(id).")
                return finished([])
            }
            removing.addObserver(BlockObserver(finish: { _, errors in
                said(OperationError.rootCause(in: errors).map(ErrorText.message) ?? "Removed the download of \(id).")
                session.post { app in app.reload() }
                finished(errors)
            }))
            queue.addOperation(removing)
        }
        for operation in stopping { removal.addDependency(operation) }
        queue.addOperation(removal)
    }

    /// The Downloads tab's rows again: the running downloads and those the store remembers
    /// (`stored`, when read again).
    func showDownloads(stored: [BrowserRow]? = nil) {
        if let stored { downloads.stored = stored }
        lists[.downloads]?.replace(downloads.rows)
    }

    /// `q`: leaves, unless downloads are running: then asks first, in an alert (one on the
    /// screen at a time, as every question): Quit stops them (resumable) and leaves.
    func leave(_ session: FullScreenSession<Browser>) {
        guard !downloads.running.isEmpty else { return session.quit() }
        let count = downloads.running.count
        let alert = Alert(title: count == 1 ? "A download is running" : "\(count) downloads are running",
                          message: "Quitting stops " + (count == 1 ? "it" : "them")
                              + "; what was fetched is kept, and 'wwdc download' resumes it.",
                          buttons: ["Stay", "Quit"])
        queue.addOperation(InteractionOperation.alert(alert, interaction: interaction) { [weak session] answer in
            guard answer == 1, let session else { return }
            session.post { _ in session.quit() }
        })
    }

    /// The status line's message: the downloads' progress before `status`.
    func statusMessage(_ status: String) -> StyledLine {
        guard let progress = downloads.status else { return StyledLine(status, style: .dim) }
        return StyledLine(status.isEmpty ? progress : progress + " · " + status, style: .dim)
    }
}
