#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ConferenceMedia
import Foundation
import JSON
import TestSupport
import Testing

/// The reader of mpv's JSON IPC against a socket that sends what a broken or hostile player might:
/// a huge line without a newline, in pieces. Each byte is looked at once (the work grows with what
/// was sent, not with its square), the line is skipped, and what follows it is read.
@Suite("watch: mpv's IPC lines")
struct MPVConnectionTests {
    /// A socket in a new folder that answers one connection with `pieces`, then closes it.
    final class Player: @unchecked Sendable {
        // @unchecked Sendable: the descriptors are set up before the sending thread starts.
        let directory: TemporaryDirectory
        let path: String
        private let listener: Int32

        init() throws {
            directory = try TemporaryDirectory("wwdc-mpv-ipc")
            path = directory.path("mpv.sock").path
            listener = try UnixSocket.listening(at: path)
        }

        /// Accepts one connection on a thread of its own and writes `pieces` to it, one write each.
        func send(_ pieces: [[UInt8]]) {
            let listener = listener
            Thread.detachNewThread {
                let connection = accept(listener, nil, nil)
                for piece in pieces {
                    var offset = 0
                    while offset < piece.count {
                        let written = piece[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                        if written < 0 && errno == EINTR { continue }
                        guard written > 0 else { break }
                        offset += written
                    }
                }
                close(connection)
                close(listener)
            }
        }
    }

    @Test("16 MB without a newline, in pieces of 64 KB: each byte scanned once, the line skipped, the next message read")
    func hugeLine() throws {
        let player = try Player()
        defer { player.directory.remove() }
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
        let count = 256
        let event = Array(#"{"event":"end-file","reason":"eof"}"#.utf8) + [UInt8(ascii: "\n")]
        player.send(Array(repeating: piece, count: count) + [[UInt8(ascii: "\n")] + event])
        let connection = try #require(MPVConnection.connect(player.path))
        let message = try #require(connection.next())
        #expect(message["event"]?.stringValue == "end-file" && message["reason"]?.stringValue == "eof", "\(message)")
        #expect(connection.next() == nil, "the socket closed")
        let sent = count * piece.count + 1 + event.count
        #expect(connection.bytesScanned <= sent, "scanned \(connection.bytesScanned) bytes of \(sent) sent")
    }

    @Test("many short lines in one piece: each read, each byte scanned once")
    func manyLines() throws {
        let player = try Player()
        defer { player.directory.remove() }
        let line = Array(#"{"event":"property-change","id":1,"name":"time-pos","data":1.5}"#.utf8) + [UInt8(ascii: "\n")]
        let lines = 20_000
        player.send([Array(Array(repeating: line, count: lines).joined())])
        let connection = try #require(MPVConnection.connect(player.path))
        var read = 0
        while let message = connection.next() {
            #expect(message["name"]?.stringValue == "time-pos")
            read += 1
        }
        #expect(read == lines)
        #expect(connection.bytesScanned <= lines * line.count, "scanned \(connection.bytesScanned) bytes of \(lines * line.count)")
    }
}
