import ConferenceKit
import Foundation
import Testing

/// The named source `apple` resolves to the public
/// feeds' documented URL, and `WWDC_APPLE_SOURCE` overrides it (the end-to-end sync through that
/// override is in wwdcTests' LanguageAndSourceTests).
@Suite("the named source apple")
struct AppleSourceTests {
    @Test("`apple` is the documented URL of Apple's public feeds")
    func documentedURL() throws {
        #expect(ConferenceSource.appleURL.absoluteString == "https://api2024.wwdc.io/")
        #expect(try ConferenceSource(argument: "apple", environment: [:]) == .server(ConferenceSource.appleURL))
        #expect(try ConferenceSource(argument: "apple", environment: [:]).configURL.absoluteString == "https://api2024.wwdc.io/config.json")
    }

    @Test("WWDC_APPLE_SOURCE overrides it")
    func override() throws {
        let local = try ConferenceSource(argument: "apple", environment: ["WWDC_APPLE_SOURCE": "http://127.0.0.1:8123/feeds/"])
        #expect(local == .server(URL(string: "http://127.0.0.1:8123/feeds/")!))
    }
}
