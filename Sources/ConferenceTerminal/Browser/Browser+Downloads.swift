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

    /// `q`: leaves, unless downloads are running: then asks first, in the status line.
    func leave(_ session: FullScreenSession<Browser>) {
        if downloads.running.isEmpty {
            session.quit()
        } else {
            downloads.askingToLeave = true
        }
    }

    /// The key after the question `q` asked: `q` again stops the downloads and leaves (they are
    /// cancelled as the browser ends), any other key stays. False when no question is asked, and
    /// for what is no key (a click, a new size).
    func answerLeaving(_ key: Key, in session: FullScreenSession<Browser>) -> Bool {
        guard downloads.askingToLeave else { return false }
        if case .mouse = key { return false }
        downloads.askingToLeave = false
        if key == .character("q") { session.quit() }
        return true
    }

    /// The status line's message: the question before leaving; else the downloads' progress before
    /// `status`.
    func statusMessage(_ status: String) -> StyledLine {
        if downloads.askingToLeave { return StyledLine(downloads.leavingQuestion, style: .bold) }
        guard let progress = downloads.status else { return StyledLine(status, style: .dim) }
        return StyledLine(status.isEmpty ? progress : progress + " · " + status, style: .dim)
    }
}
