import ConferenceModel
import Operations
import TerminalUI

extension Browser {
    /// `n`: the person's editor on the session's note, with the program's operations: the browser
    /// hands the terminal over meanwhile (as `p` does), then saves what was written on its queue
    /// and shows the session's page, where the note is.
    func editNote() {
        guard let id = actedOn, let session else { return }
        let actions = actions
        let edit = session.runInForeground { () -> Result<BrowserActions.NoteEdit, any Error> in Result { try actions.editNote(id) } }
        if focus != .page {
            typingNarrowing = false
            showPage(id)
            history = []
            focus = .page
            pageOpen = true
        }
        switch edit {
        case .success(let edit):
            edit.save.addObserver(BlockObserver(finish: { _, errors in
                session.post { app in
                    app.message = edit.said(errors)
                    app.reload()
                }
            }))
            queue.addOperation(edit.save)
        case .failure(let error):
            message = ErrorText.message(error)
        }
    }
}
