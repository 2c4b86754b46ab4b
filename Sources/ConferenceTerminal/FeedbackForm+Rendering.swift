import PlainText
import TerminalUI

extension FeedbackForm {
    /// The form drawn for a screen `width` columns wide and `height` rows high: its lines and, when
    /// the comment has the focus, where the cursor goes. `scroll` keeps the comment's visible window
    /// between calls; `status` replaces the key hints once the form is done.
    func frame(width: Int, height: Int, style: Style, scroll: inout Int, status: String?)
        -> (lines: [String], cursor: (row: Int, column: Int)?)
    {
        let done = status != nil
        var lines: [String] = []
        let heading = TextSanitizer.singleLine.sanitize(title)
        lines.append(style.bold(heading.truncated(toWidth: width)))

        func marker(_ field: Field) -> String {
            !done && focus == field ? style.cyan("›") + " " : "  "
        }
        for (index, label) in Self.ratingLabels.enumerated() {
            let field = Field(rawValue: index)!
            let value = ratings[index]
            let stars = style.yellow(String(repeating: "★", count: value)) + String(repeating: "☆", count: 5 - value)
            let labelText = label.padded(toWidth: 13)
            let noteRoom = width - (2 + 13 + 1 + 5 + 2)
            let note = (value > 0 ? "\(value)/5" : (index == 0 ? "required" : "not rated")).truncated(toWidth: noteRoom)
            let line = marker(field) + (focus == field && !done ? style.bold(labelText) : labelText) + " " + stars
                + (note.isEmpty ? "" : "  " + style.dim(note))
            lines.append(line)
        }
        lines.append(marker(.comment) + (focus == .comment && !done ? style.bold("Comment") : "Comment") + style.dim(" (optional)"))

        // The comment, wrapped at word boundaries to the width (one column kept for a space left
        // hanging at a row's end); the cursor's visual row and column found on the way.
        let textWidth = max(2, width - 5)
        var rows: [String] = []
        var cursor: (row: Int, column: Int) = (0, 0)
        for (lineIndex, characters) in comment.lines.enumerated() {
            let shown = characters.map { TextSanitizer.singleLine.sanitize(String($0)) }
            let widths = shown.map(\.displayWidth)
            for range in Self.wrap(widths: widths, spaces: characters.map(\.isWhitespace), width: textWidth) {
                let column = comment.column
                if lineIndex == comment.row,
                   range.contains(column) || (column == range.upperBound && column == characters.count) {
                    cursor = (rows.count, widths[range.lowerBound..<column].reduce(0, +))
                }
                rows.append(shown[range].joined())
            }
        }
        let visibleRows = max(3, height - 10)
        if cursor.row < scroll { scroll = cursor.row }
        if cursor.row >= scroll + visibleRows { scroll = cursor.row - visibleRows + 1 }
        scroll = max(0, min(scroll, max(0, rows.count - visibleRows)))
        let commentTop = lines.count
        if comment.isEmpty && (focus != .comment || done) {
            lines.append("  " + style.dim("│ (none)"))
        } else {
            for row in rows[scroll..<min(rows.count, scroll + visibleRows)] {
                lines.append("  " + style.dim("│") + " " + row)
            }
        }

        func button(_ label: String, _ field: Field) -> String {
            guard !done, focus == field else { return " \(label) " }
            return style.isEnabled ? style.inverse("[\(label)]") : "[\(label)]"
        }
        lines.append("  " + button("Submit", .submit) + "  " + button("Cancel", .cancel))
        if let status {
            lines.append("  " + status)
        } else if isConfirmingDiscard {
            let question = "Discard your ratings and comment? y discard · any other key keeps editing"
            lines.append("  " + style.yellow(question.truncated(toWidth: max(1, width - 2))))
        } else {
            lines.append("  " + style.dim(keyHint.truncated(toWidth: max(1, width - 2))))
            if let notice { lines.append("  " + style.yellow(notice.truncated(toWidth: max(1, width - 2)))) }
        }

        guard focus == .comment, !done, !isConfirmingDiscard else { return (lines, nil) }
        return (lines, (commentTop + cursor.row - scroll, 4 + cursor.column))
    }

    /// The keys of the focused field, as they work there.
    var keyHint: String {
        switch focus {
        case .overall, .content, .presentation:
            "Tab/↑↓ move · ←→ or 1–5 rate · Enter next · Esc cancel"
        case .comment:
            "Tab next · Enter newline · Alt-b/f word · ^W ^U cut · ^Y paste · Esc cancel"
        case .submit, .cancel:
            "Tab/↑ move · ←→ choose · Enter confirm · Esc cancel"
        }
    }

    /// One line of the comment cut into rows of at most `width` columns, at word boundaries: a row
    /// ends after the last space that fits (one space may hang past the width); a word longer
    /// than a row is cut where the row is full. Every character is in exactly one range.
    static func wrap(widths: [Int], spaces: [Bool], width: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var used = 0
        var lastBreak: Int?  // just after the row's last space
        var index = 0
        while index < widths.count {
            let characterWidth = widths[index]
            if spaces[index] ? used + characterWidth <= width + 1 : used + characterWidth <= width || used == 0 {
                used += characterWidth
                index += 1
                if spaces[index - 1] { lastBreak = index }
                continue
            }
            let end = lastBreak.flatMap { $0 > start ? $0 : nil } ?? index
            ranges.append(start..<end)
            start = end
            used = widths[end..<index].reduce(0, +)
            lastBreak = nil
        }
        ranges.append(start..<widths.count)
        return ranges
    }
}
