import PlainText

/// The sanitiser as the read models use it.
public enum Clean {
    public static func line(_ text: String) -> String { TextSanitizer.singleLine.sanitize(text) }
    public static func paragraphs(_ text: String) -> String { TextSanitizer.multiLine.sanitize(text) }
}
