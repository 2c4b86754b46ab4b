import Foundation
import TestSupport
import Testing

@Suite("Test support: running children")
struct CommandRunnerTests {
    @Test("a child that ends without reading the input it is given: the test process goes on (no SIGPIPE)")
    func inputNeverRead() async throws {
        // More than a pipe holds: the writer is still writing when the child ends.
        let input = String(repeating: "x", count: 1_000_000)
        let result = try await onThread { try CommandRunner.run(URL(fileURLWithPath: "/bin/true"), [], stdin: input) }
        #expect(result.status == 0 && !result.signalled)
    }
}
