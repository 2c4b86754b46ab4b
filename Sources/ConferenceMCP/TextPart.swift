/// A stretch of a long text that fits in one result, and where the rest starts: read from each
/// `next` in turn, the parts put together are the whole text.
///
/// Offsets count characters. A part ends after its last line break when that keeps at least half
/// of it, so code and transcripts break between lines.
struct TextPart: Equatable {
    /// The characters from `offset`, at most the limit.
    let text: String
    /// Where the part starts.
    let offset: Int
    /// How long the whole text is.
    let length: Int
    /// Where the rest starts; nil when the part runs to the end.
    let next: Int?

    /// The part of `whole` from `offset` holding at most `limit` characters; nil when `offset` is
    /// past the end.
    init?(_ whole: String, from offset: Int, limit: Int) {
        let length = whole.count
        guard offset >= 0, offset <= length else { return nil }
        let start = whole.index(whole.startIndex, offsetBy: offset)
        var end = whole.index(start, offsetBy: limit, limitedBy: whole.endIndex) ?? whole.endIndex
        var count = whole.distance(from: start, to: end)
        if end < whole.endIndex, let newline = whole[start..<end].lastIndex(where: \.isNewline),
           whole.distance(from: start, to: newline) + 1 >= limit / 2 {
            end = whole.index(after: newline)
            count = whole.distance(from: start, to: end)
        }
        self.text = String(whole[start..<end])
        self.offset = offset
        self.length = length
        self.next = end < whole.endIndex ? offset + count : nil
    }
}
