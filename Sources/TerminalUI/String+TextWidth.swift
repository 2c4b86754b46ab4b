extension StringProtocol {
    /// Terminal columns this text takes on one line (see ``TextWidth``).
    public var displayWidth: Int { TextWidth.of(self) }

    /// The text cut to at most `width` columns, ending with `ellipsis` when anything was cut.
    ///
    /// Cuts fall between grapheme clusters, so a wide character that would straddle the limit is
    /// dropped whole. A limit narrower than the ellipsis gives as much of the ellipsis as fits.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return String(self) }
        let ellipsisWidth = ellipsis.displayWidth
        guard ellipsisWidth <= width else { return ellipsis.truncated(toWidth: width, ellipsis: "") }
        var result = ""
        var used = 0
        for character in self {
            let characterWidth = TextWidth.of(character)
            if used + characterWidth > width - ellipsisWidth { break }
            result.append(character)
            used += characterWidth
        }
        return result + ellipsis
    }

    /// The text padded with spaces (or cut, with an ellipsis) to exactly `width` columns.
    public func padded(toWidth width: Int) -> String {
        let cut = truncated(toWidth: width)
        return cut + String(repeating: " ", count: Swift.max(0, width - cut.displayWidth))
    }

    /// The text broken into lines of at most `width` columns.
    ///
    /// Existing line breaks are kept (an empty line stays empty); lines break at spaces, and a word
    /// longer than the width is split between characters. Tabs count as one space; trailing spaces
    /// are dropped. Each of `wholes` (a command, say) that the text holds is one unit: never broken,
    /// on a line of its own, whole, when it is wider than the width.
    public func wrapped(width: Int, keepingWhole wholes: [String] = []) -> [String] {
        let width = Swift.max(1, width)
        let wholes = wholes.filter { !$0.isEmpty && $0.contains(" ") }
        var lines: [String] = []
        for paragraph in self.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: Self.wrapParagraph(paragraph.replacingTabs(), width: width, wholes: wholes))
        }
        return lines
    }

    /// The words of `paragraph` (runs between spaces), each of `wholes` it holds one word, marked
    /// as never split.
    private static func units(of paragraph: String, wholes: [String]) -> [(text: Substring, whole: Bool)] {
        var units: [(Substring, Bool)] = []
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            if paragraph[index] == " " {
                index = paragraph.index(after: index)
                continue
            }
            let rest = paragraph[index...]
            // A whole phrase counts where it starts a word and ends one.
            if let whole = wholes.first(where: { phrase in
                rest.hasPrefix(phrase) && [nil, " "].contains(rest.dropFirst(phrase.count).first)
            }) {
                let end = paragraph.index(index, offsetBy: whole.count)
                units.append((paragraph[index..<end], true))
                index = end
                continue
            }
            let end = rest.firstIndex(of: " ") ?? paragraph.endIndex
            units.append((paragraph[index..<end], false))
            index = end
        }
        return units
    }

    private static func wrapParagraph(_ paragraph: String, width: Int, wholes: [String]) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for (word, whole) in units(of: paragraph, wholes: wholes) {
            var word = word
            var wordWidth = word.displayWidth
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width && !whole {
                // Hard break: take as many characters as fit.
                var piece = ""
                var pieceWidth = 0
                var rest = word.startIndex
                for index in word.indices {
                    let characterWidth = TextWidth.of(word[index])
                    if pieceWidth + characterWidth > width && pieceWidth > 0 { break }
                    piece.append(word[index])
                    pieceWidth += characterWidth
                    rest = word.index(after: index)
                }
                lines.append(piece)
                word = word[rest...]
                wordWidth = word.displayWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    private func replacingTabs() -> String {
        String(self).contains("\t") ? String(self).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") : String(self)
    }
}
