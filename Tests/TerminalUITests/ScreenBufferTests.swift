import Testing
@testable import TerminalUI

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    /// Every row's cells add up to the screen's width: no wide character sticks out, none is cut.
    static func isAligned(_ screen: ScreenBuffer) -> Bool {
        (0..<screen.height).allSatisfy { row in
            var column = 0
            while column < screen.width {
                let cell = screen[column, row]
                if cell.isContinuation { return false }  // a right half with no left half
                if cell.width == 2 {
                    guard column + 1 < screen.width, screen[column + 1, row].isContinuation else { return false }
                }
                column += Int(cell.width)
            }
            return column == screen.width
        }
    }

    @Test("text takes its true width: CJK and emoji two cells, a combining mark none")
    func widths() {
        var screen = ScreenBuffer(width: 12, height: 3)
        #expect(screen.write("日本", column: 0, row: 0) == 4)
        #expect(screen[0, 0].text == "日" && screen[0, 0].width == 2 && screen[1, 0].isContinuation)
        #expect(screen[2, 0].text == "本")
        #expect(screen.write("e\u{301}🎉x", column: 0, row: 1) == 4)
        #expect(screen[0, 1].text == "e\u{301}")
        #expect(screen[1, 1].text == "🎉" && screen[2, 1].isContinuation)
        #expect(screen[3, 1].text == "x")
        #expect(screen.lines == ["日本", "e\u{301}🎉x", ""])
        #expect(Self.isAligned(screen))
    }

    @Test("a wide character cut by the edge of its space is a space; one half overwritten is blanked whole")
    func wideAtEdges() {
        var screen = ScreenBuffer(width: 6, height: 2)
        #expect(screen.write("ab日本", column: 0, row: 0, width: 5) == 5)
        #expect(screen.lines[0] == "ab日")  // 本 would need columns 4 and 5: a space at 4
        #expect(screen[4, 0] == .blank())
        #expect(screen.write("abcde日", column: 0, row: 1) == 6)
        #expect(screen.lines[1] == "abcde")
        screen.write("日本語", column: 0, row: 0)
        screen.write("x", column: 1, row: 0)  // the right half of 日
        #expect(screen.lines[0] == " x本語")
        screen.write("y", column: 2, row: 0)  // the left half of 本
        #expect(screen.lines[0] == " xy 語")
        #expect(Self.isAligned(screen))
    }

    @Test("escapes, controls and bidirectional overrides never reach a cell")
    func sanitised() {
        var screen = ScreenBuffer(width: 40, height: 1)
        screen.write("\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}\u{202E}abc\u{202C}\n\tz\u{7F}", column: 0, row: 0)
        #expect(screen.lines == ["red abc  z"])
        for column in 0..<screen.width {
            #expect(!screen[column, 0].text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        }
    }

    @Test("hostile text of every kind keeps every row aligned, whatever the width given")
    func hostileAlignment() {
        let texts = [String(repeating: "long 日本 🎉 ", count: 200), "\u{1B}[2J\u{1B}[Hx", "a\u{301}\u{302}\u{303}b", "ｆｕｌｌ🇯🇵👩‍💻❤️"]
        for width in 1...13 {
            var screen = ScreenBuffer(width: 13, height: texts.count)
            for (row, text) in texts.enumerated() {
                screen.write(text, column: 13 - width, row: row, width: width)
                screen.write(text, column: 0, row: row, width: 13 - width)
            }
            #expect(Self.isAligned(screen), "width \(width): \(screen.lines)")
        }
    }

    @Test("styled lines, restyling, clearing")
    func styles() {
        var screen = ScreenBuffer(width: 10, height: 2)
        var line = StyledLine("ab", style: .bold)
        line.append("cd", style: CellStyle(foreground: .red))
        #expect(screen.write(line, column: 1, row: 0, width: 3) == 3)
        #expect(screen[1, 0].style == .bold && screen[3, 0].style == CellStyle(foreground: .red))
        #expect(screen[4, 0] == .blank())
        screen.restyle(Rect(x: 0, y: 0, width: 10, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(screen[0, 0].style == .reverse && screen[1, 0].style.attributes == [.bold, .reverse])
        screen.clear(Rect(x: 0, y: 0, width: 2, height: 2), style: .reverse)
        #expect(screen.lines == ["  bc", ""])
        #expect(screen[1, 1].style == .reverse)
    }
}
