import Foundation

/// Text as one word of a POSIX shell's command line, for a command printed to copy or a script.
public enum ShellWord {
    /// `text` as it is when it is plain (letters, digits, `-_./:@%+=,`), else ``quoted(_:)``.
    public static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0)) }
        return plain ? text : quoted(text)
    }

    /// `'text'`, a single quote inside closed and reopened (`'\''`).
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
