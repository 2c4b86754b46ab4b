import TestTraits
import Testing
@testable import TerminalUI
@testable import ConferenceTerminal

@Suite("FeedbackForm keys and drawing", .offThePool)
struct FeedbackFormTests {
    private func apply(_ bytes: String, to form: inout FeedbackForm) -> FeedbackForm.Action {
        var last = FeedbackForm.Action.none
        for key in KeyDecoder.keys(in: Array(bytes.utf8)) {
            last = form.handle(key)
            if case .submitted = last { return last }
            if last == .cancelled { return last }
        }
        return last
    }

    @Test("digits and arrows set ratings, Tab moves, the comment edits, Enter on Submit submits")
    func fullRun() {
        var form = FeedbackForm(title: "Session")
        let action = apply("4\t\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[D\t5\tGreat talk\u{17}session\rSecond line\t\r", to: &form)
        #expect(action == .submitted(.init(overall: 4, content: 2, presentation: 5, comment: "Great session\nSecond line")))
    }

    @Test("arrows move between fields; up/down inside the comment move between its lines first")
    func navigation() {
        var form = FeedbackForm(title: "Session")
        _ = apply("\u{1B}[B\u{1B}[B\u{1B}[B", to: &form)
        #expect(form.focus == .comment)
        _ = apply("a\rb\u{1B}[A", to: &form)
        #expect(form.focus == .comment)
        _ = apply("\u{1B}[A", to: &form)
        #expect(form.focus == .presentation)
        _ = apply("\u{1B}[Z\u{1B}[Z", to: &form)
        #expect(form.focus == .overall)
        _ = apply("\u{1B}[Z", to: &form)
        #expect(form.focus == .cancel)
    }

    @Test("submitting without an overall rating asks for one instead")
    func overallRequired() {
        var form = FeedbackForm(title: "Session")
        #expect(apply("\t\t\t\t\r", to: &form) == .changed)
        #expect(form.focus == .overall)
        #expect(form.notice?.contains("overall rating") == true)
        #expect(apply("0", to: &form) == .changed)
        #expect(form.notice == nil)
    }

    @Test("ratings stay within 0…5; 0 and Backspace clear; unrated optional fields are nil")
    func bounds() {
        var form = FeedbackForm(title: "Session")
        _ = apply("\u{1B}[D\u{1B}[D", to: &form)
        #expect(form.ratings[0] == 0)
        _ = apply("\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C", to: &form)
        #expect(form.ratings[0] == 5)
        _ = apply("9", to: &form)
        #expect(form.ratings[0] == 5)
        _ = apply("\u{7F}", to: &form)
        #expect(form.ratings[0] == 0)
        _ = apply("3", to: &form)
        #expect(form.answer == .init(overall: 3, content: nil, presentation: nil, comment: ""))
    }

    @Test("Escape, Ctrl-C and Enter on Cancel cancel at once while nothing changed; otherwise they ask, y or Ctrl-C discards")
    func cancel() {
        for keys in ["\u{1B}", "\u{03}", "\u{1B}[Z\r", "5\u{7F}\u{1B}", "5\u{1B}[Z\ry", "5\t\tcomment\u{03}\u{03}"] {
            var form = FeedbackForm(title: "Session")
            #expect(apply(keys, to: &form) == .cancelled, "\(keys.debugDescription)")
        }
        var form = FeedbackForm(title: "Session", initial: .init(overall: 4, content: nil, presentation: nil, comment: "kept"))
        #expect(apply("\u{1B}", to: &form) == .cancelled, "nothing changed in what was given before")
        for keys in ["5\u{03}", "\t\t\tx\t\t\r"] {
            var form = FeedbackForm(title: "Session")
            #expect(apply(keys, to: &form) == .changed)
            #expect(form.isConfirmingDiscard, "\(keys.debugDescription)")
            #expect(apply("n", to: &form) == .changed)
            #expect(!form.isConfirmingDiscard)
            #expect(form.answer != nil || !form.comment.isEmpty, "what was typed is still there")
        }
    }

    @Test("the comment wraps at word boundaries; every character in one row")
    func wrap() {
        let text = Array("alpha beta gamma")
        let ranges = FeedbackForm.wrap(widths: text.map { _ in 1 }, spaces: text.map(\.isWhitespace), width: 8)
        #expect(ranges.map { String(text[$0]) } == ["alpha ", "beta ", "gamma"])
        let long = Array("abcdefghij kl")
        let cut = FeedbackForm.wrap(widths: long.map { _ in 1 }, spaces: long.map(\.isWhitespace), width: 4)
        #expect(cut.map { String(long[$0]) } == ["abcd", "efgh", "ij ", "kl"])
    }

    @Test("the drawing fits the width, sanitises the title and puts the cursor in the comment")
    func frame() throws {
        var form = FeedbackForm(title: "Evil \u{1B}]0;pwned\u{07}\u{1B}[31mtitle that is rather long for a narrow terminal")
        _ = apply("4\t\t\tline one\rline two", to: &form)
        var scroll = 0
        let frame = form.frame(width: 30, height: 24, style: .plain, scroll: &scroll, status: nil)
        #expect(!frame.lines.joined().contains("\u{1B}"))
        #expect(frame.lines[0].hasPrefix("Evil title"))
        for line in frame.lines { #expect(line.displayWidth <= 30, "\(line)") }
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row] == "  │ line two")
        #expect(cursor.column == 4 + "line two".count)
        let done = form.frame(width: 30, height: 24, style: .plain, scroll: &scroll, status: "Submitted.")
        #expect(done.cursor == nil)
        #expect(done.lines.last == "  Submitted.")
    }

    @Test("a long comment scrolls so the cursor line stays visible")
    func scrolling() throws {
        var form = FeedbackForm(title: "Session")
        _ = apply("\t\t\t" + (1...30).map { "line \($0)" }.joined(separator: "\r"), to: &form)
        var scroll = 0
        let frame = form.frame(width: 40, height: 20, style: .plain, scroll: &scroll, status: nil)
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row] == "  │ line 30")
        #expect(frame.lines.count < 20)
    }
}
