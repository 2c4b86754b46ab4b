import Foundation
import Operations
import TestSupport
import Testing

@Suite("Test support: programs a test writes")
struct ExecutableTests {
    @Test("a program written for a test runs at once while another thread starts processes all the time (never 'text file busy')")
    func runsAtOnceAmidSpawns() async throws {
        let directory = try TemporaryDirectory("wwdc-executable")
        defer { directory.remove() }
        // Off the cooperative pool: every step blocks on a child.
        let failures = try await onThread { () throws -> [String] in
            let stop = Locked(false)
            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                while !stop.withLock({ $0 }) { _ = try? CommandRunner.run(URL(fileURLWithPath: "/bin/true"), []) }
                stopped.signal()
            }
            defer {
                stop.withLock { $0 = true }
                stopped.wait()
            }
            var failures: [String] = []
            for index in 0..<60 {
                let url = directory.path("program-\(index)")
                try Executable.writeBlocking("#!/bin/sh\necho ran \(index)\n", to: url)
                do {
                    let result = try CommandRunner.run(url, [])
                    if result.stdout != "ran \(index)\n" { failures.append("\(index): \(result.status) \(result.stderr)") }
                } catch {
                    failures.append("\(index): \(error)")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
