import PlainText

/// A choice among buttons, as an alert shows: a title, a message and a row of buttons.
///
/// ←/→ (also Tab, ↑/↓, Home/End) move the selection, Enter confirms, the first letter of a button
/// chooses it at once (or moves among buttons sharing that letter), Escape and Ctrl-C cancel.
/// Title, message and labels are sanitised, so server text may be shown as is.
public struct Menu: Sendable, Equatable {
    /// What a key did to the menu.
    public enum Action: Sendable, Equatable {
        case none
        case moved
        case chosen(Int)
        case cancelled
    }

    public var title: String
    public var message: String
    public var buttons: [String]
    /// The highlighted button.
    public private(set) var selection: Int

    public init(title: String, message: String = "", buttons: [String], defaultButton: Int = 0) {
        precondition(!buttons.isEmpty, "a menu needs at least one button")
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selection = min(max(0, defaultButton), buttons.count - 1)
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Action {
        let count = buttons.count
        switch key {
        case .left, .up, .backTab:
            selection = (selection + count - 1) % count
            return .moved
        case .right, .down, .tab:
            selection = (selection + 1) % count
            return .moved
        case .home:
            selection = 0
            return .moved
        case .end:
            selection = count - 1
            return .moved
        case .enter:
            return .chosen(selection)
        case .escape, .interrupt:
            return .cancelled
        case let .character(character):
            let wanted = character.lowercased()
            let matches = buttons.indices.filter {
                TextSanitizer.singleLine.sanitize(buttons[$0]).trimmingPrefixSpaces.first.map { String($0).lowercased() } == wanted
            }
            if matches.count == 1 { return .chosen(matches[0]) }
            guard let next = matches.first(where: { $0 > selection }) ?? matches.first else { return .none }
            selection = next
            return .moved
        default:
            return .none
        }
    }

    /// Shows the menu and waits for a choice; run it inside ``TerminalOwner/interact(token:_:)``.
    /// Returns the chosen button's index.
    public func run(in context: TerminalContext) throws(TerminalError) -> PromptResult<Int> {
        guard context.terminal.isInteractive else { throw TerminalError.notInteractive }
        if context.isCancelled { return .cancelled }
        try context.terminal.enterRawMode()
        defer { context.terminal.leaveRawMode() }
        context.hideCursor()
        defer { context.showCursor() }

        let style = context.style
        var width = max(10, context.size.columns - 1)
        var menu = self
        var drawn: DrawnRegion?
        // The whole alert, at the current width, in place of the last paint.
        func draw() {
            let size = context.size
            var output = drawn?.eraseSequence(columns: size.columns) ?? "\r"
            width = max(10, size.columns - 1)
            var lines = TextSanitizer.singleLine.sanitize(title).wrapped(width: width).map { style.bold($0) }
            let text = TextSanitizer.multiLine.sanitize(message)
            if !text.isEmpty { lines += text.wrapped(width: width) }
            lines.append(menu.buttonRow(width: width, style: style, highlight: true))
            output += lines.joined(separator: "\n") + "\u{1B}[K"
            drawn = DrawnRegion(lines: lines, cursorLine: lines.count - 1, cursorColumn: lines[lines.count - 1].visibleWidth,
                                columns: size.columns)
            context.write(output)
        }
        draw()
        while true {
            let action: Action
            do {
                let key = try context.readKey()
                if key == .resize {
                    draw()
                    continue
                }
                action = menu.handle(key)
            } catch .cancelled {
                action = .cancelled
            }
            switch action {
            case .none:
                continue
            case .moved:
                // The whole alert again: a resize not yet heard of may have rewrapped it.
                draw()
            case let .chosen(index):
                menu.selection = index
                context.write("\r" + menu.buttonRow(width: width, style: style, highlight: false) + "\u{1B}[K\n")
                return .value(index)
            case .cancelled:
                context.write("\r" + menu.buttonRow(width: width, style: style, highlight: false, cancelled: true) + "\u{1B}[K\n")
                return .cancelled
            }
        }
    }

    /// The buttons on one line: the selected one in brackets (and inverse with colour), then a hint
    /// while choosing. Labels shrink when the line would not fit.
    func buttonRow(width: Int, style: Style, highlight: Bool, cancelled: Bool = false) -> String {
        var labels = buttons.map { TextSanitizer.singleLine.sanitize($0) }
        let plainWidth = { (labels: [String]) in labels.reduce(0) { $0 + $1.displayWidth + 4 } }
        if plainWidth(labels) > width {
            let each = max(1, width / labels.count - 4)
            labels = labels.map { $0.truncated(toWidth: each) }
        }
        let row = labels.enumerated().map { index, label in
            guard !cancelled, index == selection else { return " \(label) " }
            return style.isEnabled ? style.inverse("[\(label)]") : "[\(label)]"
        }.joined(separator: "  ")
        let hint = cancelled ? "  (cancelled)" : highlight ? "   ←/→ choose · Enter confirm · Esc cancel" : ""
        if plainWidth(labels) + hint.displayWidth <= width { return row + style.dim(hint) }
        return row
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: Substring { self.drop { $0 == " " } }
}
