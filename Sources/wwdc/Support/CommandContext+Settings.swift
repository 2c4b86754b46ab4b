import CommandLineKit
import ConferenceData
import ConferenceMedia
import ConferenceModel
import ConferenceSync
import ConferenceTerminal
import Foundation

/// Settings as commands read them: checked the same way wherever they come from, and an error about
/// one names where its value came from (the environment variable, or the config file and its line).
extension CommandContext {
    /// The value of `key` in force (the environment's, else the file's), trimmed; nil when unset or
    /// empty.
    ///
    /// - Throws: a ``RuntimeError`` naming the variable, or the file and the line, when the value is
    ///   not usable.
    func setting(_ key: Configuration.Key) throws -> String? {
        guard let value = environment[key.variable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let problem = key.problem(value, environment) { throw settingError(key, value: value, problem: problem) }
        return value
    }

    /// Where the value of `key` that commands read comes from: the environment, or the config file.
    func origin(of key: Configuration.Key) -> SettingOrigin? {
        if originalEnvironment[key.variable] != nil { return .environment(key.variable) }
        if let (_, line) = configuration?.setting(key.name), let path = configuration?.url.path { return .file(path: path, line: line) }
        return nil
    }

    /// "/home/me/.config/wwdc/config, line 3: jobs is '99': expected …", or "WWDC_JOBS is '99': …",
    /// with a hint to fix it there.
    func settingError(_ key: Configuration.Key, value: String, problem: String) -> RuntimeError {
        // An address is shown without a password it may hold.
        let redacted = WebAddress.redacted(value)
        let shown = redacted.count > 60 ? redacted.prefix(60) + "…" : Substring(redacted)
        if case let .file(path, line)? = origin(of: key) {
            return RuntimeError("\(path), line \(line): \(key.name) is '\(shown)': \(problem)",
                                hint: "Change it with 'wwdc config set \(key.name) <value>', or edit the file.")
        }
        return RuntimeError("\(key.variable) is '\(shown)': \(problem)", hint: "Change \(key.variable), or unset it.")
    }

    /// The value of `key` in force for a command given no flag, and where it comes from: the
    /// environment, the config file, the last sync (source, language), else the default.
    func settingInForce(_ key: Configuration.Key) -> (value: String, origin: SettingOrigin) {
        if let value = originalEnvironment[key.variable] { return (value, .environment(key.variable)) }
        if let (value, line) = configuration?.setting(key.name), let path = configuration?.url.path {
            return (value, .file(path: path, line: line))
        }
        switch key.name {
        case Configuration.source.name:
            if let last = try? lastSync({ try $0.lastSource() }) { return (last.description, .lastSync) }
            let sample = SampleConference.locate()?.path
            return (sample ?? "", .byDefault(sample == nil ? "the bundled sample conference, which is missing" : "the bundled sample conference"))
        case Configuration.language.name:
            if let last = try? lastSync({ store in try store.read { try $0.setting("language") } }) { return (last, .lastSync) }
            if let code = Configuration.localeLanguage(environment) { return (code, .byDefault("the locale's language")) }
            return ("en", .byDefault(nil))
        case Configuration.player.name:
            let path = Configuration.searchPath(environment)
            if let installed = PlayerCommand.knownPlayers.first(where: { ProgramCommandLine.locate($0, path: path) != nil }) {
                return (installed, .byDefault("the first of \(PlayerCommand.knownPlayers.joined(separator: ", ")) installed"))
            }
            return ("", .byDefault("none of \(PlayerCommand.knownPlayers.joined(separator: ", ")) is installed: the address is printed"))
        case Configuration.pager.name:
            if let pager = originalEnvironment["PAGER"] { return (pager, .environment("PAGER")) }
            return (Pager.defaultCommand, .byDefault(nil))
        case Configuration.images.name:
            return (Configuration.ImagesSetting.auto.rawValue, .byDefault(nil))
        case Configuration.syncFolder.name:
            return ("", .byDefault("none: your data stays on this machine"))
        case Configuration.downloadFolder.name:
            return ((try? Configuration.downloadFolder(flag: nil, originalEnvironment)) ?? "", .byDefault(nil))
        case Configuration.notify.name:
            return (Configuration.NotifyChoice.off.rawValue, .byDefault(nil))
        default:
            return (String(DownloadSettings(lockFolder: "").jobs), .byDefault(nil))
        }
    }

    /// What `read` finds in the store the last sync wrote; nil when there is none (none is created).
    private func lastSync<T>(_ read: (ConferenceStore) throws -> T?) throws -> T? {
        let path = try Configuration.storePath(flag: nil, environment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try read(ConferenceStore(path: path))
    }
}
