import ConferenceKit
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
        guard let id = actedOn, let session else { return }
        let (store, actions) = (store, actions)
        let read = BrowserRead(name: "favorite of \(id)", read: { try store.read { try $0.favorite(sessionID: id)?.isFavorite ?? false } }) { result in
            guard case .success(let isFavorite) = result else { return }
            session.post { app in
                app.perform("favorite", { try actions.favorite(id, !isFavorite) },
                            done: isFavorite ? "Removed \(id) from the favorites." : "★ Saved \(id) as a favorite.")
            }
        }
        queue.addOperation(read)
    }

    /// `w`: marks the session watched, or not when it is.
    func toggleWatched() {
        guard let id = actedOn, let session else { return }
        let (store, actions) = (store, actions)
        let read = BrowserRead(name: "progress of \(id)", read: { try store.read { try $0.watchProgress(sessionID: id)?.watched ?? false } }) { result in
            guard case .success(let watched) = result else { return }
            session.post { app in
                app.perform("watched", { try actions.watched(id, !watched) },
                            done: watched ? "\(id) is no longer marked watched." : "✓ Marked \(id) watched.")
            }
        }
        queue.addOperation(read)
    }

    /// Runs the operation `make` builds on the browser's queue; `done` or the failure as the message.
    private func perform(_ what: String, _ make: () throws -> AdvancedOperation, done: String) {
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
