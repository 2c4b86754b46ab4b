import ConferenceBackend
import Foundation
import TestTraits
import Testing

/// The named source `apple` resolves to the public feeds' documented URL, and an address given for it
/// overrides it (wwdc gives `WWDC_APPLE_SOURCE`: the end-to-end sync through that override is in
/// wwdcTests' LanguageAndSourceTests).
@Suite("the named source apple", .offThePool)
struct AppleSourceTests {
    @Test("`apple` is the documented URL of Apple's public feeds")
    func documentedURL() throws {
        #expect(ConferenceSource.appleURL.absoluteString == "https://api2024.wwdc.io/")
        #expect(try ConferenceSource(argument: "apple") == .server(ConferenceSource.appleURL))
        #expect(try ConferenceSource(argument: "apple").configURL.absoluteString == "https://api2024.wwdc.io/config.json")
    }

    @Test("an address given for it overrides it")
    func override() throws {
        let local = try ConferenceSource(argument: "apple", apple: "http://127.0.0.1:8123/feeds/")
        #expect(local == .server(URL(string: "http://127.0.0.1:8123/feeds/")!))
    }
}
