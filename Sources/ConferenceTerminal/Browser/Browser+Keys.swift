import ConferenceData
import ConferenceModel
import TerminalUI

extension Browser {
    /// Answers a key: Ctrl-C from anywhere; then the keys overlay, a click, the field being typed
    /// in, the keys of every pane, and those of the pane in focus.
    public func handle(_ key: Key, in session: FullScreenSession<Browser>) {
        if key == .interrupt {
            exit = .interrupted
            return session.quit()
        }
        if key == .resize { return }
        // A dialog takes every key until it is answered.
        if answerQuestion(key) { return }
        if showsKeys {
            switch key {
            case .down, .character("j"): keysOffset += 1
            case .up, .character("k"): keysOffset = max(0, keysOffset - 1)
            case .pageDown, .character(" "): keysOffset += 10
            case .pageUp: keysOffset = max(0, keysOffset - 10)
            default: showsKeys = false
            }
            return
        }
        // Side by side, the page follows the list's selection, however it moved.
        defer { followSelection() }
        if case .mouse(let event) = key { return click(event) }
        if focus == .searchField, typeInSearch(key) { return }
        if focus == .list, typingNarrowing, narrowings[tab] != nil, typeInNarrowing(key) { return }
        switch key {
        case .character("q"):
            leave(session)
        case .character("?"):
            showsKeys = true
            keysOffset = 0
        case .character(let digit) where ("1"..."5").contains(digit):
            select(BrowserTab(rawValue: Int(String(digit))! - 1)!)
        case .tab:
            select(BrowserTab(rawValue: (tab.rawValue + 1) % BrowserTab.allCases.count)!)
        case .backTab:
            select(BrowserTab(rawValue: (tab.rawValue + BrowserTab.allCases.count - 1) % BrowserTab.allCases.count)!)
        case .character("s"):
            select(.search)
            focus = .searchField
        case .character("/") where tab != .search || focus == .list:
            focus = .list
            pageOpen = false
            narrowings[tab] = narrowings[tab] ?? TextArea(multiline: false, maximumLength: 200)
            typingNarrowing = true
            fieldScroll = 0
        case .character("f"):
            toggleFavorite()
        case .character("w"):
            toggleWatched()
        case .character("p"):
            play(.resume)
        case .character("P"):
            play(.beginning)
        case .character("y"):
            copyLink()
        case .character("r"):
            rate()
        case .character("b"):
            bookmark()
        case .character("F"):
            askForFilters()
        case .character("d"):
            download()
        case .character("D"):
            removeDownload()
        case .character("n"):
            editNote()
        case .character("o"):
            openWebPage()
        case .paste(let text):
            // A paste narrows the list (or searches, on the Search tab) as typing would.
            if tab == .search {
                focus = .searchField
                _ = typeInSearch(key)
            } else {
                narrowings[tab] = narrowings[tab] ?? TextArea(multiline: false, maximumLength: 200)
                typingNarrowing = true
                focus = .list
                pageOpen = false
                for character in text { _ = narrowings[tab]?.handle(.character(character.isNewline ? " " : character)) }
                list.narrow(narrowings[tab]?.text ?? "")
            }
        default:
            if focus == .page {
                handlePage(key)
            } else {
                handleList(key)
            }
        }
    }

    private func handleList(_ key: Key) {
        switch key {
        case .right where sideBySide:
            handleList(.enter)
        case .enter:
            guard let id = list.selectedSession else { return }
            // A search's transcript line or bookmark plays from its moment; a code hit opens the
            // page at its snippet.
            if let at = list.selectedRow?.at, list.selectedRow?.snippet == nil { return play(.at(at), sessionID: id) }
            typingNarrowing = false
            showPage(id)
            if let snippet = list.selectedRow?.snippet { page?.reveal(snippet: snippet) }
            history = []
            focus = .page
            pageOpen = true
        case .escape where narrowings[tab] != nil:
            narrowings[tab] = nil
            typingNarrowing = false
            list.narrow("")
        case .escape where tab == .search:
            focus = .searchField
        case .up where tab == .search && list.state.selection == 0:
            focus = .searchField
        default:
            _ = list.handle(key)
        }
    }

    private func handlePage(_ key: Key) {
        switch key {
        case .left where sideBySide:
            handlePage(.escape)
        case .escape:
            focus = .list
            pageOpen = false
            history = []
            // Back to the list: the page is the selected session's again.
            if let id = list.selectedSession, sideBySide { showPage(id) }
        case .enter:
            // The related session chosen, else the video from where it stopped.
            guard let related = page?.chosenSession, let current = page?.sessionID else { return play(.resume) }
            history.append(current)
            showPage(related)
        case .backspace:
            guard let previous = history.popLast() else {
                focus = .list
                pageOpen = false
                return
            }
            showPage(previous)
        default:
            _ = page?.handle(key)
        }
    }

    /// Keys typed in the narrowing field: the text, and Esc that ends the narrowing. Moving keys,
    /// Enter and the others go to the list.
    private func typeInNarrowing(_ key: Key) -> Bool {
        switch key {
        case .escape:
            narrowings[tab] = nil
            typingNarrowing = false
            list.narrow("")
            return true
        case .enter, .up, .down, .pageUp, .pageDown, .tab, .backTab, .paste:
            return false
        case .backspace where narrowings[tab]?.isEmpty == true:
            narrowings[tab] = nil
            typingNarrowing = false
            list.narrow("")
            return true
        default:
            guard var field = narrowings[tab], field.handle(key) != .unhandled else { return false }
            narrowings[tab] = field
            list.narrow(field.text)
            return true
        }
    }

    /// Keys typed in the search field: the text, searched for as it changes; ↓ and Enter go to
    /// the results, Esc empties the field, then leaves it.
    private func typeInSearch(_ key: Key) -> Bool {
        switch key {
        case .down, .enter:
            if lists[.search]?.rows.isEmpty == false { focus = .list }
            return true
        case .escape:
            if searchField.isEmpty {
                focus = .list
            } else {
                searchField = TextArea(multiline: false, maximumLength: 200)
                fieldScroll = 0
                searchChanged()
            }
            return true
        case .tab, .backTab, .interrupt:
            return false
        case .paste(let text):
            for character in text { _ = searchField.handle(.character(character.isNewline ? " " : character)) }
            searchChanged()
            return true
        default:
            let before = searchField.text
            guard searchField.handle(key) != .unhandled else { return false }
            if searchField.text != before { searchChanged() }
            return true
        }
    }

    /// Switches to `tab`: its list as it was left.
    func select(_ tab: BrowserTab) {
        guard tab != self.tab else { return }
        self.tab = tab
        typingNarrowing = false
        focus = tab == .search && (lists[.search]?.rows.isEmpty ?? true) ? .searchField : .list
        pageOpen = false
        history = []
    }

    /// Side by side, the page shows the selected session while the list has the focus.
    func followSelection() {
        guard sideBySide, focus != .page, let id = list.selectedSession else { return }
        showPage(id)
    }

    private func click(_ event: MouseEvent) {
        if tabRect.contains(column: event.column, row: event.row), case .press(.left) = event.action {
            let bar = tabBar()
            if let index = bar.tab(atColumn: event.column, in: tabRect), let tab = BrowserTab(rawValue: index) { select(tab) }
            return
        }
        var current = list
        let clicked = current.state.handle(event, in: listRect)
        list = current
        if clicked != nil {
            focus = .list
            followSelection()
        } else if !listRect.contains(column: event.column, row: event.row) {
            _ = page?.handle(.mouse(event))
        }
    }
}
