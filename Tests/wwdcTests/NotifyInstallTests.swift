import Foundation
import TestSupport
import TestTraits
import Testing

/// `wwdc notify install|uninstall`: systemd user units in a temporary home, checked by systemd's own
/// `systemd-analyze verify`.
@Suite("notify install: systemd user units", .offThePool)
struct NotifyInstallTests {
    static let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func unitFolder(_ sandbox: Sandbox) -> URL { sandbox.directory.path("config").appendingPathComponent("systemd/user") }

    @Test("the units name this wwdc by its absolute path, follow --every, and pass systemd-analyze verify",
          .enabled(if: analyze != nil, "systemd-analyze is not installed (apt-get install systemd)"))
    func unitsVerify() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let binary = CommandRunner.wwdc.resolvingSymlinksInPath().path
        let schedules = ["15m": "OnCalendar=*:0/15", "1h": "OnCalendar=hourly", "6h": "OnCalendar=*-*-* 0/6:00:00", "1d": "OnCalendar=daily",
                         "90m": "OnUnitActiveSec=5400s"]
        for (every, schedule) in schedules.sorted(by: { $0.key < $1.key }) {
            let install = try await sandbox.run(["notify", "install", "--every", every])
            #expect(install.status == 0, "\(install.stderr)")
            let folder = Self.unitFolder(sandbox)
            #expect(install.stderr.contains("Wrote \(folder.path)/wwdc.service\nWrote \(folder.path)/wwdc.timer\n"), "\(install.stderr)")
            #expect(install.stderr.contains("systemctl --user enable --now wwdc.timer"), "\(install.stderr)")
            let service = try String(contentsOf: folder.appendingPathComponent("wwdc.service"), encoding: .utf8)
            let timer = try String(contentsOf: folder.appendingPathComponent("wwdc.timer"), encoding: .utf8)
            #expect(service.contains("ExecStart=-\"\(binary)\" sync --quiet\n"), "\(service)")
            #expect(service.contains("ExecStart=\"\(binary)\" remind --within \(every == "90m" ? "1h30m" : every)\n"), "\(service)")
            #expect(timer.contains(schedule + "\n"), "\(every): \(timer)")

            let runtime = try TemporaryDirectory("wwdc-runtime")
            defer { runtime.remove() }
            let verify = try await CommandRunner.run(URL(fileURLWithPath: Self.analyze!),
                                                     ["--user", "--man=no", "verify", folder.appendingPathComponent("wwdc.timer").path,
                                                      folder.appendingPathComponent("wwdc.service").path],
                                                     environment: ["XDG_RUNTIME_DIR": runtime.url.path, "HOME": sandbox.directory.url.path,
                                                                   "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
            #expect(verify.status == 0, "\(every): \(verify.stderr)")
            // Unknown keys are only warned about: nothing may be said.
            #expect(verify.stderr.isEmpty, "\(every): \(verify.stderr)")
        }
    }

    @Test("a unit wwdc did not write is never overwritten nor removed; uninstall removes what install wrote and the enable link")
    func foreignUnitsAndUninstall() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = Self.unitFolder(sandbox)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let foreign = "[Timer]\nOnCalendar=weekly\n"
        try Data(foreign.utf8).write(to: folder.appendingPathComponent("wwdc.timer"))
        let refused = try await sandbox.run(["notify", "install"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.errorLines == ["Error: \(folder.path)/wwdc.timer exists and was not written by wwdc: not overwriting it"], "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("wwdc.service").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("wwdc.timer"), encoding: .utf8) == foreign)
        let leftAlone = try await sandbox.run(["notify", "uninstall"])
        #expect(leftAlone.status == 0 && leftAlone.stderr.contains("Left \(folder.path)/wwdc.timer: wwdc did not write it."), "\(leftAlone.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("wwdc.timer").path))

        try FileManager.default.removeItem(at: folder.appendingPathComponent("wwdc.timer"))
        #expect(try await sandbox.run(["notify", "install"]).status == 0)
        // As `systemctl --user enable` would link it.
        let wants = folder.appendingPathComponent("timers.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: wants.appendingPathComponent("wwdc.timer").path,
                                                   withDestinationPath: folder.appendingPathComponent("wwdc.timer").path)
        let removed = try await sandbox.run(["notify", "uninstall"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr.contains("Removed \(folder.path)/wwdc.timer\nRemoved \(folder.path)/wwdc.service\nRemoved \(wants.path)/wwdc.timer\n"),
                "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["timers.target.wants"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: wants.path).isEmpty)
        let again = try await sandbox.run(["notify", "uninstall"])
        #expect(again.status == 0 && again.stderr.hasPrefix("Nothing to remove"), "\(again.stderr)")
    }
}
