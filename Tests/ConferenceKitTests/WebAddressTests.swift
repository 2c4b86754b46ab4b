import ConferenceModel
import Foundation
import Testing

/// The one address rule, for media: plain http beyond this machine is asked for over https (same
/// host and path, no request first); everything else about an address is decided as for a source,
/// which keeps refusing plain http.
@Suite("the address rule: media")
struct WebAddressTests {
    @Test("plain http beyond this machine becomes https, port 80 aside; this machine's stays; the rest as the rule says",
          arguments: [
              ("http://devstreaming.example.com/live/hls_mvp.m3u8?x=1", "https://devstreaming.example.com/live/hls_mvp.m3u8?x=1"),
              ("HTTP://Example.com:80/a.jpg", "https://Example.com/a.jpg"),
              ("http://example.com:8080/a.mp4", "https://example.com:8080/a.mp4"),
              ("https://example.com/a.mp4", "https://example.com/a.mp4"),
              ("http://127.0.0.1:9/a.mp4", "http://127.0.0.1:9/a.mp4"),
              ("http://localhost/a.mp4", "http://localhost/a.mp4"),
              ("http://[::1]:9/a.mp4", "http://[::1]:9/a.mp4"),
          ])
    func upgraded(address: String, expected: String) throws {
        #expect(try WebAddress.media(address).get().absoluteString == expected)
    }

    @Test("refused even over https: a password, another scheme, an option, an IPv4 address in IPv6 form")
    func refused() {
        #expect(WebAddress.media("http://ada:secret@example.com/a.mp4") == .failure(.credentials))
        #expect(WebAddress.media("ftp://example.com/a.mp4") == .failure(.notWeb))
        #expect(WebAddress.media("--script=/tmp/x.lua") == .failure(.notWeb))
        #expect(WebAddress.media("javascript:alert(1)") == .failure(.notWeb))
        #expect(WebAddress.media("http://[::ffff:10.0.0.1]/a.mp4") == .failure(.mappedIPv4(host: "::ffff:10.0.0.1", ipv4: "10.0.0.1")))
    }

    @Test("what is not media keeps refusing plain http beyond this machine")
    func notMedia() {
        #expect(WebAddress.refusal(for: "http://example.com/config.json") == .plainHTTP(host: "example.com"))
        #expect(!WebAddress.allows("http://example.com/"))
    }
}
