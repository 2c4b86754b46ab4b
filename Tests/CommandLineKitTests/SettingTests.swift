import CommandLineKit
import Foundation
import Testing

/// A setting declared once (``Setting``): its parse, its default, its variable, and the config
/// file filling in what the environment leaves unset.
@Suite("Settings")
struct SettingTests {
    static let jobs = Setting<Int>("jobs", variable: "DEMO_JOBS", help: "How many at once.", default: 3, shown: "3") { text, _ throws(InvalidValue) in
        guard let number = Int(text), (1...16).contains(number) else { throw InvalidValue("expected a whole number from 1 to 16") }
        return number
    }
    static let player = Setting<String?>("player", variable: "DEMO_PLAYER", help: "The player.", default: nil,
                                         shown: { environment in (environment["DEMO_FALLBACK"] ?? "", .byDefault("the first installed")) },
                                         written: { "/abs/" + $0 }) { text, environment throws(InvalidValue) in
        guard !text.contains("\"") else { throw InvalidValue("a quote is not closed") }
        return text + (environment["DEMO_SUFFIX"] ?? "")
    }
    static let settings: [any DeclaredSetting] = [jobs, player]

    enum Shade: String, CaseIterable, Sendable {
        case light, dark, auto
    }

    static let shade = Setting<Shade>("shade", variable: "DEMO_SHADE", help: "The shade.", default: .auto)

    @Test("a value is parsed once, trimmed, the rest of the environment at hand; unset or blank is the default")
    func values() throws {
        #expect(try Self.jobs.value(in: [:]) == 3)
        #expect(try Self.jobs.value(in: ["DEMO_JOBS": "  "]) == 3)
        #expect(try Self.jobs.value(in: ["DEMO_JOBS": " 7 "]) == 7)
        #expect(try Self.player.value(in: [:]) == nil)
        #expect(try Self.player.value(in: ["DEMO_PLAYER": "mpv ", "DEMO_SUFFIX": " --fs"]) == "mpv --fs")
        #expect(try Self.jobs.parsed(" 2", environment: [:]) == 2)
    }

    @Test("a value the parse refuses: InvalidValue with its reason, the same from the environment, the file or a check")
    func refused() {
        #expect(throws: InvalidValue("expected a whole number from 1 to 16")) { try Self.jobs.value(in: ["DEMO_JOBS": "99"]) }
        #expect(Self.jobs.problem("many", environment: [:]) == "expected a whole number from 1 to 16")
        #expect(Self.jobs.problem(" 4 ", environment: [:]) == nil)
        #expect(Self.player.problem("\"mpv", environment: [:]) == "a quote is not closed")
    }

    @Test("what config shows for an unset setting, and how config set writes a value, come from the declaration")
    func declared() {
        let jobs = Self.jobs.inForceByDefault([:])
        #expect(jobs.value == "3" && jobs.origin == .byDefault(nil))
        let player = Self.player.inForceByDefault(["DEMO_FALLBACK": "vlc"])
        #expect(player.value == "vlc" && player.origin == .byDefault("the first installed"))
        #expect(Self.jobs.written("4") == "4" && Self.player.written("mpv") == "/abs/mpv")
        #expect(Self.settings.map(\.key) == ["jobs", "player"] && Self.settings.map(\.variable) == ["DEMO_JOBS", "DEMO_PLAYER"])
        #expect(SettingOrigin.remembered("last sync").description == "last sync" && !SettingOrigin.remembered("last sync").isFromUser)
        #expect(SettingOrigin.file(path: "/c", line: 2).isFromUser && SettingOrigin.environment("X").isFromUser)
    }

    @Test("a setting of an enumeration's cases: a name in any case, the names said when refused, the default shown")
    func choices() throws {
        #expect(try Self.shade.value(in: ["DEMO_SHADE": " Dark"]) == .dark)
        #expect(try Self.shade.value(in: [:]) == .auto)
        #expect(Self.shade.problem("grey", environment: [:]) == "expected light, dark or auto")
        #expect(Self.shade.inForceByDefault([:]).value == "auto")
    }

    @Test("an unknown key: the nearest key when one is near, else every key")
    func unknownKey() {
        #expect(throws: InvalidValue(message: "Unknown key 'jbos'. Did you mean 'jobs'?")) { try Self.settings.named("jbos") }
        #expect(throws: InvalidValue(message: "Unknown key 'colour'. The keys: jobs, player.")) { try Self.settings.named("colour") }
        #expect((try? Self.settings.named("player"))?.variable == "DEMO_PLAYER")
    }

    @Test("the file fills in only the variables the environment leaves unset, and a bad value in it is read as from the environment")
    func filling() throws {
        let home = try ConfigFileTests.Home("jobs = 99\nplayer = mpv\n")
        let file = try home.read()
        let filled = file.filling(["DEMO_PLAYER": "vlc", "OTHER": "x"], for: Self.settings)
        #expect(filled == ["DEMO_PLAYER": "vlc", "OTHER": "x", "DEMO_JOBS": "99"])
        #expect(throws: InvalidValue("expected a whole number from 1 to 16")) { try Self.jobs.value(in: filled) }
        #expect(file.setting("jobs")?.line == 1)
    }
}
