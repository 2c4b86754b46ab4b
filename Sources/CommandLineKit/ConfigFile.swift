import Foundation

/// A program's config file, `$XDG_CONFIG_HOME/<program>/config` (else `~/.config/<program>/config`):
/// `key = value` lines, `#` comments and blank lines, the keys the program knows.
///
/// A value is the rest of its line, up to a `#` that starts the line's comment (one at the start of
/// the value or after a blank, outside quotes); a value wholly in double quotes loses them, so
/// `"a # b"` keeps its `#`. Setting a value changes its line only: comments and other lines stay
/// as written.
public struct ConfigFile: Sendable {
    /// One line of the file: a setting, or anything else kept as written.
    public enum Line: Sendable, Equatable {
        /// `raw` is the line as written (kept when the setting is not changed); `comment` its
        /// trailing comment, with the blanks before it.
        case setting(key: String, value: String, raw: String, comment: String)
        case other(String)
    }

    public let url: URL
    /// The names of the keys the file may hold.
    public let keys: [String]
    public private(set) var lines: [Line]

    /// The file's place: `$XDG_CONFIG_HOME/<program>/config`, else `$HOME/.config/<program>/config`.
    public static func location(program: String, environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("\(program)/config")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/\(program)/config")
    }

    /// Reads `program`'s file (none is an empty configuration). A line that is not `key = value`,
    /// or a key not among `keys`, is an error naming the file and the line.
    public init(program: String, keys: [String], environment: [String: String]) throws {
        url = Self.location(program: program, environment: environment)
        self.keys = keys
        lines = []
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RuntimeError("\(url.path) is not UTF-8 text", hint: "Rewrite it as 'key = value' lines; see 'man \(program)', CONFIGURATION.")
        }
        var raws = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if raws.last == "" { raws.removeLast() }
        for (index, raw) in raws.enumerated() {
            lines.append(try Self.parse(raw, file: url, number: index + 1, keys: keys))
        }
    }

    static func parse(_ raw: String, file: URL, number: Int, keys: [String]) throws -> Line {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .other(raw) }
        guard let equals = trimmed.firstIndex(of: "=") else {
            throw RuntimeError("\(file.path), line \(number): expected 'key = value', found '\(trimmed)'",
                               hint: "Each line is 'key = value', a '#' comment or blank; keys: \(keys.joined(separator: ", ")).")
        }
        let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        let (value, comment) = Self.value(of: trimmed[trimmed.index(after: equals)...])
        guard keys.contains(key) else {
            throw RuntimeError("\(file.path), line \(number): unknown key '\(key)'", hint: suggestion(for: key, among: keys))
        }
        return .setting(key: key, value: value, raw: raw, comment: comment)
    }

    /// The value written after `=`, and the comment that ends the line (with the blanks before it):
    /// the value ends at a `#` outside quotes that starts it or follows a blank; one wholly in
    /// double quotes (and holding no other) loses them.
    public static func value(of text: Substring) -> (value: String, comment: String) {
        var quote: Character?
        var previous: Character = " "
        var end = text.endIndex
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                end = index
                break
            }
            previous = character
        }
        var value = text[..<end].trimmingCharacters(in: .whitespaces)
        var commentStart = end
        while commentStart > text.startIndex, text[text.index(before: commentStart)] == " " || text[text.index(before: commentStart)] == "\t" {
            commentStart = text.index(before: commentStart)
        }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), value.dropFirst().dropLast().allSatisfy({ $0 != "\"" }) {
            value = String(value.dropFirst().dropLast())
        }
        return (value, end == text.endIndex ? "" : String(text[commentStart...]))
    }

    /// `value` as written in the file: as it is when it reads back so, else in double quotes; nil
    /// when neither reads back as it (quotes and a `#` mixed so that no writing keeps both).
    public static func written(_ value: String) -> String? {
        if Self.value(of: Substring(value)).value == value { return value }
        let quoted = "\"" + value + "\""
        return Self.value(of: Substring(quoted)).value == value ? quoted : nil
    }

    /// "Did you mean 'download-dir'?" for a near miss, else the keys.
    public static func suggestion(for key: String, among names: [String]) -> String {
        ArgumentParser.nearest(key, among: names).map { "Did you mean '\($0)'?" } ?? "The keys: \(names.joined(separator: ", "))."
    }

    /// `environment` with the variable of each of `settings` it leaves unset taken from the file:
    /// what a program reads every setting from, so a flag wins over the environment, which wins
    /// over the file, which wins over the default.
    public func filling(_ environment: [String: String], for settings: [any DeclaredSetting]) -> [String: String] {
        var result = environment
        for setting in settings where result[setting.variable] == nil {
            if let value = value(setting.key) { result[setting.variable] = value }
        }
        return result
    }

    /// The value the file gives `key` (the last line naming it), or nil.
    public func value(_ key: String) -> String? {
        setting(key)?.value
    }

    /// The value the file gives `key` and its line number (the last line naming it), or nil.
    public func setting(_ key: String) -> (value: String, line: Int)? {
        for (index, line) in lines.enumerated().reversed() {
            if case let .setting(name, value, _, _) = line, name == key { return (value, index + 1) }
        }
        return nil
    }

    /// Sets `key` in place (its last line, keeping that line's comment), or adds a line; comments
    /// and other lines are kept. False when the value cannot be written (see ``written(_:)``).
    public mutating func set(_ key: String, to value: String) -> Bool {
        guard let text = Self.written(value) else { return false }
        if let index = lines.lastIndex(where: { if case let .setting(name, _, _, _) = $0 { return name == key } else { return false } }),
           case let .setting(_, _, _, comment) = lines[index] {
            lines[index] = .setting(key: key, value: value, raw: "\(key) = \(text)" + comment, comment: comment)
        } else {
            lines.append(.setting(key: key, value: value, raw: "\(key) = \(text)", comment: ""))
        }
        return true
    }

    /// The file's text: every line as written, but those `set` changed.
    public var text: String {
        lines.map { line in
            switch line {
            case let .setting(_, _, raw, _): raw
            case let .other(text): text
            }
        }.joined(separator: "\n") + "\n"
    }

    /// Writes the file atomically (a temporary file in the same folder, renamed over it).
    public func save() throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw RuntimeError("could not write \(url.path): \(error.localizedDescription)", hint: "Check the folder's permissions.")
        }
    }
}
