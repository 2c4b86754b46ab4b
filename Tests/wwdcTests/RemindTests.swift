import Foundation
import TestSupport
import TestTraits
import Testing

/// Reminders: `remind` at a fixed clock, `export --alarm` read back by Python, and desktop
/// notifications through a real `notify-send` to a notification server on a private D-Bus session.
@Suite("reminders and desktop notifications", .offThePool)
struct RemindTests {
    /// Wednesday 12:30 at the venue: five sessions start at 13:00.
    static let now = "2026-06-10T12:30:00-07:00"
    static let atOne = ["wwdc2026-211", "wwdc2026-311", "wwdc2026-411", "wwdc2026-710", "wwdc2026-810"]

    /// Debian's python with python3-dbus and python3-gi, dbus-daemon and notify-send: what the
    /// notification session needs (`.ci/run` installs them).
    static let notificationSessionMissing: String? = {
        for program in ["/usr/bin/python3", "/usr/bin/dbus-daemon", "/usr/bin/notify-send"] where !FileManager.default.isExecutableFile(atPath: program) {
            return program + " is missing"
        }
        let check = try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import dbus, dbus.service, dbus.mainloop.glib; from gi.repository import GLib"])
        return check?.status == 0 ? nil : "/usr/bin/python3 cannot import dbus and gi (apt-get install python3-dbus python3-gi)"
    }()

    /// A store synced from a copy of the fixtures whose `change` ran first.
    static func synced(_ change: (inout [[String: Any]]) throws -> Void = { _ in }) throws -> Sandbox {
        let sandbox = try Sandbox()
        let feeds = try sandbox.copyOfFixtures()
        let file = feeds.appendingPathComponent("contents.json")
        var contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var items = try #require(contents["contents"] as? [[String: Any]])
        try change(&items)
        contents["contents"] = items
        try JSONSerialization.data(withJSONObject: contents).write(to: file)
        let result = try CommandRunner.run(CommandRunner.wwdc, ["sync", "--source", feeds.path], environment: sandbox.environment())
        guard result.status == 0 else { throw Failure(message: "sync failed: \(result.stderr)") }
        return sandbox
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test("remind lists the favorites starting within the window, with room and the command to watch; none outside it")
    func remindAtFixedClock() async throws {
        let sandbox = try Self.synced()
        defer { sandbox.remove() }
        // 211 starts at 13:00, 101 (Monday) is over, 314 (Thursday) is far.
        #expect(try await sandbox.run(["favorite", "add", "211", "101", "314"]).status == 0)
        let environment = ["WWDC_NOW": Self.now, "TZ": "UTC"]

        let json = try await sandbox.run(["remind", "--within", "1h", "--json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["wwdc2026-211"])
        #expect(rows.first?["startsIn"] as? Int == 1800)
        #expect(rows.first?["start"] as? String == "2026-06-10T13:00:00-07:00")
        #expect(rows.first?["room"] as? String == "Hall C")
        #expect(rows.first?["watch"] as? String == "wwdc watch 211")

        let text = try await sandbox.run(["remind", "--within", "1h"], environment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "13:00\tin 30 minutes\tHall C\twwdc watch 211\tWhat's new in Swift Testing\n", "\(text.stdout)")

        // The default window, 15 minutes, holds nothing; 13:00 is not "within" at 13:00 (it has begun).
        let none = try await sandbox.run(["remind"], environment: environment)
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr == "No favorite starts within 15m.\n", "\(none.stderr)")
        let atStart = try await sandbox.run(["remind", "--json"], environment: ["WWDC_NOW": "2026-06-10T13:00:00-07:00"])
        #expect((try JSONSerialization.jsonObject(with: Data(atStart.stdout.utf8)) as? [Any])?.isEmpty == true, "\(atStart.stdout)")

        let bad = try await sandbox.run(["remind", "--within", "soon"])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(bad.stderr.contains("Invalid value 'soon' for '--within'"), "\(bad.stderr)")
    }

    @Test("export --alarm 10m: every event has one VALARM, read back by Python's own line parsing")
    func alarmParsedByPython() async throws {
        let sandbox = try Self.synced()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["favorite", "add", "211", "101", "314"]).status == 0)
        let file = sandbox.directory.path("favorites.ics")
        let export = try await sandbox.run(["export", "--ics", "--favorites", "--alarm", "10m", "--output", file.path])
        #expect(export.status == 0, "\(export.stderr)")
        // Unfolds (RFC 5545 3.1), then checks each event's alarm and prints what it found.
        let script = #"""
            import json, sys
            text = open(sys.argv[1], 'rb').read().decode('utf-8')
            assert '\n' not in text.replace('\r\n', ''), 'bare line break'
            lines = text.replace('\r\n ', '').split('\r\n')
            events, stack, current, alarm = [], [], None, None
            for line in lines:
                if not line:
                    continue
                name, _, value = line.partition(':')
                name = name.split(';')[0]
                if name == 'BEGIN':
                    stack.append(value)
                    if value == 'VEVENT': current = {'alarms': []}
                    if value == 'VALARM': alarm = {}
                elif name == 'END':
                    assert stack.pop() == value, 'unbalanced ' + value
                    if value == 'VALARM': current['alarms'].append(alarm); alarm = None
                    if value == 'VEVENT': events.append(current); current = None
                elif alarm is not None:
                    alarm[name] = value
                elif current is not None:
                    current[name] = value
            assert not stack
            print(json.dumps(events))
            """#
        let result = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(events.count == 3)
        for event in events {
            let alarms = event["alarms"] as? [[String: String]] ?? []
            #expect(alarms.count == 1, "\(event)")
            #expect(alarms.first?["TRIGGER"] == "-PT10M")
            #expect(alarms.first?["ACTION"] == "DISPLAY")
            #expect(alarms.first?["DESCRIPTION"] == event["SUMMARY"] as? String)
        }
        // Without --alarm, no VALARM at all.
        let plain = try await sandbox.run(["export", "--ics", "--favorites"])
        #expect(!plain.stdout.contains("VALARM"))
    }

    @Test("remind with notify = desktop: notify-send really shows them, sanitised; three, then one for the rest",
          .enabled(if: notificationSessionMissing == nil, "\(notificationSessionMissing ?? "")"))
    func desktopNotifications() async throws {
        let hostile = "Swift <b>&amp;</b> \u{1B}[31mred\u{1B}[0m \u{202E}tests"
        let sandbox = try Self.synced { items in
            let index = try #require(items.firstIndex { $0["id"] as? String == "wwdc2026-211" })
            items[index]["title"] = hostile
        }
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["favorite", "add"] + Self.atOne).status == 0)
        #expect(try await sandbox.run(["config", "set", "notify", "desktop"]).status == 0)

        let session = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                            [ProjectPaths.root.appendingPathComponent("Tests/Server/notification_session.py").path, "--",
                                             CommandRunner.wwdc.path, "remind", "--within", "1h"],
                                            environment: sandbox.environment(["WWDC_NOW": Self.now]))
        #expect(session.status == 0, "\(session.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any])
        #expect(report["status"] as? Int == 0, "\(report["stderr"] ?? "")")
        #expect((report["stderr"] as? String)?.isEmpty == true, "\(report["stderr"] ?? "")")
        let calls = try #require(report["calls"] as? [[String: Any]])
        try #require(calls.count == 4, "\(calls)")
        #expect(calls.allSatisfy { $0["app"] as? String == "wwdc" })
        // By room at the same time: Hall A, Hall B, then Hall C's, the hostile title.
        #expect(calls.prefix(3).compactMap { ($0["body"] as? String)?.split(separator: "\n").last } == ["wwdc watch 710", "wwdc watch 810", "wwdc watch 211"])
        let hostileCall = calls[2]
        #expect(hostileCall["summary"] as? String == "WWDC · starts in 30 minutes · Hall C")
        // Escapes and the bidi override gone, markup characters written as entities.
        #expect(hostileCall["body"] as? String == "Swift &lt;b&gt;&amp;amp;&lt;/b&gt; red tests\nwwdc watch 211", "\(hostileCall)")
        #expect(calls.last?["summary"] as? String == "WWDC · 2 more favorites soon")
        #expect(calls.last?["body"] as? String == "Run 'wwdc remind' for the whole list.")
    }

    @Test("notify = desktop without notify-send, or without a notification service: one line says so, the reminders are still printed")
    func notifySendMissingOrFailing() async throws {
        let sandbox = try Self.synced()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["favorite", "add", "211"]).status == 0)
        let empty = sandbox.directory.path("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try await sandbox.run(["remind", "--within", "1h"], environment: ["WWDC_NOW": Self.now, "WWDC_NOTIFY": "desktop", "PATH": empty.path])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stdout.contains("wwdc watch 211"))
        #expect(missing.stderr == "Note: no desktop notification: notify-send is not installed (Debian: apt install libnotify-bin; or 'wwdc config set notify off').\n",
                "\(missing.stderr)")

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send") {
            let noBus = try await sandbox.run(["remind", "--within", "1h"], environment: [
                "WWDC_NOW": Self.now, "WWDC_NOTIFY": "desktop", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + sandbox.directory.path("no-bus").path,
                "DISPLAY": ""])
            #expect(noBus.status == 0, "\(noBus.stderr)")
            #expect(noBus.stderr.hasPrefix("Note: no desktop notification: notify-send failed (exit status 1)"), "\(noBus.stderr)")
        }
        let bad = try await sandbox.run(["remind"], environment: ["WWDC_NOTIFY": "loud"])
        #expect(bad.status == 1 && bad.stderr.contains("WWDC_NOTIFY is 'loud': expected desktop or off"), "\(bad.stderr)")
    }
}
