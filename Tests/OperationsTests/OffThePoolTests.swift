import Foundation
import TestTraits
import Testing

@Suite("Test support: suites off the cooperative pool", .offThePool)
struct OffThePoolTests {
    @Test("a synchronous test of such a suite runs on a thread of its own, so blocking holds no pool thread")
    func synchronousTest() {
        #expect(OffThePool.isOnThreadOfItsOwn)
    }

    @Test("an async test of such a suite too, after an await as before it")
    func asyncTest() async {
        #expect(OffThePool.isOnThreadOfItsOwn)
        await Task.yield()
        #expect(OffThePool.isOnThreadOfItsOwn)
    }
}

@Suite("Test support: suites on the cooperative pool")
struct OnThePoolTests {
    @Test("without the trait a test runs on the pool")
    func plain() {
        #expect(!OffThePool.isOnThreadOfItsOwn)
    }
}
