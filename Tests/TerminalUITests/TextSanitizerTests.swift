import PlainText
import Testing
@testable import TerminalUI

@Suite("TextSanitizer")
struct TextSanitizerTests {
    let line = TextSanitizer.singleLine
    let block = TextSanitizer.multiLine

    @Test("plain text, accents, CJK and emoji are kept as they are")
    func keepsText() {
        for text in ["Advanced NSOperations", "Café — naïve", "東京で会いましょう", "Swift 🎉 👩‍💻 🇯🇵 ❤️", "e\u{301}"] {
            #expect(line.sanitize(text) == text)
        }
    }

    @Test("CSI sequences: colours, cursor movement, screen clearing")
    func csi() {
        #expect(line.sanitize("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(line.sanitize("a\u{1B}[2J\u{1B}[Hb") == "ab")
        #expect(line.sanitize("\u{1B}[?1049h\u{1B}[10;20Hx") == "x")
        #expect(line.sanitize("\u{1B}[38;5;196mz") == "z")
    }

    @Test("OSC title sets and hyperlinks, terminated by BEL or ST, are removed whole")
    func osc() {
        #expect(line.sanitize("before\u{1B}]0;you have been pwned\u{07}after") == "beforeafter")
        #expect(line.sanitize("\u{1B}]2;title\u{1B}\\text") == "text")
        #expect(line.sanitize("\u{1B}]8;;http://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\") == "click")
        // Unterminated: the rest would be swallowed by the terminal too.
        #expect(line.sanitize("ok\u{1B}]0;never ends") == "ok")
    }

    @Test("DCS, APC, PM and SOS strings and single-character escapes")
    func otherEscapes() {
        #expect(line.sanitize("a\u{1B}P1$qm\u{1B}\\b") == "ab")
        #expect(line.sanitize("a\u{1B}_apc\u{1B}\\b\u{1B}^pm\u{07}c\u{1B}Xsos\u{1B}\\d") == "abcd")
        #expect(line.sanitize("a\u{1B}cb\u{1B}7c\u{1B}(0d") == "abcd")  // RIS, save cursor, charset
        #expect(line.sanitize("trailing\u{1B}") == "trailing")
    }

    @Test("8-bit C1 controls, including CSI and OSC with their parameters")
    func c1() {
        #expect(line.sanitize("a\u{9B}31mb") == "ab")
        #expect(line.sanitize("a\u{9D}0;title\u{9C}b") == "ab")
        #expect(line.sanitize("a\u{85}b\u{8D}c") == "abc")
    }

    @Test("C0 controls: NUL, BEL, backspace, DEL removed; newlines and tabs by choice")
    func c0() {
        #expect(line.sanitize("a\u{0}b\u{07}c\u{08}d\u{7F}e") == "abcde")
        #expect(line.sanitize("one\ntwo\tthree") == "one two three")
        #expect(block.sanitize("one\ntwo\tthree") == "one\ntwo\tthree")
        #expect(block.sanitize("dos\r\nline\rover") == "dos\nline\nover")
        #expect(line.sanitize("dos\r\nline") == "dos line")
        #expect(block.sanitize("para\u{2028}graph\u{2029}end") == "para\ngraph\nend")
    }

    @Test("bidi overrides, embeddings, isolates and marks are removed")
    func bidi() {
        // The "Trojan Source" trick: an RLO makes the text display reversed.
        #expect(line.sanitize("access\u{202E}nimda\u{202C}") == "accessnimda")
        #expect(line.sanitize("\u{2066}a\u{2067}b\u{2068}c\u{2069}") == "abc")
        #expect(line.sanitize("\u{202A}\u{202B}\u{202D}x\u{200E}\u{200F}\u{061C}") == "x")
    }

    @Test("invisible characters are removed; joiners stay only inside emoji and scripts")
    func invisible() {
        #expect(line.sanitize("pay\u{200B}pal") == "paypal")
        #expect(line.sanitize("\u{FEFF}bom\u{2060}\u{00AD}") == "bom")
        #expect(line.sanitize("a\u{200D}b") == "ab")
        #expect(line.sanitize("\u{200D}x\u{200C}") == "x")
        #expect(line.sanitize("👩\u{200D}💻") == "👩\u{200D}💻")
        #expect(line.sanitize("می\u{200C}خواهم") == "می\u{200C}خواهم")
        // Hidden tag text is dropped; a subdivision flag keeps its tags.
        #expect(line.sanitize("hi\u{E0041}\u{E0042}") == "hi")
        let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(line.sanitize(scotland) == scotland)
    }

    @Test("invalid UTF-8 bytes become U+FFFD; escape bytes are still removed")
    func invalidBytes() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0xC3, 0x28, 0x00, 0x63]
        #expect(line.sanitize(bytes: bytes) == "a\u{FFFD}b\u{FFFD}(c")
    }

    @Test("printable ASCII comes back as it is; one other character, first, in the middle or last, short or long text, is sanitised")
    func plainASCIIShortcut() {
        let printable = String(String.UnicodeScalarView((0x20...0x7E).compactMap(Unicode.Scalar.init)))
        #expect(line.sanitize(printable) == printable)
        #expect(line.sanitize("") == "")
        for (odd, replacement) in [("\u{1F}", ""), ("\u{7F}", ""), ("\t", " "), ("\u{202E}", ""), ("é", "é")] {
            for plain in ["abc", String(repeating: "long ", count: 40)] {
                let middle = plain.index(plain.startIndex, offsetBy: 2)
                let cases = [(odd + plain, replacement + plain), (plain + odd, plain + replacement),
                             (plain[..<middle] + odd + plain[middle...], plain[..<middle] + replacement + plain[middle...])]
                for (text, expected) in cases {
                    #expect(line.sanitize(text) == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("a title made only of escape sequences prints as nothing harmful")
    func onlyEscapes() {
        let hostile = "\u{1B}]0;x\u{07}\u{1B}[2J\u{1B}[H\u{1B}[?25l\u{9B}6n\u{1B}P+q\u{1B}\\"
        let result = line.sanitize(hostile)
        #expect(result.isEmpty)
        #expect(!result.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("sanitising is idempotent and never leaves a control character", arguments: [
        "\u{1B}\u{1B}[[31m", "\u{1B}]\u{1B}]0;a\u{07}", "\u{9B}\u{9B}1m", "a\u{1B}[", "\u{1B}[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20m",
        "x\u{200D}\u{200D}y", "\r\r\n\n", "\u{0}\u{1}\u{2}\u{1F}",
    ])
    func idempotent(_ text: String) {
        for sanitizer in [line, block] {
            let once = sanitizer.sanitize(text)
            #expect(sanitizer.sanitize(once) == once)
            #expect(!once.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
        }
    }
}
