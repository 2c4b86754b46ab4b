import Foundation
import Operations
import TestSupport
import Testing

@Suite("Test support: programs a test writes")
struct ExecutableTests {
    @Test("a program written for a test runs at once, while other threads start processes all the time (never 'text file busy')")
    func runsAtOnceAmidSpawns() throws {
        let directory = try TemporaryDirectory("wwdc-executable")
        defer { directory.remove() }
        let stop = Locked(false)
        let stopped = DispatchGroup()
        for _ in 0..<3 {
            stopped.enter()
            Thread.detachNewThread {
                while !stop.withLock({ $0 }) { _ = try? CommandRunner.run(URL(fileURLWithPath: "/bin/true"), []) }
                stopped.leave()
            }
        }
        var failures: [String] = []
        for index in 0..<100 {
            let url = directory.path("program-\(index)")
            try Executable.write("#!/bin/sh\necho ran \(index)\n", to: url)
            do {
                let result = try CommandRunner.run(url, [])
                if result.stdout != "ran \(index)\n" { failures.append("\(index): \(result.status) \(result.stderr)") }
            } catch {
                failures.append("\(index): \(error)")
            }
        }
        stop.withLock { $0 = true }
        stopped.wait()
        #expect(failures.isEmpty, "\(failures)")
    }
}
