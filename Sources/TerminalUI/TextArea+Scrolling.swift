extension TextArea {
    /// The part of the cursor's line that fits in `width` columns with the cursor in view, and the
    /// cursor's column in it. `scroll` (the first character shown) is kept from one call to the
    /// next, so the text moves sideways only when the cursor would leave the view.
    public func visibleLine(width: Int, scroll: inout Int) -> (text: String, cursorColumn: Int) {
        let available = max(1, width)
        let characters = lines[row]
        let cursor = column
        scroll = min(scroll, cursor)
        while scroll < cursor, TextWidth.of(String(characters[scroll..<cursor])) >= available { scroll += 1 }
        var visible = ""
        var used = 0
        for character in characters[scroll...] {
            let characterWidth = TextWidth.of(character)
            if used + characterWidth > available { break }
            visible.append(character)
            used += characterWidth
        }
        return (visible, TextWidth.of(String(characters[scroll..<cursor])))
    }
}
