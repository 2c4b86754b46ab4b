import ConferenceBackend
import ConferenceData
import ConferenceMedia
import Foundation
import Operations
import TestSupport
import Testing

/// A picture whose feed address is plain http is asked for over https; when that fails, the copy
/// in the cache is the next best source.
@Suite("Pictures: the cached copy when https fails")
struct PictureFallbackTests {
    @Test("a plain http picture that fails over https comes from its cached copy; one with no copy fails naming the https address")
    func cachedCopy() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = ImageCache(folder: folder.path("pictures").path)
        // A name under .invalid is never any host's: the https request fails at once, without the network.
        let cachedURL = URL(string: "http://images.invalid/wwdc/2026/101.png")!
        let missingURL = URL(string: "http://images.invalid/wwdc/2026/102.png")!
        let png = PictureNamingTests.pngHeader(width: 16, height: 9)
        let file = try #require(PictureFile.inspect(png))
        let stored = try cache.store(png, file: file, url: cachedURL.absoluteString, etag: nil, lastModified: nil)

        let fetch = FetchPicturesOperation(pictures: [Picture(id: "wwdc2026-101", owner: "wwdc2026-101", url: cachedURL),
                                                      Picture(id: "wwdc2026-102", owner: "wwdc2026-102", url: missingURL)],
                                           cache: cache, timeout: 5)
        let queue = AdvancedOperationQueue()
        queue.addOperation(fetch)
        queue.waitUntilAllOperationsAreFinished()

        let outcomes = fetch.results.map(\.outcome)
        try #require(outcomes.count == 2)
        guard case .unchanged(let entry) = outcomes[0] else {
            Issue.record("the cached copy was not used: \(outcomes[0])")
            return
        }
        #expect(entry == stored)
        guard case .failed(let error) = outcomes[1] else {
            Issue.record("a picture with no copy did not fail: \(outcomes[1])")
            return
        }
        let upgraded = try #require(error as? UpgradedAddressError, "\(error)")
        #expect(upgraded.address == "https://images.invalid/wwdc/2026/102.png")
    }
}
