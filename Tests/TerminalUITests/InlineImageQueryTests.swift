@testable import TerminalUI
import Testing

/// The answers to kitty's graphics query and to DA1, read from what a terminal sent back.
@Suite("inline images: the terminal's answers to the query")
struct InlineImageQueryTests {
    static let da1 = "\u{1B}[?62;22c"

    @Test("DA1's answer ends the read wherever it is; nothing else does")
    func deviceAttributes() {
        #expect(InlineImage.deviceAttributesEnd(in: Array(Self.da1.utf8)) == Self.da1.utf8.count)
        #expect(InlineImage.deviceAttributesEnd(in: Array(("typed" + Self.da1 + "more").utf8)) == 5 + Self.da1.utf8.count)
        #expect(InlineImage.deviceAttributesEnd(in: Array("\u{1B}[?1;2c".utf8)) == 7)
        for partial in ["\u{1B}[?62;22", "\u{1B}[?", "\u{1B}[62c", "\u{1B}_Gi=31;OK\u{1B}\\", ""] {
            #expect(InlineImage.deviceAttributesEnd(in: Array(partial.utf8)) == nil, "\(partial.debugDescription)")
        }
    }

    @Test("kitty's OK to the query with id 31 means kitty; an error, another id, or an answer after DA1's does not")
    func kittyAnswer() {
        let ok = "\u{1B}_Gi=31;OK\u{1B}\\"
        #expect(InlineImage.kittyAnswerIsOK(Array((ok + Self.da1).utf8)))
        #expect(InlineImage.kittyAnswerIsOK(Array(("x" + ok + Self.da1).utf8)))
        for answer in ["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\" + Self.da1, "\u{1B}_Gi=7;OK\u{1B}\\" + Self.da1, Self.da1 + ok,
                       Self.da1, "\u{1B}_Gi=31;OK", "\u{1B}_Gi=31;OKAY\u{1B}\\" + Self.da1] {
            #expect(!InlineImage.kittyAnswerIsOK(Array(answer.utf8)), "\(answer.debugDescription)")
        }
    }

    @Test("the environment decides when it names a protocol, or is tmux, screen or dumb; else the terminal is asked")
    func undecided() {
        #expect(InlineImage.isUndecided(environment: ["TERM": "xterm-256color"]))
        for environment in [["TERM": "xterm-kitty"], ["TERM": "xterm", "KITTY_WINDOW_ID": "1"], ["TERM": "xterm", "TERM_PROGRAM": "iTerm.app"],
                            ["TERM": "xterm", "TMUX": "/tmp/t,1,0"], ["TERM": "screen"], ["TERM": "tmux-256color"], ["TERM": "dumb"], [:]] {
            #expect(!InlineImage.isUndecided(environment: environment), "\(environment)")
        }
    }
}
