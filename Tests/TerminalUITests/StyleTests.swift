import TestSupport
import Testing
@testable import TerminalUI

@Suite("Style")
struct StyleTests {
    @Test("no escape codes when colour is off")
    func plain() {
        let style = Style.plain
        for text in [style.bold("a"), style.dim("a"), style.red("a"), style.green("a"), style.inverse("a")] {
            #expect(text == "a")
        }
    }

    @Test("helpers close only their own attribute, so they nest")
    func nesting() {
        let style = Style(enabled: true)
        #expect(style.bold("a") == "\u{1B}[1ma\u{1B}[22m")
        #expect(style.red(style.bold("a") + "b") == "\u{1B}[31m\u{1B}[1ma\u{1B}[22mb\u{1B}[39m")
        #expect(style.red("") == "")
    }

    @Test("NO_COLOR (non-empty) and TERM=dumb turn colour off; a pipe never has colour")
    func environment() {
        #expect(Style.allowsColor(environment: ["TERM": "xterm"]))
        #expect(!Style.allowsColor(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        #expect(Style.allowsColor(environment: ["TERM": "xterm", "NO_COLOR": ""]))
        #expect(!Style.allowsColor(environment: ["TERM": "dumb"]))
        let fds = try? PTY.pipe()
        if let fds {
            #expect(!Style.detect(outputFD: fds[1], environment: ["TERM": "xterm"]).isEnabled)
            close(fds[0])
            close(fds[1])
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
