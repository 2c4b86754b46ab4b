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

        // The comment, wrapped to the width; the cursor's visual row and column found on the way.
        let textWidth = max(1, width - 4)
        var rows: [String] = []
        var cursor: (row: Int, column: Int) = (0, 0)
        for (lineIndex, characters) in comment.lines.enumerated() {
            var row = ""
            var rowWidth = 0
            var rowStart = rows.count
            for (characterIndex, character) in characters.enumerated() {
                let shown = TextSanitizer.singleLine.sanitize(String(character))
                let characterWidth = shown.displayWidth
                if rowWidth + characterWidth > textWidth && rowWidth > 0 {
                    rows.append(row)
                    row = ""
                    rowWidth = 0
                    rowStart = rows.count
                }
                if lineIndex == comment.row && characterIndex == comment.column { cursor = (rowStart, rowWidth) }
                row += shown
                rowWidth += characterWidth
            }
            if lineIndex == comment.row && comment.column == characters.count { cursor = (rows.count, rowWidth) }
            rows.append(row)
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
        } else {
            let hint = "Tab/↑↓ move · ←→ or 1–5 rate · Enter next · Esc cancel"
            lines.append("  " + style.dim(hint.truncated(toWidth: max(1, width - 2))))
            if let notice { lines.append("  " + style.yellow(notice.truncated(toWidth: max(1, width - 2)))) }
        }

        guard focus == .comment, !done else { return (lines, nil) }
        return (lines, (commentTop + cursor.row - scroll, 4 + cursor.column))
    }
}
