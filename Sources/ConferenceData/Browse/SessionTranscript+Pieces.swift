extension SessionTranscript {
    /// How much of a long paragraph makes one piece: about a minute of speech, or 120 words.
    static let pieceWords = 120
    static let pieceSeconds: Double = 60
    /// A piece ends only where at least this much follows in its paragraph, or after a pause this
    /// long (else the rest joins it).
    static let tailWords = 30
    static let tailSeconds: Double = 20

    /// The paragraphs shown for one paragraph of the feed (its lines, each with the second it starts
    /// at): itself when it is short; else pieces of about a minute or 120 words, each ending with a
    /// line that ends a sentence, so each starts with a line and at its time (a `--at` of that time
    /// starts there). Where no line ends a sentence (unpunctuated speech), a piece ends between two
    /// lines at twice that length.
    ///
    /// The feed marks paragraphs with blank lines, and some are minutes long (913 words under one
    /// time in one of Apple's): a wall of text to read, and a `--at` that lands minutes early.
    static func pieces(of lines: [(start: Double, text: String)]) -> [Paragraph] {
        guard let first = lines.first, let last = lines.last else { return [] }
        let words = lines.map { $0.text.split(whereSeparator: \.isWhitespace).count }
        let totalWords = words.reduce(0, +)
        if totalWords <= pieceWords && last.start - first.start <= pieceSeconds {
            return [Paragraph(start: first.start, text: lines.map(\.text).joined(separator: " "))]
        }

        var pieces: [Paragraph] = []
        var pieceStart = 0
        var pieceWords = 0
        var remaining = totalWords
        for index in lines.indices {
            pieceWords += words[index]
            remaining -= words[index]
            guard index + 1 < lines.count else { break }
            let next = lines[index + 1].start
            let long = pieceWords >= Self.pieceWords || next - lines[pieceStart].start >= pieceSeconds
            let forced = pieceWords >= 2 * Self.pieceWords
            // What follows is worth a piece of its own: enough words, or said long after (a pause, or a long stretch).
            let enoughLeft = remaining >= tailWords || last.start - next >= tailSeconds || next - lines[index].start >= tailSeconds
            if enoughLeft, (long && endsSentence(lines[index].text)) || forced {
                pieces.append(Paragraph(start: lines[pieceStart].start, text: lines[pieceStart...index].map(\.text).joined(separator: " ")))
                pieceStart = index + 1
                pieceWords = 0
            }
        }
        pieces.append(Paragraph(start: lines[pieceStart].start, text: lines[pieceStart...].map(\.text).joined(separator: " ")))
        return pieces
    }

    /// Whether a line's text ends a sentence: `.`, `!`, `?`, `…`, `。`, `！` or `？` last (before any
    /// closing quotes and brackets), and not the period of an abbreviation (`e.g.`, `U.S.`).
    static func endsSentence(_ text: String) -> Bool {
        var characters = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        while let last = characters.last, "\"'”’)]»」』".contains(last) { characters.removeLast() }
        guard let mark = characters.last, ".!?…。！？".contains(mark) else { return false }
        guard mark == "." else { return true }
        // The word before the period: a single letter, or letters with a period inside, is an abbreviation.
        let word = characters.dropLast().reversed().prefix { !$0.isWhitespace }
        return !(word.count == 1 && word.first?.isLetter == true) && !word.contains(".")
    }
}
