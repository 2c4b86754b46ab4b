import Testing
import TerminalUI

@Suite("terminal: hyperlinks")
struct HyperlinksTests {
    @Test("a printable address becomes an OSC 8 link; anything else stays plain text, whatever it holds")
    func link() {
        let links = Hyperlinks(enabled: true)
        #expect(links.link("https://a.example/x?y=1", text: "x") == "\u{1B}]8;;https://a.example/x?y=1\u{1B}\\x\u{1B}]8;;\u{1B}\\")
        for hostile in ["https://a.example/\u{1B}\\\u{1B}]0;pwned\u{07}", "https://a.example/\u{9C}", "https://a.example/ x",
                        "https://a.example/\u{202E}", "https://a.example/é", ""] {
            #expect(links.link(hostile, text: "t") == "t", "\(hostile.debugDescription)")
        }
        #expect(Hyperlinks.plain.link("https://a.example/") == "https://a.example/")
    }

    @Test("TERM=dumb turns links off; NO_COLOR does not")
    func environment() {
        #expect(!Hyperlinks.allowed(environment: ["TERM": "dumb"]))
        #expect(Hyperlinks.allowed(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
    }
}
