import ConferenceModel
import PlainText
import TerminalUI

/// The login asked for over the browser: a username (offered when known, to edit) and a password
/// that is never shown, not even as asterisks, as the command line's prompt does.
///
/// Tab and the arrows move between the two; Enter on the username goes to the password, on the
/// password logs in; Esc dismisses. An empty username is no answer.
struct LoginQuestion: BrowserQuestion {
    private let service: String
    private var username: TextArea
    private var password = TextArea(multiline: false, maximumLength: 1_000)
    private var onPassword: Bool
    private var scroll = 0
    private let answer: QuestionAnswer<Credentials>

    init(service: String, username: String?, answer: QuestionAnswer<Credentials>) {
        self.service = TextSanitizer.singleLine.sanitize(service)
        self.username = TextArea(text: username ?? "", multiline: false, maximumLength: 200)
        onPassword = !(username ?? "").isEmpty
        self.answer = answer
    }

    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .escape:
            answer.settle(nil)
            return true
        case .tab, .backTab, .up, .down:
            onPassword.toggle()
        case .enter where !onPassword:
            onPassword = !username.text.trimmingCharacters(in: .whitespaces).isEmpty
        case .enter:
            let name = username.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                onPassword = false
                return false
            }
            answer.settle(Credentials(username: name, password: password.text))
            password = TextArea(multiline: false)
            return true
        case .paste(let text) where onPassword:
            // A password manager's paste, its line break dropped.
            for character in text where !character.isNewline { _ = password.handle(.character(character)) }
        default:
            if onPassword { _ = password.handle(key) } else { _ = username.handle(key) }
        }
        return false
    }

    mutating func draw(in screen: inout ScreenBuffer) {
        let dialog = Dialog(title: "Log in to " + service, width: min(56, max(1, screen.width - 4)), height: 4)
        let content = dialog.draw(in: &screen, bounds: screen.bounds)
        guard content.height >= 2 else { return }
        TextField.draw(username, prompt: "Username: ", scroll: &scroll, in: &screen, rect: content.row(0), showsCursor: !onPassword)
        let labelWidth = screen.write("Password: ", column: content.x, row: content.y + 1, width: content.width, style: .bold)
        // Nothing of the password is drawn; the cursor stays where typing goes, and a word says why nothing moves.
        if onPassword {
            screen.restyle(Rect(x: content.x + labelWidth, y: content.y + 1, width: 1, height: 1)) { $0.attributes.formUnion(.reverse) }
        }
        screen.write("(typing is not shown)", column: content.x + labelWidth + 2, row: content.y + 1,
                     width: max(0, content.width - labelWidth - 2), style: .dim)
        if content.height >= 4 {
            screen.write("Enter: log in · Tab: next field · Esc: cancel", column: content.x, row: content.y + 3, width: content.width, style: .dim)
        }
    }

    func dismiss() { answer.settle(nil) }
    var isSettled: Bool { answer.isSettled }
}
