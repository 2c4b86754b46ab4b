import PlainText

extension Menu {
    /// Draws the menu as an alert over a full screen: a box centred in `bounds` with the title in
    /// its border, the message wrapped inside, and the buttons on its last row (the selected one
    /// in reverse video). Title, message and labels are sanitised.
    public func draw(in screen: inout ScreenBuffer, bounds: Rect) {
        let labels = buttons.map { TextSanitizer.singleLine.sanitize($0) }
        let buttonsWidth = labels.reduce(0) { $0 + $1.displayWidth + 5 }
        let width = min(max(40, buttonsWidth), max(1, bounds.width - 4))
        let message = TextSanitizer.multiLine.sanitize(self.message).wrapped(width: width)
        let room = max(0, bounds.height - 4)
        let dialog = Dialog(title: TextSanitizer.singleLine.sanitize(title), width: width,
                            height: min(message.count, max(0, room - 2)) + 2)
        let content = dialog.draw(in: &screen, bounds: bounds)
        guard content.height > 0 else { return }
        for (row, line) in message.prefix(max(0, content.height - 2)).enumerated() {
            screen.write(line, column: content.x, row: content.y + row, width: content.width)
        }
        Dialog.drawButtons(labels, selected: selection, in: &screen, rect: content.row(content.height - 1))
    }
}
