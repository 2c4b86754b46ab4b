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
        #expect(KeyDecoder.keys(in: Array("\u{1B}[200~x".utf8)) == [.unknown(Array("\u{1B}[200~".utf8)), .character("x")])
        // Cut short at the end of input: reported, not lost in the buffer.
        #expect(KeyDecoder.keys(in: Array("\u{1B}[1;".utf8)) == [.unknown(Array("\u{1B}[1;".utf8))])
    }
}
