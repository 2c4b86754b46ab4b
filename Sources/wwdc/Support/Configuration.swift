import Foundation

/// The config file, `$XDG_CONFIG_HOME/wwdc/config` (else `~/.config/wwdc/config`): `key = value`
/// lines, `#` comments and blank lines. Each key stands for an environment variable, and the
/// file only fills in variables the environment leaves unset, so every setting resolves the same
/// way in one place: a flag, else the environment, else the file, else the default.
struct Configuration: Sendable {
    /// A key the file may hold: its name, the environment variable it stands for, what it sets.
    struct Key: Sendable {
        var name: String
        var variable: String
        var help: String
    }

    static let keys: [Key] = [
        Key(name: "source", variable: "WWDC_SOURCE", help: "Where 'wwdc sync' reads the feeds: an http(s) URL, a folder, or 'apple' (flag: --source)."),
        Key(name: "language", variable: "WWDC_LANGUAGE", help: "The language of the feeds: en, zho, jpn, kor, ... (flag: sync --language)."),
        Key(name: "player", variable: "WWDC_PLAYER", help: "The video player's command line, e.g. 'mpv --fs' (run without a shell)."),
        Key(name: "pager", variable: "WWDC_PAGER", help: "The pager's command line (before $PAGER; 'cat' turns paging off)."),
        Key(name: "download-dir", variable: "WWDC_DOWNLOAD_DIR", help: "The folder videos are downloaded to (flag: download --dir)."),
        Key(name: "jobs", variable: "WWDC_JOBS", help: "How many files 'wwdc download' fetches at once, 1 to 16 (flag: download --jobs)."),
    ]

    /// One line of the file: a setting, or anything else kept as written.
    enum Line: Sendable, Equatable {
        case setting(key: String, value: String)
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
        var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        guard keys.contains(where: { $0.name == key }) else {
            throw RuntimeError("\(file.path), line \(number): unknown key '\(key)'", hint: suggestion(for: key))
        }
        return .setting(key: key, value: value)
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

    /// The value the file gives `key` (the last line naming it), or nil.
    func value(_ key: String) -> String? {
        lines.reversed().lazy.compactMap { line -> String? in
            if case let .setting(name, value) = line, name == key { return value }
            return nil
        }.first
    }

    /// `environment` with each variable it leaves unset taken from the file.
    func applied(to environment: [String: String]) -> [String: String] {
        var result = environment
        for key in Self.keys where result[key.variable] == nil {
            if let value = value(key.name) { result[key.variable] = value }
        }
        return result
    }

    /// Sets `key` in place (its last line), or adds a line; comments and other lines are kept.
    mutating func set(_ key: String, to value: String) {
        let line = Line.setting(key: key, value: value)
        if let index = lines.lastIndex(where: { if case let .setting(name, _) = $0 { return name == key } else { return false } }) {
            lines[index] = line
        } else {
            lines.append(line)
        }
    }

    /// The file's text: settings as `key = value`, everything else as it was.
    var text: String {
        lines.map { line in
            switch line {
            case let .setting(key, value): "\(key) = \(value)"
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
