import PlainText

/// One desktop notification: a summary line and a body, as `notify-send` takes them.
///
/// Text from the feeds is made safe here, once: control and escape characters out (the sanitiser),
/// then for the body, which notification servers that announce `body-markup` (GNOME Shell, KDE,
/// xfce4-notifyd, dunst, mako: those Debian ships) read as markup, `&`, `<` and `>` written as
/// entities; the summary is plain text by the specification but some servers parse it too, so
/// there the three are left out instead. Both are cut to a length a notification can show.
public struct DesktopNotification: Sendable, Equatable {
    public var summary: String
    public var body: String

    public init(summary: String, body: String) {
        self.summary = summary
        self.body = body
    }

    /// The summary as sent: one clean line without markup characters, at most 120 characters.
    public var safeSummary: String {
        let line = TextSanitizer.singleLine.sanitize(summary).filter { !"<>&".contains($0) }
        return Self.cut(line, 120)
    }

    /// The body as sent: clean lines with `&`, `<` and `>` escaped, at most 400 characters before.
    public var safeBody: String {
        var escaped = ""
        for character in Self.cut(TextSanitizer.multiLine.sanitize(body), 400) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `notify-send`'s arguments: the options, then `--` and the two texts, so that neither is ever
    /// read as an option, whatever it starts with.
    public func arguments(appName: String) -> [String] {
        ["--app-name=" + appName, "--", safeSummary.isEmpty ? appName : safeSummary, safeBody]
    }

    /// One notification per item up to `limit`, then one that stands for the rest (`overflow` is
    /// given how many): a long list never floods the screen.
    public static func batch(_ items: [DesktopNotification], limit: Int = 3,
                             overflow: (Int) -> DesktopNotification) -> [DesktopNotification] {
        guard items.count > limit else { return items }
        return Array(items.prefix(limit)) + [overflow(items.count - limit)]
    }

    private static func cut(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }
}
