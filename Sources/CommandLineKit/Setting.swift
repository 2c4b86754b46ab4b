import Foundation

/// A program's setting, declared once: the key of its config file (``ConfigFile``), the
/// environment variable it stands for, its one line of help, its parse and its default.
///
/// The file only fills in variables the environment leaves unset (``ConfigFile/filling(_:for:)``),
/// so a setting is read from the environment alone, parsed where it is read, and the same parse
/// checks a value whether it comes from the environment, the file or the program's `config set`.
/// The program's `config` commands, its manual and its config file's keys are derived from the list
/// of declarations (``DeclaredSetting``).
public struct Setting<Value: Sendable>: DeclaredSetting {
    public let key: String
    public let variable: String
    public let help: String
    /// What a command reads when the setting is unset or empty: nil where the command chooses itself
    /// (from the last run, the locale, what is installed).
    public let defaultValue: Value
    private let parse: @Sendable (_ text: String, _ environment: [String: String]) throws(InvalidValue) -> Value
    private let shownDefault: @Sendable (_ environment: [String: String]) -> (value: String, origin: SettingOrigin)
    private let writing: @Sendable (_ text: String) -> String

    /// - Parameters:
    ///   - defaultValue: what a command reads when the setting is unset.
    ///   - shown: the value in force when the setting is unset, as `config get` prints it, and how it
    ///     was chosen (what the command does with ``defaultValue``).
    ///   - written: a value as `config set` writes it (a relative folder made absolute); as given
    ///     unless said.
    ///   - parse: a value given (trimmed, not empty) as the command uses it, the rest of the
    ///     environment at hand; ``InvalidValue`` says why one cannot be used.
    public init(_ key: String, variable: String, help: String, default defaultValue: Value,
                shown: @escaping @Sendable (_ environment: [String: String]) -> (value: String, origin: SettingOrigin),
                written: @escaping @Sendable (_ text: String) -> String = { $0 },
                parse: @escaping @Sendable (_ text: String, _ environment: [String: String]) throws(InvalidValue) -> Value) {
        self.key = key
        self.variable = variable
        self.help = help
        self.defaultValue = defaultValue
        self.parse = parse
        self.shownDefault = shown
        self.writing = written
    }

    /// A setting whose default is a fixed value, shown as `shown`.
    public init(_ key: String, variable: String, help: String, default defaultValue: Value, shown: String,
                parse: @escaping @Sendable (_ text: String, _ environment: [String: String]) throws(InvalidValue) -> Value) {
        self.init(key, variable: variable, help: help, default: defaultValue, shown: { _ in (shown, .byDefault(nil)) }, parse: parse)
    }

    /// The value `environment` gives the setting: ``defaultValue`` when its variable is unset or
    /// blank, else its text parsed (trimmed).
    ///
    /// - Throws: ``InvalidValue`` when the text cannot be used; the caller says where it came from.
    public func value(in environment: [String: String]) throws(InvalidValue) -> Value {
        guard let text = Self.given(environment[variable]) else { return defaultValue }
        return try parse(text, environment)
    }

    /// `text` (trimmed) as the setting's value: a flag's, say, read as the setting would read it.
    public func parsed(_ text: String, environment: [String: String]) throws(InvalidValue) -> Value {
        try parse(text.trimmingCharacters(in: .whitespaces), environment)
    }

    public func problem(_ text: String, environment: [String: String]) -> String? {
        do throws(InvalidValue) {
            _ = try parsed(text, environment: environment)
            return nil
        } catch {
            return error.reason
        }
    }

    public func inForceByDefault(_ environment: [String: String]) -> (value: String, origin: SettingOrigin) {
        shownDefault(environment)
    }

    public func written(_ text: String) -> String {
        writing(text)
    }

    /// A variable's value as a setting reads it: trimmed, nil when unset or blank.
    static func given(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

extension Setting where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A setting that is one of `Value`'s cases, named in any case; anything else is refused with
    /// the names ("expected auto, always or never").
    public init(_ key: String, variable: String, help: String, default defaultValue: Value) {
        let names = Value.allCases.map(\.rawValue)
        let expected = "expected " + (names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1])
        self.init(key, variable: variable, help: help, default: defaultValue, shown: defaultValue.rawValue) { text, _ throws(InvalidValue) in
            guard let value = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else { throw InvalidValue(expected) }
            return value
        }
    }
}

/// Any setting, whatever its value's type: what the config file, the `config` commands and the
/// manual read.
public protocol DeclaredSetting: Sendable {
    /// The config file's key (`jobs`).
    var key: String { get }
    /// The environment variable it stands for (`WWDC_JOBS`).
    var variable: String { get }
    /// What it sets, one line (the manual and `config --help` list it).
    var help: String { get }
    /// What is wrong with `text` as a value of the setting, nil when it is usable.
    func problem(_ text: String, environment: [String: String]) -> String?
    /// The value in force when the setting is unset, as `config` shows it, and where it comes from.
    func inForceByDefault(_ environment: [String: String]) -> (value: String, origin: SettingOrigin)
    /// `text` as `config set` writes it in the file.
    func written(_ text: String) -> String
}

extension Array where Element == any DeclaredSetting {
    /// The setting named `key`.
    ///
    /// - Throws: ``InvalidValue`` naming the key, with the nearest known key ("Did you mean
    ///   'player'?"), else every key.
    public func named(_ key: String) throws(InvalidValue) -> any DeclaredSetting {
        guard let setting = first(where: { $0.key == key }) else {
            throw InvalidValue(message: "Unknown key '\(key)'. " + ConfigFile.suggestion(for: key, among: map(\.key)))
        }
        return setting
    }
}
