import CommandLineKit
import Foundation

/// The systemd user units `wwdc notify install` writes: a service that syncs, then reminds, and a
/// timer that starts it every so often. Each file starts with ``marker``: wwdc rewrites or removes
/// only files that carry it, never a unit someone else wrote under the same name.
struct NotifyUnits {
    static let serviceName = "wwdc.service"
    static let timerName = "wwdc.timer"
    static let marker = "# Written by 'wwdc notify install'; 'wwdc notify uninstall' removes it."

    /// `$XDG_CONFIG_HOME/systemd/user` (else `~/.config/systemd/user`).
    let folder: URL

    init(environment: [String: String]) {
        let folders = Configuration.folders(environment)
        // As the XDG spec says: a relative XDG_CONFIG_HOME is ignored.
        let config = folders.configHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ((folders.home ?? NSHomeDirectory()) + "/.config")
        folder = URL(fileURLWithPath: config).appendingPathComponent("systemd/user", isDirectory: true)
    }

    var service: URL { folder.appendingPathComponent(Self.serviceName) }
    var timer: URL { folder.appendingPathComponent(Self.timerName) }
    /// Where `systemctl --user enable` links the timer.
    var enabledLink: URL { folder.appendingPathComponent("timers.target.wants/" + Self.timerName) }

    /// The service: a sync (its failure, offline say, does not stop the reminders), then the
    /// reminders for the favorites starting before the next run.
    static func serviceText(binary: String, every seconds: Int) throws -> String {
        let program = try execPath(binary)
        return """
            \(marker)
            [Unit]
            Description=wwdc: sync the conference and remind of favorites starting soon
            After=network-online.target
            Wants=network-online.target

            [Service]
            Type=oneshot
            ExecStart=-\(program) sync --quiet
            ExecStart=\(program) remind --within \(Option<Int?>.durationText(seconds))

            """
    }

    /// The timer: on the clock when the period divides an hour or a day (`*:0/15`, `hourly`,
    /// `0/6:00:00`, `daily`), missed runs made up at the next start; else every period from
    /// the last run.
    static func timerText(every seconds: Int) -> String {
        let minutes = seconds / 60, hours = seconds / 3600
        let schedule: String
        if seconds % 60 == 0, minutes < 60, 60 % minutes == 0 {
            schedule = "OnCalendar=*:0/\(minutes)\nPersistent=true"
        } else if seconds % 3600 == 0, hours <= 24, 24 % hours == 0 {
            schedule = "OnCalendar=" + (hours == 1 ? "hourly" : hours == 24 ? "daily" : "*-*-* 0/\(hours):00:00") + "\nPersistent=true"
        } else {
            schedule = "OnStartupSec=2min\nOnUnitActiveSec=\(seconds)s"
        }
        return """
            \(marker)
            [Unit]
            Description=Run wwdc sync and remind every \(Option<Int?>.durationText(seconds))

            [Timer]
            \(schedule)

            [Install]
            WantedBy=timers.target

            """
    }

    /// The binary's path as an `ExecStart=` command: quoted, `%` doubled (systemd's specifiers);
    /// a path systemd would read otherwise (quotes, backslashes, `$`, control characters) is refused.
    static func execPath(_ path: String) throws -> String {
        guard path.hasPrefix("/"),
              !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || "\"'\\$".unicodeScalars.contains($0) }) else {
            throw RuntimeError("cannot name \(path) in a systemd unit: its path has quotes, a backslash, '$' or control characters",
                               hint: "Install wwdc in a folder without them (make install PREFIX=~/.local), then run 'wwdc notify install' again.")
        }
        return "\"" + path.replacingOccurrences(of: "%", with: "%%") + "\""
    }

    /// Whether the file at `url` is absent or one wwdc wrote.
    static func isOurs(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path) else { return true }
        return String(decoding: data.prefix(200), as: UTF8.self).hasPrefix(marker)
    }

    /// The path of the running program (not `argv[0]`, which may be relative or a name on `PATH`).
    static func runningBinary() -> String? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { readlink("/proc/self/exe", $0, 4096) }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path
        #endif
    }
}
