import Foundation
import TestSupport
import Testing

/// The engine knows no network: what failure passes is its user's to say.
@Suite("Operations knows no network")
struct NoNetworkTests {
    @Test("Operations imports no networking, names no URL error and no program")
    func operations() throws {
        #expect(try ProjectPaths.sources(of: "Operations", saying: ["FoundationNetworking", "URLError", "URLSession", "wwdc", "conference"]) == [])
    }
}
