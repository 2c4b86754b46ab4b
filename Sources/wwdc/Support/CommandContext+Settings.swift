import CommandLineKit
import ConferenceBackend
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import ConferenceTerminal
import Foundation

/// Settings as commands read them: parsed once, where read, the same way wherever they come from,
/// and an error about one names where its value came from (the environment variable, or the config
/// file and its line).
extension CommandContext {
    /// The value of `setting` in force (the environment's, else the file's), parsed; its default
    /// when unset or empty.
    ///
    /// - Throws: a ``RuntimeError`` naming the variable, or the file and the line, when the value is
    ///   not usable.
    func setting<Value>(_ setting: Setting<Value>) throws -> Value {
        do throws(InvalidValue) {
            return try setting.value(in: environment)
        } catch {
            throw settingError(setting, value: environment[setting.variable] ?? "", problem: error.reason)
        }
    }

    /// Where the value of `setting` that commands read comes from: the environment, or the config file.
    func origin(of setting: any DeclaredSetting) -> SettingOrigin? {
        if originalEnvironment[setting.variable] != nil { return .environment(setting.variable) }
        if let (_, line) = configuration?.setting(setting.key), let path = configuration?.url.path { return .file(path: path, line: line) }
        return nil
    }

    /// "/home/me/.config/wwdc/config, line 3: jobs is '99': expected …", or "WWDC_JOBS is '99': …",
    /// with a hint to fix it there.
    func settingError(_ setting: any DeclaredSetting, value: String, problem: String) -> RuntimeError {
        // An address is shown without a password it may hold.
        let redacted = WebAddress.redacted(value.trimmingCharacters(in: .whitespaces))
        let shown = redacted.count > 60 ? redacted.prefix(60) + "…" : Substring(redacted)
        if case let .file(path, line)? = origin(of: setting) {
            return RuntimeError("\(path), line \(line): \(setting.key) is '\(shown)': \(problem)",
                                hint: "Change it with 'wwdc config set \(setting.key) <value>', or edit the file.")
        }
        return RuntimeError("\(setting.variable) is '\(shown)': \(problem)", hint: "Change \(setting.variable), or unset it.")
    }

    /// The value of `setting` in force for a command given no flag, and where it comes from: the
    /// environment, the config file, else what the declaration shows when it is unset (the last
    /// sync's, the default).
    func settingInForce(_ setting: any DeclaredSetting) -> (value: String, origin: SettingOrigin) {
        if let value = originalEnvironment[setting.variable] { return (value, .environment(setting.variable)) }
        if let (value, line) = configuration?.setting(setting.key), let path = configuration?.url.path {
            return (value, .file(path: path, line: line))
        }
        return setting.inForceByDefault(environment)
    }
}
