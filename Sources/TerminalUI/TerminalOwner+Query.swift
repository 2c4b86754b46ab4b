#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

extension TerminalOwner {
    /// What a query to the terminal brought back.
    public struct QueryAnswer: Sendable, Equatable {
        /// Every byte the terminal sent while the query was open.
        public var bytes: [UInt8]
        /// Whether `isComplete` accepted them before the time limit.
        public var isComplete: Bool
        /// Whether Ctrl-C was typed meanwhile (raw mode receives it as a byte), which ended the query.
        public var wasInterrupted = false
    }

    /// Sends `request` to the terminal and reads its answer in raw mode until `isComplete` accepts
    /// what arrived, or `limit` passes (a safety net for a terminal that answers nothing, not a
    /// way to end a read that is expected to end on an answer).
    ///
    /// Input pending when the query ends (keys typed meanwhile, an answer after the last one waited
    /// for) is discarded before the terminal leaves raw mode, so none of it reaches the shell
    /// later. Ctrl-C typed meanwhile ends the query (``QueryAnswer/wasInterrupted``). Nil when
    /// there is no terminal to ask: input or output not a terminal, or not the same one.
    public func query(_ request: String, limit: Duration, isComplete: ([UInt8]) -> Bool) -> QueryAnswer? {
        perform { context -> QueryAnswer? in
            let terminal = context.terminal
            guard let fd = terminal.inputFD, terminal.isOutputTerminal, Self.sameDevice(fd, terminal.outputFD) else { return nil }
            context.flush()
            guard (try? terminal.enterRawMode()) != nil else { return nil }
            defer {
                // Before the echo comes back: what came after the answer is dropped, not typed.
                tcflush(fd, TCIFLUSH)
                terminal.leaveRawMode()
            }
            terminal.writeAll(Array(request.utf8))
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit.components.seconds) * 1_000_000_000
                + UInt64(limit.components.attoseconds / 1_000_000_000)
            var answer = QueryAnswer(bytes: [], isComplete: false)
            var buffer = [UInt8](repeating: 0, count: 256)
            while !answer.isComplete {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { break }
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }
                answer.bytes += buffer[0..<count]
                if buffer[0..<count].contains(0x03) {
                    answer.wasInterrupted = true
                    break
                }
                answer.isComplete = isComplete(answer.bytes)
            }
            return answer
        }
    }

    /// Whether two descriptors are the same terminal device.
    static func sameDevice(_ first: Int32, _ second: Int32) -> Bool {
        var a = stat(), b = stat()
        guard fstat(first, &a) == 0, fstat(second, &b) == 0 else { return false }
        return a.st_rdev == b.st_rdev
    }
}
