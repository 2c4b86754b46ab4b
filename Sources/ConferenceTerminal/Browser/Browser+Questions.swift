import TerminalUI

extension Browser {
    /// The conference's questions asked over this browser, as dialogs (for the operations its
    /// keys run: a login, an alert, the feedback form).
    var interaction: BrowserInteraction {
        let session = session
        return BrowserInteraction(ask: { [weak session] question in
            guard let session else { return question.dismiss() }
            session.post({ app in app.ask(question) }, ifEnded: { question.dismiss() })
        }, settled: { [weak session] in
            // Settled by whoever asked (cancelled): off the screen at once.
            session?.post { _ in }
        })
    }

    /// Puts `question` on the screen, after those already there.
    func ask(_ question: any BrowserQuestion) {
        questions.append(question)
    }

    /// Hands `key` to the question on the screen, if there is one; false when there is none.
    func answerQuestion(_ key: Key) -> Bool {
        questions.removeAll { $0.isSettled }
        guard !questions.isEmpty else { return false }
        if questions[0].handle(key) { questions.removeFirst() }
        questions.removeAll { $0.isSettled }
        return true
    }

    /// Draws the question on the screen, over everything.
    func drawQuestion(in screen: inout ScreenBuffer) {
        questions.removeAll { $0.isSettled }
        guard !questions.isEmpty else { return }
        questions[0].draw(in: &screen)
    }

    /// `F`: the Videos tab's filters in a dialog; applied, the tab shows what they let through.
    func askForFilters() {
        let session = session
        ask(FilterQuestion(filter: videoFilter, choices: filterChoices, answer: QuestionAnswer { filter in
            guard let filter else { return }
            session?.post { app in
                app.videoFilter = filter
                app.select(.videos)
                app.reload()
            }
        }))
    }

    /// Ends every question unanswered: the browser is leaving.
    func dismissQuestions() {
        for question in questions { question.dismiss() }
        questions = []
    }
}
