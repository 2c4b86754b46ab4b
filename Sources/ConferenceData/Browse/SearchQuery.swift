import Foundation

/// What a person typed to search, read once into terms: every full-text read of the store matches
/// it the same way (`schedule --search`, `videos --search`, `search`), and the command line marks
/// the same terms in what it prints.
///
/// The syntax: words in any order, all of which must match; `"a phrase in quotes"`, matched only
/// as those words in that order; `swift*`, any word starting so. Nothing else is syntax: quotes
/// aside, the text never reaches FTS5 as operators (`AND`, `NEAR(`, `title:`, `-x`, `^` are words
/// to look for, or nothing when they hold no letter or digit).
public struct SearchQuery: Hashable, Sendable {
    /// One thing to find: a word, or a phrase, as the tokens the index splits it into.
    public struct Term: Hashable, Sendable {
        /// The text as typed (without the quotes or the `*`): what the match expression quotes.
        public var text: String
        /// Its words, folded as the index folds them (case and diacritics), in order.
        public var tokens: [String]
        /// Matches any word that starts with the last token.
        public var isPrefix: Bool
        /// Typed in quotes.
        public var isPhrase: Bool
    }

    public var terms: [Term]

    /// A query of these terms.
    init(terms: [Term]) {
        self.terms = terms
    }

    /// The query `text` asks for; nil when it holds nothing to look for (blank, a lone `*`, only
    /// punctuation).
    public init?(_ text: String) {
        var terms: [Term] = []
        func add(_ text: String, prefix: Bool, phrase: Bool) {
            let tokens = Self.tokens(in: text).map { String(text[$0]) }.map(Self.fold)
            guard !tokens.isEmpty else { return }
            terms.append(Term(text: text, tokens: tokens, isPrefix: prefix, isPhrase: phrase))
        }
        var characters = text[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters = characters.dropFirst()
            } else if Self.isQuote(first) {
                // A phrase runs to its closing quote, or to the end when it has none.
                let body = characters.dropFirst()
                let end = body.firstIndex(where: Self.isQuote) ?? body.endIndex
                var rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
                let prefix = rest.first == "*"
                rest = rest.drop { $0 == "*" }
                add(String(body[..<end]), prefix: prefix, phrase: true)
                characters = rest
            } else {
                let end = characters.firstIndex { $0.isWhitespace || Self.isQuote($0) } ?? characters.endIndex
                let word = characters[..<end]
                let stem = word.reversed().drop { $0 == "*" }.reversed()
                add(String(stem), prefix: stem.count < word.count, phrase: false)
                characters = characters[end...]
            }
        }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
    }

    /// The most terms (words, "phrases", prefixes) a search looks for. Real searches are a few
    /// words; past a few dozen terms the work grows faster than the query (3,333 `a*` took 36 s).
    public static let maxTerms = 16
    /// The most `prefix*` terms among them: each stands for every indexed word it starts (`a*` for
    /// thousands), so four one-letter prefixes are already the slowest search there is.
    public static let maxPrefixes = 4

    /// Whether the search asks for no more than a search looks for.
    public var isWithinBounds: Bool {
        terms.count <= Self.maxTerms && terms.filter(\.isPrefix).count <= Self.maxPrefixes
    }

    /// Throws ``BrowseError/searchTooLong(terms:prefixes:)`` for a search that asks for more than a
    /// search looks for.
    public func checkBounds() throws {
        guard !isWithinBounds else { return }
        throw BrowseError.searchTooLong(terms: terms.count, prefixes: terms.filter(\.isPrefix).count)
    }

    /// Straight and typographic double quotes: both open and close a phrase.
    /// (A test, not a set: a set of characters costs every process that searches a lookup of the
    /// runtime's conformances.)
    public static func isQuote(_ character: Character) -> Bool {
        character == "\"" || character == "“" || character == "”" || character == "„"
    }

    /// The FTS5 expression: each term as one FTS5 string (quotes doubled inside), a `*` after a
    /// prefix, joined by implicit AND. Whatever was typed, this is never an FTS5 syntax error.
    public var matchExpression: String {
        terms.map { term in
            "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (term.isPrefix ? "*" : "")
        }.joined(separator: " ")
    }

    // MARK: Where the terms are in a text

    /// The ranges of `text` that match a term (a word, a word a prefix starts, a phrase's words in
    /// order), in order and without overlaps: what a listing marks.
    ///
    /// Words are found as the index finds them: runs of letters and digits, compared without case
    /// or diacritics.
    public func matches(in text: String) -> [Range<String.Index>] {
        let ranges = Self.tokens(in: text)
        let folded = ranges.map { Self.fold(String(text[$0])) }
        var found: [Range<String.Index>] = []
        var index = 0
        while index < folded.count {
            var longest = 0
            for term in terms where index + term.tokens.count <= folded.count {
                let matched = term.tokens.indices.allSatisfy { offset in
                    let token = folded[index + offset]
                    let wanted = term.tokens[offset]
                    return offset == term.tokens.count - 1 && term.isPrefix ? token.hasPrefix(wanted) : token == wanted
                }
                if matched { longest = max(longest, term.tokens.count) }
            }
            if longest > 0 {
                found.append(ranges[index].lowerBound..<ranges[index + longest - 1].upperBound)
                index += longest
            } else {
                index += 1
            }
        }
        return found
    }

    /// A part of `text` on one line around its first match, at most about `width` characters, with
    /// `…` where it was cut; the text's start when nothing matches.
    public func excerpt(of text: String, width: Int = 120) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        guard line.count > width else { return line }
        let start = matches(in: line).first?.lowerBound ?? line.startIndex
        // A third of the room before the match, so it reads in context.
        var from = line.index(start, offsetBy: -(width / 3), limitedBy: line.startIndex) ?? line.startIndex
        if from > line.startIndex, let space = line[from...].firstIndex(of: " "), space < start { from = line.index(after: space) }
        var to = line.index(from, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
        if to < line.endIndex, let space = line[from..<to].lastIndex(of: " "), space > start { to = space }
        return (from > line.startIndex ? "…" : "") + line[from..<to].trimmingCharacters(in: .whitespaces) + (to < line.endIndex ? "…" : "")
    }

    /// The words of `text` as the index compares them (runs of letters and digits, without case or
    /// diacritics), in order: what a list narrowed as a person types matches their words against.
    public static func foldedWords(in text: String) -> [String] {
        asciiFoldedWords(in: text) ?? tokens(in: text).map { fold(String(text[$0])) }
    }

    /// ``foldedWords(in:)`` of an ASCII text, nil for any other: runs of ASCII letters and digits,
    /// lowercased, the same words at a small part of the cost (a list reads the words of all its
    /// titles before it is drawn).
    static func asciiFoldedWords(in text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte + 32)
            case 0x80...:
                return nil
            default:
                if !word.isEmpty {
                    words.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Runs of letters, digits and private-use characters: the words FTS5's `unicode61` tokenizer
    /// indexes.
    static func tokens(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let isTokenCharacter = text[index].unicodeScalars.contains { scalar in
                let properties = scalar.properties
                return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .privateUse
            }
            if isTokenCharacter {
                if start == nil { start = index }
            } else if let open = start {
                ranges.append(open..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let open = start { ranges.append(open..<text.endIndex) }
        return ranges
    }

    /// A word as the index compares it: without case or diacritics.
    static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
