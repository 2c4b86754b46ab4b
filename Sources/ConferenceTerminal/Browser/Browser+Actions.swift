import ConferenceData
import ConferenceMedia
import ConferenceModel
import Operations
import TerminalUI

extension Browser {
    /// The session the keys act on: the page's when it has the focus, else the list's selection.
    var actedOn: String? {
        focus == .page ? page?.sessionID : list.selectedSession
    }

    /// `f`: makes the session a favorite, or not when it is one, through the program's operation;
    /// what it did comes back as a message, and the ★ with the store's change.
    func toggleFavorite() {
        let actions = actions
        toggle("favorite", now: { store, id in try store.read { try $0.favorite(sessionID: id)?.isFavorite ?? false } },
               change: { try actions.favorite($0, $1) },
               done: { id, isFavorite in isFavorite ? "★ Saved \(id) as a favorite." : "Removed \(id) from the favorites." })
    }

    /// `w`: marks the session watched, or not when it is.
    func toggleWatched() {
        let actions = actions
        toggle("watched", now: { store, id in try store.read { try $0.watchProgress(sessionID: id)?.watched ?? false } },
               change: { try actions.watched($0, $1) },
               done: { id, watched in watched ? "✓ Marked \(id) watched." : "\(id) is no longer marked watched." })
    }

    /// Reads whether the session acted on is so (`now`, off the drawing queue), then runs the
    /// operation that makes it the other way; `done` says what it did.
    private func toggle(_ what: String, now: @escaping @Sendable (ConferenceStore, String) throws -> Bool,
                        change: @escaping @Sendable (String, Bool) throws -> AdvancedOperation,
                        done: @escaping @Sendable (String, Bool) -> String) {
        guard let id = actedOn, let session else { return }
        let store = store
        let read = BrowserRead(name: "\(what) of \(id)", read: { try now(store, id) }) { result in
            guard case .success(let isSo) = result else { return }
            session.post { app in app.perform({ try change(id, !isSo) }, done: done(id, !isSo)) }
        }
        queue.addOperation(read)
    }

    /// `y`: the session's page on the web copied to the terminal's clipboard (OSC 52).
    func copyLink() {
        withWebPage { app, id, link in
            guard link.hasPrefix("https://") else {
                app.message = "\(id) has no page on the web to copy."
                return
            }
            app.session?.copyToClipboard(link)
            app.message = "Copied \(link)"
        }
    }

    /// Runs the operation `make` builds on the browser's queue; `done` or the failure as the message.
    private func perform(_ make: () throws -> AdvancedOperation, done: String) {
        guard let session else { return }
        let operation: AdvancedOperation
        do {
            operation = try make()
        } catch {
            message = ErrorText.message(error)
            return
        }
        operation.addObserver(BlockObserver(finish: { _, errors in
            let failure = OperationError.rootCause(in: errors)
            session.post { app in app.message = failure.map(ErrorText.message) ?? done }
        }))
        queue.addOperation(operation)
    }

    /// `p` and `P`: the program's player on the terminal, the browser waiting meanwhile; then the
    /// full screen again, the progress read again.
    func play(fromStart: Bool) {
        guard let id = actedOn, let session else { return }
        let program = actions.play(id, fromStart)
        let status = session.runInForeground { () -> Int32 in
            guard let pid = try? ProgramCommandLine.spawn(program.executable, program.arguments, environment: program.environment) else {
                return 127
            }
            return TerminalChild.wait(pid)
        }
        message = status == 0 ? "" : "The player ended with status \(status)."
        reload()
    }
}
