import CommandLineKit
import ConferenceData
import ConferenceModel
import Foundation

/// `wwdc notify install|uninstall`: a systemd user timer that syncs and reminds on a schedule.
enum NotifyCommand {
    static let every = Option.duration("every", value: "time", help: "How often: 15m, 1h, 6h, 1d, ... (default 1h); reminders cover the time until the next run.",
                                       in: 300...86_400)

    static let install = CommandSpec(
        path: "notify install",
        abstract: "Write a systemd user timer that runs 'wwdc sync --quiet' and 'wwdc remind' on a schedule.",
        discussion: """
        Writes wwdc.service and wwdc.timer under $XDG_CONFIG_HOME/systemd/user (~/.config/systemd/user), \
        naming this wwdc binary by its absolute path, and prints how to turn the timer on. Each run syncs \
        (a failed sync does not stop the reminders), then lists the favorites starting before the next run: \
        with 'wwdc config set notify desktop', as desktop notifications. Running it again rewrites the \
        units (a new --every); a unit of that name that wwdc did not write is never overwritten.
        """,
        options: [every],
        examples: [
            ("wwdc notify install", "Every hour."),
            ("wwdc notify install --every 15m && systemctl --user enable --now wwdc.timer", "Every quarter of an hour, turned on."),
        ])
    static let uninstall = CommandSpec(
        path: "notify uninstall",
        abstract: "Remove the systemd user timer and service 'wwdc notify install' wrote.",
        examples: [("wwdc notify uninstall", "")])
    static let group = CommandSpec(
        path: "notify",
        abstract: "Install or remove the systemd user timer that syncs and reminds on a schedule.",
        examples: [("wwdc notify install --every 30m", "Sync and remind every half hour."),
                   ("wwdc notify uninstall", "Stop it.")],
        subcommands: [install, uninstall])

    static func runGroup(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        throw UsageError("Missing subcommand", spec: group, hint: "Use 'wwdc notify install' or 'wwdc notify uninstall'.")
    }

    static func runInstall(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let seconds = arguments[every] ?? 3600
        guard let binary = NotifyUnits.runningBinary() else {
            throw RuntimeError("cannot tell where this wwdc binary is, to name it in the units")
        }
        let units = NotifyUnits(environment: context.environment)
        let files = [(units.service, try NotifyUnits.serviceText(binary: binary, every: seconds)),
                     (units.timer, NotifyUnits.timerText(every: seconds))]
        // Nothing is written unless every file may be.
        for (url, _) in files where !NotifyUnits.isOurs(url) {
            throw RuntimeError("\(url.path) exists and was not written by wwdc: not overwriting it",
                               hint: "Move it away (or remove it) if it is not needed, then run 'wwdc notify install' again.")
        }
        do {
            try FileManager.default.createDirectory(at: units.folder, withIntermediateDirectories: true)
            for (url, text) in files {
                try Data(text.utf8).write(to: url, options: .atomic)
                context.message("Wrote \(url.path)")
            }
        } catch {
            throw FileAccessError.write(units.folder.path, error)
        }
        context.message("They run '\(binary) sync --quiet', then 'remind --within \(Option<Int?>.durationText(seconds))', every \(Option<Int?>.durationText(seconds)).")
        context.message("Turn the timer on with: systemctl --user daemon-reload && systemctl --user enable --now wwdc.timer")
        if !(try DesktopNotifier.isWanted(context)) {
            context.message("Reminders are printed to the journal only; for desktop notifications: wwdc config set notify desktop")
        }
        return .success
    }

    static func runUninstall(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
        let units = NotifyUnits(environment: context.environment)
        var removed: [String] = []
        for url in [units.timer, units.service] where FileManager.default.fileExists(atPath: url.path) {
            guard NotifyUnits.isOurs(url) else {
                context.message("Left \(url.path): wwdc did not write it.")
                continue
            }
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw FileAccessError.write(url.path, error)
            }
            context.message("Removed \(url.path)")
            removed.append(url.lastPathComponent)
        }
        // The link `systemctl --user enable` made, dangling now.
        let link = units.enabledLink.path
        if removed.contains(NotifyUnits.timerName), (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil {
            try? FileManager.default.removeItem(atPath: link)
            context.message("Removed \(link)")
        }
        if removed.isEmpty {
            context.message("Nothing to remove: no wwdc timer is installed in \(units.folder.path).")
        } else {
            context.message("Stop a timer still running with: systemctl --user stop wwdc.timer && systemctl --user daemon-reload")
        }
        return .success
    }
}
