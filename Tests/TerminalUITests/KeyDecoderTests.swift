import Testing
@testable import TerminalUI

@Suite("KeyDecoder")
struct KeyDecoderTests {
    @Test("printable ASCII and multi-byte UTF-8 characters")
    func characters() {
        #expect(KeyDecoder.keys(in: Array("aZ 9~".utf8)) == [.character("a"), .character("Z"), .character(" "), .character("9"), .character("~")])
        #expect(KeyDecoder.keys(in: Array("é日🎉".utf8)) == [.character("é"), .character("日"), .character("🎉")])
    }

    @Test("enter, tab, backspace and control keys")
    func controlKeys() {
        #expect(KeyDecoder.keys(in: [0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
        #expect(KeyDecoder.keys(in: [0x03]) == [.interrupt])
        #expect(KeyDecoder.keys(in: [0x04]) == [.endOfInput])
        #expect(KeyDecoder.keys(in: [0x01, 0x05, 0x0B, 0x15, 0x17]) ==
                [.control("a"), .control("e"), .control("k"), .control("u"), .control("w")])
        #expect(KeyDecoder.keys(in: [0x00, 0x1C]) == [.unknown([0x00]), .unknown([0x1C])])
    }

    @Test("arrow, home, end and editing keys in CSI and SS3 forms", arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[Z", .backTab), ("\u{1B}[1;5C", .controlRight), ("\u{1B}[1;3D", .controlLeft), ("\u{1B}[1;2C", .right), ("\u{1B}[1;2A", .up),
    ])
    func sequences(bytes: String, key: Key) {
        #expect(KeyDecoder.keys(in: Array(bytes.utf8)) == [key])
    }

    @Test("several keys in one read are all decoded, in order")
    func burst() {
        let bytes = Array("\u{1B}[C\u{1B}[C\u{1B}[Dx\r".utf8)
        #expect(KeyDecoder.keys(in: bytes) == [.right, .right, .left, .character("x"), .enter])
    }

    @Test("a lone ESC waits for more bytes, then is Escape when none come")
    func loneEscape() {
        var decoder = KeyDecoder()
        decoder.append([0x1B])
        #expect(decoder.nextKey() == nil)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPendingBytes)
    }

    @Test("a sequence split across reads is joined")
    func splitSequence() {
        var decoder = KeyDecoder()
        decoder.append([0x1B])
        #expect(decoder.nextKey() == nil)
        decoder.append([UInt8(ascii: "[")])
        #expect(decoder.nextKey() == nil)
        decoder.append([UInt8(ascii: "A")])
        #expect(decoder.nextKey() == .up)
        #expect(decoder.nextKey() == nil)
    }

    @Test("a UTF-8 character split across reads is joined")
    func splitCharacter() {
        var decoder = KeyDecoder()
        let bytes = Array("日".utf8)
        decoder.append(bytes.prefix(2))
        #expect(decoder.nextKey() == nil)
        decoder.append(bytes.suffix(1))
        #expect(decoder.nextKey() == .character("日"))
    }

    @Test("ESC ESC is an Escape followed by whatever comes next")
    func doubleEscape() {
        #expect(KeyDecoder.keys(in: [0x1B, 0x1B, UInt8(ascii: "["), UInt8(ascii: "A")]) == [.escape, .up])
        #expect(KeyDecoder.keys(in: [0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test("ESC and a character is Alt plus that character; ESC and a control key is Escape then the key")
    func alt() {
        #expect(KeyDecoder.keys(in: [0x1B, UInt8(ascii: "b")]) == [.alt("b")])
        #expect(KeyDecoder.keys(in: [0x1B, 0x0D]) == [.escape, .enter])
        #expect(KeyDecoder.keys(in: [0x1B] + Array("é".utf8)) == [.alt("é")])
    }

    @Test("invalid UTF-8 becomes unknown keys without swallowing what follows")
    func invalidUTF8() {
        #expect(KeyDecoder.keys(in: [0xFF, UInt8(ascii: "a")]) == [.unknown([0xFF]), .character("a")])
        #expect(KeyDecoder.keys(in: [0xC3, UInt8(ascii: "a")]) == [.unknown([0xC3]), .character("a")])
        #expect(KeyDecoder.keys(in: [0xC0, 0x80]) == [.unknown([0xC0]), .unknown([0x80])])
        #expect(KeyDecoder.keys(in: [0xED, 0xA0, 0x80]) == [.unknown([0xED, 0xA0, 0x80])])  // a surrogate
    }

    @Test("unknown and unterminated sequences")
    func unknownSequences() {
        #expect(KeyDecoder.keys(in: Array("\u{1B}[99~".utf8)) == [.unknown(Array("\u{1B}[99~".utf8))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[201~x".utf8)) == [.unknown(Array("\u{1B}[201~".utf8)), .character("x")])
        // Cut short at the end of input: reported, not lost in the buffer.
        #expect(KeyDecoder.keys(in: Array("\u{1B}[1;".utf8)) == [.unknown(Array("\u{1B}[1;".utf8))])
    }

    @Test("Escape alone, then a letter after the wait, is Escape then the letter; together they are Alt")
    func escapeVersusAlt() {
        var decoder = KeyDecoder()
        decoder.append([0x1B])
        #expect(decoder.nextKey() == nil)
        #expect(decoder.flushPending() == [.escape])
        decoder.append(Array("x".utf8))
        #expect(decoder.nextKey() == .character("x"))
        decoder.append([0x1B] + Array("x".utf8))
        #expect(decoder.nextKey() == .alt("x"))
    }

    @Test("full-screen keys: Tab and Shift-Tab, PgUp/PgDn, Home/End in their forms, Ctrl keys, Backspace, Enter", arguments: [
        ("\t", Key.tab), ("\u{1B}[Z", .backTab), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home),
        ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1A}", .control("z")), ("\u{03}", .interrupt),
        ("\u{7F}", .backspace), ("\r", .enter), ("\u{1B}[1;5A", .up), ("\u{1B}OH", .home),
    ])
    func fullScreenKeys(bytes: String, key: Key) {
        #expect(KeyDecoder.keys(in: Array(bytes.utf8)) == [key])
    }

    @Test("SGR mouse reports: clicks with their cell (from 0), releases, the wheel, modifiers, drags")
    func mouse() {
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<0;10;5M".utf8)) == [.mouse(MouseEvent(action: .press(.left), column: 9, row: 4))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<0;10;5m".utf8)) == [.mouse(MouseEvent(action: .release(.left), column: 9, row: 4))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<2;1;1M".utf8)) == [.mouse(MouseEvent(action: .press(.right), column: 0, row: 0))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<64;3;4M\u{1B}[<65;3;4M".utf8))
                == [.mouse(MouseEvent(action: .wheelUp, column: 2, row: 3)), .mouse(MouseEvent(action: .wheelDown, column: 2, row: 3))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<20;200;50M".utf8))
                == [.mouse(MouseEvent(action: .press(.left), column: 199, row: 49, modifiers: [.shift, .control]))])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<32;5;5M".utf8)) == [.mouse(MouseEvent(action: .drag(.left), column: 4, row: 4))])
        // Cut between reads: joined.
        var decoder = KeyDecoder()
        decoder.append(Array("\u{1B}[<0;1".utf8))
        #expect(decoder.nextKey() == nil)
        decoder.append(Array("2;3M".utf8))
        #expect(decoder.nextKey() == .mouse(MouseEvent(action: .press(.left), column: 11, row: 2)))
        // What is not a click this type models is not a key either.
        #expect(KeyDecoder.keys(in: Array("\u{1B}[<66;1;1Mx".utf8)) == [.unknown(Array("\u{1B}[<66;1;1M".utf8)), .character("x")])
        // The old encoding's three raw bytes are taken with it, not typed.
        #expect(KeyDecoder.keys(in: [0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x21, 0x61]) == [.unknown([0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x21]), .character("a")])
    }

    @Test("a bracketed paste is one text event, line breaks and escapes inside it never keys, whatever the reads")
    func paste() {
        let text = "line one\rline two\u{1B}[A\u{03}q"
        #expect(KeyDecoder.keys(in: Array(("\u{1B}[200~" + text + "\u{1B}[201~j").utf8))
                == [.paste("line one\nline two\u{1B}[A\u{03}q"), .character("j")])
        var decoder = KeyDecoder()
        decoder.append(Array("k\u{1B}[200~abc".utf8))
        #expect(decoder.nextKey() == .character("k"))
        #expect(decoder.nextKey() == nil)
        #expect(decoder.isAwaitingPaste)
        // The wait for the rest of a key does not cut a paste.
        #expect(decoder.flushPending() == [])
        decoder.append(Array("def\u{1B}[20".utf8))
        #expect(decoder.nextKey() == nil)
        decoder.append(Array("1~".utf8))
        #expect(decoder.nextKey() == .paste("abcdef"))
        #expect(!decoder.hasPendingBytes)
        let long = String(repeating: "日本語 ", count: 10_000)
        #expect(KeyDecoder.keys(in: Array(("\u{1B}[200~" + long + "\u{1B}[201~").utf8)) == [.paste(long)])
    }
}
