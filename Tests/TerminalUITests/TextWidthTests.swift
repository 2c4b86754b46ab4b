import Testing
@testable import TerminalUI

@Suite("TextWidth")
struct TextWidthTests {
    @Test("ASCII 1, East Asian wide 2, combining marks 0, emoji 2")
    func widths() {
        #expect("hello".displayWidth == 5)
        #expect("日本語".displayWidth == 6)
        #expect("한국어".displayWidth == 6)
        #expect("ｆｕｌｌ".displayWidth == 8)  // fullwidth forms
        #expect("e\u{301}".displayWidth == 1)
        #expect("\u{301}".displayWidth == 0)
        #expect("🎉".displayWidth == 2)
        #expect("👩‍💻".displayWidth == 2)
        #expect("🇯🇵".displayWidth == 2)
        #expect("❤️".displayWidth == 2)
        #expect("❤".displayWidth == 1)
        #expect("Café 東京 🎉".displayWidth == 4 + 1 + 4 + 1 + 2)
        #expect("\u{200B}".displayWidth == 0)
    }

    @Test("truncate keeps text that fits and cuts with an ellipsis otherwise")
    func truncate() {
        #expect("short".truncated(toWidth: 10) == "short")
        #expect("exactly10!".truncated(toWidth: 10) == "exactly10!")
        #expect("Advanced NSOperations".truncated(toWidth: 10) == "Advanced …")
        #expect("日本語のタイトル".truncated(toWidth: 7) == "日本語…")
        #expect("日本語のタイトル".truncated(toWidth: 8) == "日本語…")  // no half of a wide character
        #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2) == "e\u{301}…")
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("abcdef".truncated(toWidth: 1) == "…")
        #expect("abcdef".truncated(toWidth: 4, ellipsis: "...") == "a...")
        for width in 1...12 {
            #expect("Swift 日本語 🎉 text".truncated(toWidth: width).displayWidth <= width)
        }
    }

    @Test("pad to a width")
    func pad() {
        #expect("ab".padded(toWidth: 4) == "ab  ")
        #expect("日本".padded(toWidth: 5) == "日本 ")
        #expect("abcdef".padded(toWidth: 4) == "abc…")
    }

    @Test("wrap breaks at spaces, keeps paragraphs, splits long words")
    func wrap() {
        #expect("the quick brown fox jumps".wrapped(width: 10) == ["the quick", "brown fox", "jumps"])
        #expect("one\n\ntwo".wrapped(width: 10) == ["one", "", "two"])
        #expect("abcdefghijkl".wrapped(width: 5) == ["abcde", "fghij", "kl"])
        #expect("日本語の文章です".wrapped(width: 6) == ["日本語", "の文章", "です"])
        #expect("a  b".wrapped(width: 10) == ["a b"])
        #expect("".wrapped(width: 5) == [""])
        #expect("tab\there".wrapped(width: 20) == ["tab here"])
        for line in "Swift 日本語 🎉 emoji and a verylongwordthatneedsbreaking here".wrapped(width: 7) {
            #expect(line.displayWidth <= 7)
        }
    }
}
