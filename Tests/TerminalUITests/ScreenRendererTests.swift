import TestSupport
import Testing
@testable import TerminalUI

@Suite("ScreenRenderer")
struct ScreenRendererTests {
    /// What a terminal shows after `bytes`.
    private func shown(_ frames: [[UInt8]], columns: Int) -> [String] {
        var screen = Screen("", columns: columns)
        for frame in frames { screen.feed(String(decoding: frame, as: UTF8.self)) }
        return screen.lines
    }

    private func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    @Test("the first frame clears and draws; an unchanged frame writes nothing; a change writes only its cells")
    func diff() {
        var renderer = ScreenRenderer(depth: .standard)
        var screen = ScreenBuffer(width: 20, height: 3)
        screen.write("hello world", column: 0, row: 0)
        let first = renderer.render(screen)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h") && text.hasSuffix("\u{1B}[?2026l"))
        #expect(text.contains("\u{1B}[2J"))
        #expect(renderer.render(screen).isEmpty)
        screen.write("W", column: 6, row: 0)
        let second = String(decoding: renderer.render(screen), as: UTF8.self)
        #expect(second == "\u{1B}[?2026h\u{1B}[1;7HW\u{1B}[?2026l")
        #expect(shown([first, Array(second.utf8)], columns: 20) == ["hello World"])
    }

    @Test("frames replayed on a terminal show what the buffers hold, wide characters replaced either way")
    func replay() {
        var renderer = ScreenRenderer(depth: .none)
        let texts = ["日本語のタイトル", "abcdefghij", "🎉 party", "e\u{301}e\u{301}", "ｆｕｌｌ", "x"]
        var frames: [[UInt8]] = []
        var screen = ScreenBuffer(width: 12, height: 4)
        for step in 0..<30 {
            screen = ScreenBuffer(width: 12, height: 4)
            for row in 0..<4 {
                screen.write(texts[(step + row) % texts.count], column: (step * (row + 1)) % 5, row: row, width: 9)
            }
            frames.append(renderer.render(screen))
            #expect(trimmed(shown(frames, columns: 12)) == trimmed(screen.lines), "step \(step)")
        }
    }

    @Test("a one-row move in a list of 80×24 writes about the bytes of the two rows that changed, not a repaint")
    func oneRowMove() {
        var renderer = ScreenRenderer(depth: .indexed256)
        var state = ListState(count: 200)
        func frame() -> ScreenBuffer {
            var screen = ScreenBuffer(width: 80, height: 24)
            ListView.draw(&state, in: &screen, rect: screen.bounds) { row, screen in
                screen.write("  \(1000 + row.index)  A session about something " + String(repeating: "x", count: row.index % 30),
                             column: row.rect.x, row: row.rect.y, width: row.rect.width, style: CellStyle(foreground: .rgb(200, 120, 10)))
            }
            return screen
        }
        let full = renderer.render(frame())
        #expect(state.handle(.down) == true)
        let move = renderer.render(frame())
        let twoRows = 2 * 80
        #expect(move.count <= 2 * twoRows, "\(move.count) bytes for a one-row move")
        #expect(full.count > 10 * move.count / 2)
    }

    @Test("colours as deep as the terminal goes; none with NO_COLOR, reverse video kept")
    func colourDepths() {
        var screen = ScreenBuffer(width: 4, height: 1)
        screen.write("ab", column: 0, row: 0, style: CellStyle(foreground: .rgb(255, 0, 0), attributes: .reverse))
        func bytes(_ depth: ColorDepth) -> String {
            var renderer = ScreenRenderer(depth: depth)
            return String(decoding: renderer.render(screen), as: UTF8.self)
        }
        #expect(bytes(.trueColor).contains("\u{1B}[0;7;38;2;255;0;0m"))
        #expect(bytes(.indexed256).contains("\u{1B}[0;7;38;5;196m"))
        #expect(bytes(.standard).contains("\u{1B}[0;7;91m"))
        #expect(bytes(.none).contains("\u{1B}[0;7m"))
        #expect(!bytes(.none).contains("38;"))
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == ColorDepth.none)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "tmux-256color"]) == .indexed256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .standard)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == ColorDepth.none)
    }
}
