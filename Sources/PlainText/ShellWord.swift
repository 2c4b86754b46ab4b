/// Text as one word of a POSIX shell's command line, for a command printed to copy or a script:
/// every command a program prints is built of these, so no text it names can break out of its word.
public enum ShellWord {
    /// `text` as it is when it is plain (ASCII letters, digits, `-_./:@%+=,`, not starting with `=`,
    /// which zsh expands), else ``quoted(_:)``.
    public static func word(_ text: String) -> String {
        let plain = !text.isEmpty && !text.hasPrefix("=") && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || plainPunctuation.contains(byte)
        }
        return plain ? text : quoted(text)
    }

    /// `'text'`, a single quote inside closed and reopened (`'\''`).
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `words` as one command line: each a ``word(_:)``, separated by spaces.
    public static func command(_ words: [String]) -> String {
        words.map(word).joined(separator: " ")
    }

    /// `words`, given one by one, as one command line.
    public static func command(_ words: String...) -> String {
        command(words)
    }

    private static let plainPunctuation = Set("-_./:@%+=,".utf8)
}
