import ConferenceModel
import Testing

/// A session's page on Apple's site: the links people paste, read; the one wwdc gives, built.
@Suite("links to a session's page")
struct SessionLinkTests {
    @Test("every form of the site's links: the path before the number, the number, the moment", arguments: [
        ("https://developer.apple.com/videos/play/wwdc2019/209/", "videos/play/wwdc2019", 209, nil),
        ("https://developer.apple.com/videos/play/wwdc2019/209/?time=754", "videos/play/wwdc2019", 209, 754),
        ("developer.apple.com/videos/play/wwdc2019/209", "videos/play/wwdc2019", 209, nil),
        ("www.developer.apple.com/videos/play/wwdc2019/209?time=754", "videos/play/wwdc2019", 209, 754),
        ("HTTP://WWW.Developer.Apple.com/videos/play/WWDC2019/209/?foo=1&time=5#transcript", "videos/play/WWDC2019", 209, 5),
        ("  https://developer.apple.com/videos/play/tech-talks/206/  ", "videos/play/tech-talks", 206, nil),
        ("https://developer.apple.com/videos/play/insights/106", "videos/play/insights", 106, nil),
        ("https://developer.apple.com/wwdc17/402", "wwdc17", 402, nil),
        ("developer.apple.com/wwdc19/209/?time=60", "wwdc19", 209, 60),
        ("https://developer.apple.com//videos//play/wwdc2019//209//", "videos/play/wwdc2019", 209, nil),
        // A path without a host is one of the site's.
        ("wwdc17/402", "wwdc17", 402, nil),
        ("/videos/play/wwdc2019/209/?time=1", "videos/play/wwdc2019", 209, 1),
    ] as [(String, String, Int, Int?)])
    func pasted(text: String, path: String, number: Int, time: Int?) {
        #expect(SessionLink.pasted(text) == .page(path: path, number: number, time: time))
    }

    @Test("a link that names no session says why; text that is no link is left alone")
    func refused() {
        #expect(SessionLink.pasted("https://example.com/videos/play/wwdc2019/209/") == .refused(.otherHost("example.com")))
        #expect(SessionLink.pasted("developer.apple.com.example.com/wwdc19/209") == .refused(.otherHost("developer.apple.com.example.com")))
        #expect(SessionLink.pasted("https://developer.apple.com@example.com/wwdc19/209") == .refused(.otherHost("developer.apple.com@example.com")))
        #expect(SessionLink.pasted("ftp://developer.apple.com/wwdc19/209") == .refused(.otherHost("ftp://developer.apple.com")))
        #expect(SessionLink.pasted("https://developer.apple.com/documentation/swiftui") == .refused(.notASessionPage))
        #expect(SessionLink.pasted("https://developer.apple.com/209") == .refused(.notASessionPage))
        #expect(SessionLink.pasted("https://developer.apple.com/news/?id=hmgl2i3w") == .refused(.notASessionPage))
        #expect(SessionLink.pasted("https://developer.apple.com/wwdc19/+209") == .refused(.notASessionPage))
        #expect(SessionLink.pasted("https://developer.apple.com/wwdc19/1234567890") == .refused(.notASessionPage))
        for time in ["12:34", "-5", "", "1e3", "99999999999", "٣"] {
            #expect(SessionLink.pasted("developer.apple.com/wwdc19/209?time=" + time) == .refused(.time(time)), "\(time)")
        }
        for text in ["wwdc2019-209", "209", "keynote", "a/b testing", "wwdc2026-$(touch x)", "101; touch /tmp/x/pwned #"] {
            #expect(SessionLink.pasted(text) == nil, "\(text)")
        }
    }

    @Test("the page wwdc gives: the videos' path, the event's id and the number, ?time= from the first second")
    func address() throws {
        let link = try #require(SessionLink(eventID: "wwdc2019", number: 209))
        #expect(link.address() == "https://developer.apple.com/videos/play/wwdc2019/209/")
        #expect(link.address(at: 754) == "https://developer.apple.com/videos/play/wwdc2019/209/?time=754")
        #expect(link.address(at: 0) == link.address())
        #expect(SessionLink.pasted(link.address(at: 754)) == .page(path: "videos/play/wwdc2019", number: 209, time: 754))
        #expect(SessionLink(eventID: "tech-talks", number: 206, permalink: "https://developer.apple.com/videos/play/tech-talks/206")?.address()
            == "https://developer.apple.com/videos/play/tech-talks/206/")
    }

    @Test("no page: without a number, an event id that is no path segment, an article's own page")
    func none() {
        #expect(SessionLink(eventID: "wwdc2024", number: nil) == nil)
        for event in ["..", ".", "wwdc/../x", "$(touch x)", "-rf", "", "wwdc 2019", "wwdc2019?time=1"] {
            #expect(SessionLink(eventID: event, number: 209) == nil, "\(event)")
        }
        #expect(SessionLink(eventID: "news", number: 10001, permalink: "https://developer.apple.com/news/?id=o4a51gng") == nil)
        #expect(SessionLink(eventID: "wwdc2017", number: 402, permalink: "https://developer.apple.com/wwdc17/402") != nil)
        #expect(SessionLink(eventID: "wwdc2026", number: 101, permalink: "https://developer.example.com/wwdc26/101") != nil)
    }
}
