import ConferenceData
import ConferenceMedia
import ConferenceModel
import Operations
import TerminalUI

extension Browser {
    /// `o`: the session's page on the web in the person's browser, through the program's opener
    /// (https only), off the terminal: the browser goes on meanwhile.
    func openWebPage() {
        let (actions, queue) = (actions, queue)
        withWebPage { app, _, link in
            guard OpenWebPageOperation.opens(link) else {
                app.message = ErrorText.message(WebPageError.notHTTPS(link))
                return
            }
            let open = actions.openWebPage(link)
            open.addObserver(BlockObserver(finish: { [weak session = app.session] _, errors in
                guard let failure = OperationError.rootCause(in: errors) else { return }
                session?.post { app in app.message = ErrorText.message(failure) }
            }))
            app.message = "Opening \(link)"
            queue.addOperation(open)
        }
    }

    /// Reads the address of the page on the web of the session acted on, off the drawing queue, and
    /// hands it to `body` on it with the session's id; a session without one, or a failed read, is said instead.
    func withWebPage(_ body: @escaping @Sendable (Browser, String, String) -> Void) {
        guard let id = actedOn, let session else { return }
        let store = store
        let read = BrowserRead(name: "link of \(id)", read: { try store.read { try $0.sessionDetail(id: id)?.webPermalink } }) { result in
            session.post { app in
                switch result {
                case .success(let link??) where !link.isEmpty: body(app, id, link)
                case .success: app.message = "\(id) has no page on the web."
                case .failure(let error): app.message = ErrorText.message(error)
                }
            }
        }
        queue.addOperation(read)
    }
}
