#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineKit
@testable import ConferenceMedia
import ConferenceModel
import Foundation
import JSON
@testable import MCPServer
@testable import PersonalSync
import TestSupport
import Testing

/// Every JSON wwdc writes escapes a string one way: a journal line, an MCP message, a command to
/// mpv and `--json` write the same hostile text the same.
@Suite("JSON: one escaping on every surface")
struct JSONSurfacesTests {
    /// Quotes, a backslash, a slash, line breaks, controls (a terminal's escape among them), DEL,
    /// JavaScript's line separators, and characters that are left as they are.
    static let hostile = "\"\\/\n\r\t\u{0}\u{8}\u{C}\u{1B}[31m\u{7F}\u{2028}\u{2029}é😀\u{85}"
    static let escaped = #""\"\\/\n\r\t\u0000\u0008\u000c\u001b[31m\u007f\u2028\u2029é😀"# + "\u{85}\""

    @Test("a journal line, an MCP message, an mpv command and --json: the same escaping")
    func sameEverywhere() throws {
        let change = PersonalChange(kind: .note, key: "wwdc2026-101", value: Self.hostile, version: 0,
                                    changedAt: Date(timeIntervalSince1970: 1_780_000_000), clock: "000001780000000000-000000-m")
        let line = JournalLine.encode(change)
        #expect(line == #"{"at":1780000000,"clock":"000001780000000000-000000-m","key":"wwdc2026-101","kind":"note","value":"# + Self.escaped + "}\n")

        #expect(try Self.message(["text": .string(Self.hostile)]) == #"{"text":"# + Self.escaped + "}\n")
        #expect(try Self.mpvCommand(["show-text", .string(Self.hostile)]) == #"{"command":["show-text","# + Self.escaped + "]}\n")
        #expect(try JSONOutput.encode(["text": Self.hostile]) == "{\n  \"text\" : " + Self.escaped + "\n}")
        #expect(try JSONOutput.encode(JSONValue.object(["text": .string(Self.hostile)])) == "{\n  \"text\" : " + Self.escaped + "\n}",
                "a JSON value given to --json")
        // And each reads back as it was.
        #expect(JournalLine.read(Data(line.utf8)).changes.map(\.value) == [Self.hostile])
        #expect(try JSONValue.parse("[" + Self.escaped + "]") == [.string(Self.hostile)])
    }

    /// What the MCP server writes for `message`.
    static func message(_ message: JSONValue) throws -> String {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        defer { close(ends[0]) }
        #expect(MessageWriter(descriptor: ends[1]).send(message))
        close(ends[1])
        return String(decoding: try FileHandle(fileDescriptor: ends[0]).readToEnd() ?? Data(), as: UTF8.self)
    }

    /// What wwdc sends mpv for `command`, read from the socket it connects to.
    static func mpvCommand(_ command: [JSONValue]) throws -> String {
        let directory = try TemporaryDirectory("wwdc-mpv-command")
        defer { directory.remove() }
        let path = directory.path("mpv.sock").path
        let listener = try UnixSocket.listening(at: path)
        defer { close(listener) }
        // The connection completes in the backlog; the command, small, waits in the socket's buffer.
        do {
            let connection = try #require(MPVConnection.connect(path))
            #expect(connection.send(command))
        }
        let accepted = accept(listener, nil, nil)
        defer { close(accepted) }
        return String(decoding: try FileHandle(fileDescriptor: accepted).readToEnd() ?? Data(), as: UTF8.self)
    }
}
