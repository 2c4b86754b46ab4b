import Foundation
import TestSupport
import Testing

/// The engine knows no network: what failure passes is its user's to say.
@Suite("Operations knows no network")
struct NoNetworkTests {
    @Test("Operations imports no networking and names no URL error")
    func operations() throws {
        let files = try ProjectPaths.swiftSources(of: "Operations")
        #expect(!files.isEmpty)
        for (name, text) in files {
            for word in ["FoundationNetworking", "URLError", "URLSession", "wwdc", "conference"] {
                #expect(!text.contains(word), "\(name) says '\(word)'")
            }
        }
    }
}
