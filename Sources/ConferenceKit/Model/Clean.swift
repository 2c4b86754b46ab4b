import PlainText

/// The sanitiser as the read models use it.
enum Clean {
    static func line(_ text: String) -> String { TextSanitizer.singleLine.sanitize(text) }
    static func paragraphs(_ text: String) -> String { TextSanitizer.multiLine.sanitize(text) }
}
