import CommandLineKit
import ConferenceKit
import Foundation

/// The config file, `$XDG_CONFIG_HOME/wwdc/config` (else `~/.config/wwdc/config`): `key = value`
/// lines, `#` comments and blank lines. Each key stands for an environment variable, and the
/// file only fills in variables the environment leaves unset, so every setting resolves the same
/// way in one place: a flag, else the environment, else the file, else the default.
///
/// A value is the rest of its line, up to a `#` that starts the line's comment (one at the start of
/// the value or after a blank, outside quotes); a value wholly in double quotes loses them, so
/// `"a # b"` keeps its `#`.
struct Configuration: Sendable {
    /// A key the file may hold: its name, the environment variable it stands for, what it sets, and
    /// what makes a value of it usable (the same check whether it comes from the file, the
    /// environment or `wwdc config set`).
    struct Key: Sendable {
        var name: String
        var variable: String
        var help: String
        /// What is wrong with `value` ("expected a whole number from 1 to 16"), nil when it is usable.
        var problem: @Sendable (_ value: String, _ environment: [String: String]) -> String?
    }

    static let source = Key(
        name: "source", variable: "WWDC_SOURCE",
        help: "Where 'wwdc sync' reads the feeds: an http(s) URL, a folder, or 'apple' (flag: --source).",
        problem: { value, environment in
            do {
                _ = try source(value.trimmingCharacters(in: .whitespaces), environment)
                return nil
            } catch BackendError.refusedAddress(_, .credentials) {
                return "an address with a user name and password in it: give it without 'user:password@', and log in with 'wwdc login'"
            } catch {
                return ErrorWording.commandLine.message(error)
            }
        })
    static let language = Key(
        name: "language", variable: "WWDC_LANGUAGE",
        help: "The language of the feeds: en, zho, jpn, kor, ... (flag: sync --language).",
        problem: { value, _ in
            guard let code = FeedLanguage.normalized(value), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                return "expected a language code such as en, jpn, zho, kor"
            }
            return nil
        })
    static let player = Key(
        name: "player", variable: "WWDC_PLAYER",
        help: "The video player's command line, e.g. 'mpv --fs' (run without a shell).",
        problem: { value, _ in ProgramCommandLine.words(value) == nil ? "not a command line: a quote is not closed" : nil })
    static let pager = Key(
        name: "pager", variable: "WWDC_PAGER",
        help: "The pager's command line (before $PAGER; 'cat' turns paging off).",
        problem: { value, _ in ProgramCommandLine.words(value) == nil ? "not a command line: a quote is not closed" : nil })
    static let downloadFolder = Key(
        name: "download-dir", variable: "WWDC_DOWNLOAD_DIR",
        help: "The folder videos are downloaded to (flag: download --dir).",
        problem: { value, _ in value.trimmingCharacters(in: .whitespaces).isEmpty ? "expected the path of a folder" : nil })
    static let jobs = Key(
        name: "jobs", variable: "WWDC_JOBS",
        help: "How many files 'wwdc download' fetches at once, 1 to 16 (flag: download --jobs).",
        problem: { value, _ in
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)), (1...16).contains(number) else {
                return "expected a whole number from 1 to 16"
            }
            return nil
        })

    static let keys: [Key] = [source, language, player, pager, downloadFolder, jobs]

    /// One line of the file: a setting, or anything else kept as written.
    enum Line: Sendable, Equatable {
        /// `raw` is the line as written (kept when the setting is not changed); `comment` its
        /// trailing comment, with the blanks before it.
        case setting(key: String, value: String, raw: String, comment: String)
        case other(String)
    }

    let url: URL
    private(set) var lines: [Line]

    /// The file's place: `$XDG_CONFIG_HOME/wwdc/config`, else `$HOME/.config/wwdc/config`.
    static func location(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("wwdc/config")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/wwdc/config")
    }

    /// Reads the file (none is an empty configuration). A line that is not `key = value`, or a key
    /// the program does not know, is an error naming the file and the line.
    init(environment: [String: String]) throws {
        url = Self.location(environment: environment)
        lines = []
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RuntimeError("\(url.path) is not UTF-8 text", hint: "Rewrite it as 'key = value' lines; see 'man wwdc', CONFIGURATION.")
        }
        var raws = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if raws.last == "" { raws.removeLast() }
        for (index, raw) in raws.enumerated() {
            lines.append(try Self.parse(raw, file: url, number: index + 1))
        }
    }

    static func parse(_ raw: String, file: URL, number: Int) throws -> Line {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .other(raw) }
        guard let equals = trimmed.firstIndex(of: "=") else {
            throw RuntimeError("\(file.path), line \(number): expected 'key = value', found '\(trimmed)'",
                               hint: "Each line is 'key = value', a '#' comment or blank; keys: \(keys.map(\.name).joined(separator: ", ")).")
        }
        let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        let (value, comment) = Self.value(of: trimmed[trimmed.index(after: equals)...])
        guard keys.contains(where: { $0.name == key }) else {
            throw RuntimeError("\(file.path), line \(number): unknown key '\(key)'", hint: suggestion(for: key))
        }
        return .setting(key: key, value: value, raw: raw, comment: comment)
    }

    /// The value written after `=`, and the comment that ends the line (with the blanks before it):
    /// the value ends at a `#` outside quotes that starts it or follows a blank; one wholly in
    /// double quotes (and holding no other) loses them.
    static func value(of text: Substring) -> (value: String, comment: String) {
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
    static func written(_ value: String) -> String? {
        if Self.value(of: Substring(value)).value == value { return value }
        let quoted = "\"" + value + "\""
        return Self.value(of: Substring(quoted)).value == value ? quoted : nil
    }

    /// "Did you mean 'download-dir'?" for a near miss, else the keys.
    static func suggestion(for key: String) -> String {
        let names = keys.map(\.name)
        if let best = names.min(by: { ArgumentParser.editDistance($0, key) < ArgumentParser.editDistance($1, key) }),
           ArgumentParser.editDistance(best, key) <= max(2, key.count / 3) {
            return "Did you mean '\(best)'?"
        }
        return "The keys: \(names.joined(separator: ", "))."
    }

    /// The key standing for an environment variable.
    static func key(forVariable variable: String) -> Key? {
        keys.first { $0.variable == variable }
    }

    /// The value the file gives `key` (the last line naming it), or nil.
    func value(_ key: String) -> String? {
        setting(key)?.value
    }

    /// The value the file gives `key` and its line number (the last line naming it), or nil.
    func setting(_ key: String) -> (value: String, line: Int)? {
        for (index, line) in lines.enumerated().reversed() {
            if case let .setting(name, value, _, _) = line, name == key { return (value, index + 1) }
        }
        return nil
    }

    /// `environment` with each variable it leaves unset taken from the file.
    func applied(to environment: [String: String]) -> [String: String] {
        var result = environment
        for key in Self.keys where result[key.variable] == nil {
            if let value = value(key.name) { result[key.variable] = value }
        }
        return result
    }

    /// Sets `key` in place (its last line, keeping that line's comment), or adds a line; comments
    /// and other lines are kept. False when the value cannot be written (see ``written(_:)``).
    mutating func set(_ key: String, to value: String) -> Bool {
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
    var text: String {
        lines.map { line in
            switch line {
            case let .setting(_, _, raw, _): raw
            case let .other(text): text
            }
        }.joined(separator: "\n") + "\n"
    }

    /// Writes the file atomically (a temporary file in the same folder, renamed over it).
    func save() throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw RuntimeError("could not write \(url.path): \(error.localizedDescription)", hint: "Check the folder's permissions.")
        }
    }
}
