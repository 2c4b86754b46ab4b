import Foundation

/// The languages Apple's configs name their feeds by (`en`, `zho`, `jpn`, `kor`), from what users type.
public enum FeedLanguage {
    /// Codes of a locale's two-letter languages, as the feeds name them.
    private static let feedCodes = ["zh": "zho", "ja": "jpn", "ko": "kor", "en": "en"]

    /// A language code as typed: trimmed and lowercased; a
    /// two-letter code the feeds name otherwise (`ja`) becomes theirs (`jpn`). Nil for empty text.
    public static func normalized(_ text: String) -> String? {
        let code = text.trimmingSpaces.lowercased()
        guard !code.isEmpty else { return nil }
        return feedCodes[code] ?? code
    }

    /// The feeds' code for a locale's name (`ja_JP.UTF-8` → `jpn`); nil for the C and POSIX locales.
    public static func fromLocale(_ locale: String) -> String? {
        let language = locale.prefix { $0.isLetter }.lowercased()
        if language.isEmpty || language == "c" || language == "posix" { return nil }
        return normalized(language)
    }

    /// A language as people name it in English (`English` for `eng`), else its code as given.
    public static func name(_ code: String) -> String {
        Locale(identifier: "en_US").localizedString(forLanguageCode: code) ?? code
    }
}
