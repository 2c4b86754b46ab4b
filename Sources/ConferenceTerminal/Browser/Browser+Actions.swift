import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import PersonalSync
import Operations
import TerminalUI

extension Browser {
    /// The session the keys act on: the page's when it has the focus, else the list's selection.
    var actedOn: String? {
        focus == .page ? page?.sessionID : list.selectedSession
    }

    /// `f`: makes the session a favorite, or not when it is one, through the program's operation
    /// (a login, when the account needs one, asked for in a dialog); what it did comes back as a
    /// message, and the ★ with the store's change.
    func toggleFavorite() {
        let (actions, interaction) = (actions, interaction)
        toggle("favorite", now: { store, id in try store.read { try $0.favorite(sessionID: id)?.isFavorite ?? false } },
               change: { try actions.favorite($0, $1, interaction) },
               done: { id, isFavorite, operation in
                   let saved = isFavorite ? "★ Saved \(id) as a favorite" : "Removed \(id) from the favorites"
                   guard let failure = (operation as? ChangeFavoritesOperation)?.uploadFailure else { return saved + "." }
                   return saved + " here; not uploaded: " + ErrorText.message(failure) + "."
               })
    }

    /// `w`: marks the session watched, or not when it is.
    func toggleWatched() {
        let actions = actions
        toggle("watched", now: { store, id in try store.read { try $0.watchProgress(sessionID: id)?.watched ?? false } },
               change: { try actions.watched($0, $1) },
               done: { id, watched, _ in watched ? "✓ Marked \(id) watched." : "\(id) is no longer marked watched." })
    }

    /// Reads whether the session acted on is so (`now`, off the drawing queue), then runs the
    /// operation that makes it the other way; `done` says what it did.
    private func toggle(_ what: String, now: @escaping @Sendable (ConferenceStore, String) throws -> Bool,
                        change: @escaping @Sendable (String, Bool) throws -> AdvancedOperation,
                        done: @escaping @Sendable (String, Bool, AdvancedOperation) -> String) {
        guard let id = actedOn, let session else { return }
        let store = store
        let read = BrowserRead(name: "\(what) of \(id)", read: { try now(store, id) }) { result in
            guard case .success(let isSo) = result else { return }
            session.post { app in app.perform({ try change(id, !isSo) }, done: { done(id, !isSo, $0) }) }
        }
        queue.addOperation(read)
    }

    /// `y`: the session's page on the web copied to the terminal's clipboard (OSC 52): the link
    /// `wwdc share` prints, Apple's page of the session rather than the feed's short one, which
    /// redirects.
    func copyLink() {
        guard let id = actedOn, let session else { return }
        let store = store
        let read = BrowserRead(name: "link of \(id)", read: { try store.read { try $0.sessionDetail(id: id)?.sharedLink(at: nil)?.link } }) {
            result in
            session.post { app in
                switch result {
                case .success(let link?) where link.hasPrefix("https://"):
                    app.session?.copyToClipboard(link)
                    app.message = "Copied \(link)"
                case .success: app.message = "\(id) has no page on the web to copy."
                case .failure(let error): app.message = ErrorText.message(error)
                }
            }
        }
        queue.addOperation(read)
    }

    /// Runs the operation `make` builds on the browser's queue; then the failure as the message,
    /// else what `done` says of the operation finished.
    func perform<Work: AdvancedOperation>(_ make: () throws -> Work, done: @escaping @Sendable (Work) -> String) {
        guard let session else { return }
        let operation: Work
        do {
            operation = try make()
        } catch {
            message = ErrorText.message(error)
            return
        }
        operation.addObserver(BlockObserver(finish: { _, errors in
            let failure = OperationError.rootCause(in: errors)
            session.post { app in app.message = failure.map(ErrorText.message) ?? done(operation) }
        }))
        queue.addOperation(operation)
    }

    /// `r`: the feedback form over the browser, as `wwdc feedback` shows it (a login first when
    /// the account needs one); the ratings saved, and uploaded where there is an account.
    func rate() {
        guard let id = actedOn else { return }
        let (actions, interaction) = (actions, interaction)
        perform({ try actions.rate(id, interaction) }) { feedback in
            if OperationError.rootCause(in: feedback.check.errors) == nil, let failure = OperationError.rootCause(in: feedback.saving.errors) {
                return ErrorText.message(failure)
            }
            if let form = feedback.form, form.answer == nil { return "Feedback not saved." }
            if let failure = feedback.upload.flatMap({ OperationError.rootCause(in: $0.errors) }) {
                return "Saved your feedback on \(id) here; not uploaded: " + ErrorText.message(failure) + "."
            }
            return "Saved your feedback on \(id)."
        }
    }

    /// `b`: a bookmark of the session, at the moment typed in a dialog (left empty: where you
    /// stopped watching, offered when the page shows it), as `wwdc bookmark add` makes it. The
    /// dialog is up at once, so that what is typed next goes into it.
    func bookmark() {
        guard let id = actedOn else { return }
        let (actions, session) = (actions, session)
        let answer = QuestionAnswer<String> { text in
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return }
            session?.post { app in
                let seconds = actions.moment(text)
                guard text.isEmpty || seconds != nil else {
                    app.message = "Not a moment: \(text). Seconds (754), 12:34 or 1:02:03."
                    return
                }
                app.perform({ try actions.bookmark(id, seconds.map(Double.init)) }) { change in
                    guard let added = change.results.first?.bookmark else { return "Bookmarked \(id)." }
                    return "Bookmarked \(id) at \(VideoTime.text(added.bookmark.time)) (bookmark \(added.number))."
                }
            }
        }
        let position = page?.sessionID == id ? page?.content?.personal.progress?.position : nil
        ask(TextQuestion(title: "Bookmark \(id)", prompt: "At: ", initial: position.map(VideoTime.text) ?? "",
                         help: "754, 12:34 or 1:02:03; empty: where you stopped · Enter: add · Esc: cancel", answer: answer))
    }

    /// `p` and `P` (and Enter on a search's moment): the program's player on the terminal, the
    /// browser waiting meanwhile; then the full screen again, the progress read again.
    func play(_ start: BrowserActions.PlayStart, sessionID: String? = nil) {
        guard let id = sessionID ?? actedOn, let session else { return }
        let program = actions.play(id, start)
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
