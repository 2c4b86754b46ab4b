import PlainText

extension TerminalContext {
    /// Asks for one line of text; run it inside ``TerminalOwner/interact(token:_:)``.
    ///
    /// The terminal is in raw mode for the duration (entered before the prompt is drawn, so
    /// nothing typed after the prompt appears is echoed by the terminal itself) and restored after.
    /// With `echo` off nothing at all is shown while typing, not even asterisks, and the answer is
    /// returned without being kept anywhere else; use it for passwords. Enter answers; Escape,
    /// Ctrl-C and Ctrl-D on an empty line cancel. The prompt text is sanitised.
    ///
    /// - Throws: ``TerminalError/notInteractive`` off a terminal, ``TerminalError/inputClosed`` at
    ///   end of input, ``TerminalError/systemCall(name:errno:)`` if the terminal fails.
    public func readLine(prompt: String, echo: Bool = true, initial: String = "") throws(TerminalError) -> PromptResult<String> {
        guard terminal.isInteractive else { throw TerminalError.notInteractive }
        if isCancelled { return .cancelled }
        try terminal.enterRawMode()
        defer { terminal.leaveRawMode() }

        let promptText = TextSanitizer.singleLine.sanitize(prompt)
        var area = TextArea(text: echo ? initial : "", multiline: false)
        var scroll = 0
        var drawn: DrawnRegion?
        func render() {
            let erase = drawn.map { $0.wasResized(columns: size.columns) ? $0.eraseSequence(columns: size.columns) : "" } ?? ""
            if echo {
                drawn = renderLine(promptText, area, scroll: &scroll, erasing: erase)
            } else {
                let shown = promptText.truncated(toWidth: max(1, size.columns - 1))
                write(erase + "\r" + shown + "\u{1B}[K")
                drawn = DrawnRegion(lines: [shown], cursorLine: 0, cursorColumn: shown.displayWidth, columns: size.columns)
            }
        }
        render()

        while true {
            let key: Key
            do {
                key = try readKey()
            } catch .cancelled {
                writeLine()
                return .cancelled
            }
            switch key {
            case .enter:
                writeLine()
                let answer = area.text
                area = TextArea(multiline: false)
                return .value(answer)
            case .escape, .interrupt:
                writeLine()
                return .cancelled
            case .endOfInput where area.isEmpty:
                writeLine()
                return .cancelled
            case .resize:
                render()
            default:
                if area.handle(key) != .unhandled, echo {
                    render()
                }
            }
        }
    }

    /// Redraws prompt and text on the current line, scrolling the text sideways when it is too wide,
    /// after `erase`; returns what is on the screen.
    private func renderLine(_ prompt: String, _ area: TextArea, scroll: inout Int, erasing erase: String) -> DrawnRegion {
        let columns = max(2, size.columns - 1)
        let shownPrompt = prompt.truncated(toWidth: max(1, columns / 2))
        let promptWidth = shownPrompt.displayWidth
        let available = max(1, columns - promptWidth)
        let (visible, cursorInText) = area.visibleLine(width: available, scroll: &scroll)
        let cursorColumn = promptWidth + cursorInText
        write(erase + "\r" + shownPrompt + visible + "\u{1B}[K\r" + (cursorColumn > 0 ? "\u{1B}[\(cursorColumn)C" : ""))
        return DrawnRegion(lines: [shownPrompt + visible], cursorLine: 0, cursorColumn: cursorColumn, columns: size.columns)
    }
}
