// Exercises the TerminalUI primitives one at a time, and a full-screen program built from its
// widgets (`browse`), for the pseudo-terminal and tmux tests in TerminalUITests; it knows no
// conference (the app's feedback form has conference-terminal-demo). Each mode prints markers the
// tests wait for; results go through the owner.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Operations
import TerminalUI

struct DemoError: Error {}

func say(_ owner: TerminalOwner, _ text: String) {
    owner.perform { $0.writeLine(text) }
}

func finish(_ owner: TerminalOwner, code: Int32) -> Never {
    owner.drain()
    exit(code)
}

/// FNV-1a, so the password test can check what was typed without it ever being printed.
func fingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return String(hash, radix: 16)
}

func password(_ owner: TerminalOwner) throws -> Never {
    let (user, secret) = try owner.interact { context throws(TerminalError) -> (PromptResult<String>, PromptResult<String>) in
        let user = try context.readLine(prompt: "Username: ")
        guard user.value != nil else { return (user, .cancelled) }
        return (user, try context.readLine(prompt: "Password: ", echo: false))
    }
    guard let name = user.value, let secret = secret.value else {
        say(owner, "CANCELLED")
        finish(owner, code: 130)
    }
    say(owner, "RESULT user=\(name) secret-length=\(secret.count) secret-fnv=\(fingerprint(secret))")
    finish(owner, code: 0)
}

/// Raw mode, then keys until Ctrl-C, which leaves through exit() with raw mode still on:
/// the atexit handler must restore the terminal.
func rawUntilInterrupt(_ owner: TerminalOwner) throws -> Never {
    try owner.perform { context throws(TerminalError) in
        try context.terminal.enterRawMode()
        context.writeLine("RAW-READY")
        while true {
            let key = try context.readKey()
            context.writeLine("KEY \(key)")
            if key == .interrupt {
                context.writeLine("INTERRUPTED")
                context.flush()
                exit(130)
            }
        }
    }
}

/// Raw mode and a hidden cursor, then a blocking read that only a signal ends.
func rawUntilSignal(_ owner: TerminalOwner) throws -> Never {
    try owner.perform { context throws(TerminalError) in
        try context.terminal.enterRawMode()
        context.hideCursor()
        context.writeLine("RAW-READY")
        while true {
            let key = try context.readKey()
            context.writeLine("KEY \(key)")
        }
    }
}

/// An error thrown out of a raw-mode scope.
func rawThenThrow(_ owner: TerminalOwner) -> Never {
    do {
        try owner.perform { context in
            try context.terminal.withRawMode {
                context.writeLine("RAW-READY")
                let key = try context.readKey()
                context.writeLine("KEY \(key)")
                throw DemoError()
            }
        }
    } catch {
        say(owner, "THREW raw=\(owner.terminal.isRawMode)")
        finish(owner, code: 3)
    }
    finish(owner, code: 0)
}

func menu(_ owner: TerminalOwner) throws -> Never {
    let menu = Menu(title: "Server error", message: "The schedule could not be downloaded (HTTP 500).",
                    buttons: ["Retry", "Skip", "Cancel"])
    let result = try owner.interact { context throws(TerminalError) in try menu.run(in: context) }
    guard let choice = result.value else {
        say(owner, "CANCELLED")
        finish(owner, code: 130)
    }
    say(owner, "CHOICE=\(choice) \(menu.buttons[choice])")
    finish(owner, code: 0)
}

/// A sync-like run; on a terminal a prompt in the middle takes the screen from the live lines.
func progress(_ owner: TerminalOwner) throws -> Never {
    let display = LiveProgress(owner: owner)
    let config = display.begin("config")
    display.finish(config, .succeeded, items: 1, bytes: 2048)
    let schedule = display.begin("schedule")
    display.update(schedule, items: 40, bytes: 100_000, detail: "downloading")
    let news = display.begin("news \u{1B}]0;pwned\u{07}\u{1B}[31mred\u{202E}")
    display.finish(news, .skipped("not logged in"))
    say(owner, "NOTE a message above the live lines")
    if owner.terminal.isInteractive {
        let answer = try owner.interact { context throws(TerminalError) in
            try context.readLine(prompt: "Continue? ")
        }
        say(owner, "ANSWER=\(answer.value ?? "cancelled")")
    }
    display.finish(schedule, .succeeded, items: 150, bytes: 1_234_567)
    let videos = display.begin("videos")
    display.finish(videos, .failed("HTTP 500 from the server"))
    _ = display.begin("favorites")
    display.stop()
    say(owner, "DONE")
    finish(owner, code: 0)
}

/// Two alerts asked for at the same moment, from two queues: the second starts only once the first
/// has been answered (they share the terminal's exclusivity category).
func alerts(_ owner: TerminalOwner) {
    let queues = [AdvancedOperationQueue(), AdvancedOperationQueue()]
    let alerts = ["First", "Second"].map { label in
        AlertOperation(title: "\(label) alert", message: "Choose", buttons: ["Yes", "No"], owner: owner) { answer in
            say(owner, "ANSWER \(label)=\(answer.value.map(String.init) ?? "cancelled")")
        }
    }
    for alert in alerts {
        alert.addObserver(BlockObserver(start: { operation in
            owner.performAsync { $0.writeLine("START \(operation.displayName)") }
        }))
    }
    for (queue, alert) in zip(queues, alerts) { queue.addOperation(alert) }
    for queue in queues { queue.waitUntilAllOperationsAreFinished() }
    say(owner, "DONE")
    finish(owner, code: 0)
}

/// The full-screen demo (`DemoBrowser`): `--hostile` adds hostile titles, `--crashable` lets X
/// crash it and E fail it, `--no-mouse` leaves the mouse to the terminal; `TERMINAL_DEMO_FOREGROUND`
/// is a shell command `!` runs in the foreground.
func browse(_ owner: TerminalOwner) -> Never {
    let arguments = CommandLine.arguments.dropFirst(2)
    let count = arguments.first { $0.hasPrefix("--items=") }.flatMap { Int($0.dropFirst("--items=".count)) } ?? 120
    let app = DemoBrowser(items: DemoItem.sample(count: count, hostile: arguments.contains("--hostile")),
                          crashable: arguments.contains("--crashable"),
                          foreground: ProcessInfo.processInfo.environment["TERMINAL_DEMO_FOREGROUND"])
    let session = FullScreenSession<DemoBrowser>(owner: owner, options: .init(mouse: !arguments.contains("--no-mouse")))
    do {
        try session.run(app)
    } catch {
        say(owner, "ERROR \(error)")
        finish(owner, code: 1)
    }
    switch app.exit {
    case .quit:
        say(owner, "BYE")
        finish(owner, code: 0)
    case .interrupted:
        say(owner, "INTERRUPTED")
        finish(owner, code: 130)
    case .failed:
        say(owner, "ERROR the demo failed on purpose")
        finish(owner, code: 1)
    }
}

let owner = TerminalOwner()
let mode = CommandLine.arguments.dropFirst().first ?? ""
do {
    switch mode {
    case "password": try password(owner)
    case "raw-ctrl-c": try rawUntilInterrupt(owner)
    case "raw-signal": try rawUntilSignal(owner)
    case "raw-throw": rawThenThrow(owner)
    case "menu": try menu(owner)
    case "progress": try progress(owner)
    case "alerts": alerts(owner)
    case "browse": browse(owner)
    case "info":
        let size = owner.terminal.size
        say(owner, "INFO interactive=\(owner.terminal.isInteractive) size=\(size.columns)x\(size.rows) color=\(owner.style.isEnabled)")
        finish(owner, code: 0)
    default:
        say(owner, "usage: terminal-demo password|raw-ctrl-c|raw-signal|raw-throw|menu|progress|alerts|browse|info")
        finish(owner, code: 64)
    }
} catch {
    say(owner, "ERROR \(error)")
    finish(owner, code: 1)
}
