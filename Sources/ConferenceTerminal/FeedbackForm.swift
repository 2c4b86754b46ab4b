import ConferenceModel
import TerminalUI

/// The session feedback form: three ratings of 1 to 5 stars (overall, content, presentation), an
/// optional multi-line comment, and Submit / Cancel.
///
/// Tab and Shift-Tab (or ↑/↓) move between fields; on a rating, ←/→ or a digit 1–5 sets it and 0
/// or Backspace clears it; the comment takes the editing keys of ``TextArea`` (words, cut and
/// paste), Enter breaking the line; Enter on Submit submits (an overall rating is required).
/// Escape, Ctrl-C or Cancel end the form at once while nothing was changed; otherwise the form
/// asks first (y or a second Ctrl-C discards, any other key goes back), so nothing typed is lost
/// without asking. Only the overall rating is required; content and presentation may stay unrated.
/// The key hint at the bottom names the keys of the field that has the focus.
public struct FeedbackForm: Sendable, Equatable {
    /// What the user submitted.
    public typealias Answer = FeedbackAnswer

    /// The form's fields, in focus order.
    public enum Field: Int, CaseIterable, Sendable {
        case overall, content, presentation, comment, submit, cancel
    }

    /// What a key did to the form.
    public enum Action: Sendable, Equatable {
        case none
        case changed
        case submitted(Answer)
        case cancelled
    }

    static let ratingLabels = ["Overall", "Content", "Presentation"]

    /// The heading, e.g. the session's title (sanitised when drawn).
    public var title: String
    /// Ratings for overall, content and presentation; 0 is "not rated".
    public private(set) var ratings: [Int]
    public private(set) var comment: TextArea
    public private(set) var focus: Field
    /// A message for the user, such as a missing overall rating.
    public private(set) var notice: String?
    /// Whether the form is asking before discarding what was changed.
    public private(set) var isConfirmingDiscard = false
    private let initialRatings: [Int]
    private let initialComment: String

    public init(title: String, initial: Answer? = nil, maximumCommentLength: Int = Feedback.maximumCommentLength) {
        self.title = title
        ratings = [initial?.overall ?? 0, initial?.content ?? 0, initial?.presentation ?? 0].map { min(5, max(0, $0)) }
        comment = TextArea(text: initial?.comment ?? "", multiline: true, maximumLength: maximumCommentLength)
        focus = .overall
        initialRatings = ratings
        initialComment = comment.text
    }

    /// Whether anything differs from what the form started with.
    public var hasChanges: Bool {
        ratings != initialRatings || comment.text != initialComment
    }

    /// Cancels at once when nothing changed; otherwise asks first.
    private mutating func cancelOrAsk() -> Action {
        guard hasChanges else { return .cancelled }
        isConfirmingDiscard = true
        return .changed
    }

    /// The answer as it stands, or nil while the overall rating is missing.
    public var answer: Answer? {
        guard ratings[0] > 0 else { return nil }
        return Answer(
            overall: ratings[0],
            content: ratings[1] > 0 ? ratings[1] : nil,
            presentation: ratings[2] > 0 ? ratings[2] : nil,
            comment: comment.text
        )
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Action {
        notice = nil
        if key == .resize { return .changed }
        if isConfirmingDiscard {
            isConfirmingDiscard = false
            switch key {
            case .character("y"), .character("Y"), .interrupt: return .cancelled
            default: return .changed
            }
        }
        switch key {
        case .escape, .interrupt:
            return cancelOrAsk()
        case .tab:
            move(by: 1)
            return .changed
        case .backTab:
            move(by: -1)
            return .changed
        default:
            break
        }
        switch focus {
        case .overall, .content, .presentation:
            let index = focus.rawValue
            switch key {
            case .left:
                ratings[index] = max(0, ratings[index] - 1)
            case .right:
                ratings[index] = min(5, ratings[index] + 1)
            case let .character(character) where ("0"..."5").contains(character):
                ratings[index] = Int(String(character)) ?? 0
            case .backspace, .delete:
                ratings[index] = 0
            case .up:
                move(by: -1)
            case .down, .enter:
                move(by: 1)
            default:
                return .none
            }
            return .changed
        case .comment:
            switch comment.handle(key) {
            case .edited, .moved:
                return .changed
            case .leftTop:
                move(by: -1)
                return .changed
            case .leftBottom:
                move(by: 1)
                return .changed
            case .unhandled:
                return .none
            }
        case .submit, .cancel:
            switch key {
            case .left, .right:
                focus = focus == .submit ? .cancel : .submit
                return .changed
            case .up:
                focus = .comment
                return .changed
            case .enter where focus == .cancel:
                return cancelOrAsk()
            case .enter:
                guard let answer else {
                    notice = "Give an overall rating (1–5) before submitting."
                    focus = .overall
                    return .changed
                }
                return .submitted(answer)
            default:
                return .none
            }
        }
    }

    private mutating func move(by step: Int) {
        let count = Field.allCases.count
        focus = Field(rawValue: (focus.rawValue + step + count) % count) ?? .overall
    }

    /// Shows the form and waits until it is submitted or cancelled; run it inside
    /// ``TerminalOwner/interact(token:_:)``.
    public func run(in context: TerminalContext) throws(TerminalError) -> PromptResult<Answer> {
        guard context.terminal.isInteractive else { throw TerminalError.notInteractive }
        if context.isCancelled { return .cancelled }
        try context.terminal.enterRawMode()
        defer { context.terminal.leaveRawMode() }
        defer { context.showCursor() }

        var form = self
        var scroll = 0
        var drawn: DrawnRegion?  // what the last paint left, to be taken away by the next

        func draw(final status: String?) {
            let size = context.size
            let frame = form.frame(width: max(20, size.columns - 1), height: size.rows, style: context.style,
                                   scroll: &scroll, status: status)
            var output = drawn?.eraseSequence(columns: size.columns) ?? "\r\u{1B}[J"
            output += frame.lines.joined(separator: "\n")
            let lastRow = frame.lines.count - 1
            if let cursor = frame.cursor, status == nil {
                if lastRow > cursor.row { output += "\u{1B}[\(lastRow - cursor.row)A" }
                output += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "")
                drawn = DrawnRegion(lines: frame.lines, cursorLine: cursor.row, cursorColumn: cursor.column, columns: size.columns)
                context.write(output)
                context.showCursor()
            } else {
                drawn = DrawnRegion(lines: frame.lines, cursorLine: lastRow, cursorColumn: frame.lines[lastRow].visibleWidth,
                                    columns: size.columns)
                context.hideCursor()
                context.write(output)
            }
        }

        draw(final: nil)
        while true {
            let action: Action
            do {
                action = form.handle(try context.readKey())
            } catch .cancelled {
                action = .cancelled
            }
            switch action {
            case .none:
                continue
            case .changed:
                draw(final: nil)
            case let .submitted(answer):
                draw(final: "Submitted.")
                context.writeLine()
                return .value(answer)
            case .cancelled:
                draw(final: "Cancelled.")
                context.writeLine()
                return .cancelled
            }
        }
    }
}
