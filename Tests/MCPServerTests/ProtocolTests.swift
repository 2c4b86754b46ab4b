import JSON
import Foundation
@testable import MCPServer
import Testing
import TestTraits

/// The JSON-RPC and MCP rules the server keeps, line by line, with a server in this process.
@Suite(.offThePool)
struct ProtocolTests {
    @Test func negotiatesTheVersionAskedForWhenItKnowsIt() {
        let server = ServerHarness()
        #expect(server.initialize(version: "2025-06-18")?["result"]?["protocolVersion"] == "2025-06-18")
        #expect(server.initialize(version: "2025-11-25")?["result"]?["protocolVersion"] == "2025-11-25")
        let newer = server.initialize(version: "2099-01-01")
        #expect(newer?["result"]?["protocolVersion"] == "2025-11-25")
        #expect(newer?["result"]?["serverInfo"]?["name"] == "test")
        #expect(newer?["result"]?["capabilities"]?["tools"] != nil)
        #expect(server.request(1, "initialize", ["protocolVersion": 5])?["error"]?["code"] == -32602)
        #expect(server.close().isEmpty)
    }

    @Test func aRequestBeforeInitializeIsRefusedAndTheServerGoesOn() {
        let server = ServerHarness()
        let early = server.request(1, "tools/list")
        #expect(early?["error"]?["code"] == -32600)
        #expect(early?["id"] == 1)
        #expect(server.request(2, "ping")?["result"] == [:])
        #expect(server.initialize()?["result"] != nil)
        #expect(server.request(3, "tools/list")?["result"]?["tools"]?.arrayValue?.count == 3)
        _ = server.close()
    }

    @Test func malformedJSONIsAParseErrorAndTheServerStaysUp() {
        let server = ServerHarness()
        _ = server.initialize()
        for line in ["{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", "not json", "{\"a\":1}}", "\u{FEFF}\u{0}"] {
            server.write(line + "\n")
            let answer = server.receive()
            #expect(answer?["error"]?["code"] == -32700, "\(line)")
            #expect(answer?["id"] == .null)
        }
        #expect(server.request(9, "ping")?["id"] == 9)
        _ = server.close()
    }

    @Test func aBatchIsRefusedAsOneInvalidRequest() {
        let server = ServerHarness()
        _ = server.initialize()
        server.write(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"# + "\n")
        let answer = server.receive()
        #expect(answer?["error"]?["code"] == -32600)
        #expect(answer?["id"] == .null)
        #expect(server.request(3, "ping")?["id"] == 3)
        _ = server.close()
    }

    @Test func messagesThatAreNotRequestsAreInvalid() {
        let server = ServerHarness()
        _ = server.initialize()
        let cases: [(String, JSONValue)] = [
            (#"{"id":1,"method":"ping"}"#, 1),                          // no jsonrpc
            (#"{"jsonrpc":"1.0","id":2,"method":"ping"}"#, 2),
            (#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#, .null), // an id that is neither string nor integer
            (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, .null),
            (#"{"jsonrpc":"2.0","id":3}"#, 3),                          // no method
            (#""just a string""#, .null),
        ]
        for (line, id) in cases {
            server.write(line + "\n")
            let answer = server.receive()
            #expect(answer?["error"]?["code"] == -32600, "\(line)")
            #expect(answer?["id"] == id, "\(line)")
        }
        #expect(server.request(4, "ping")?["id"] == 4)
        _ = server.close()
    }

    @Test func anUnknownMethodIsMethodNotFound() {
        let server = ServerHarness()
        _ = server.initialize()
        #expect(server.request(1, "server/discover")?["error"]?["code"] == -32601)
        #expect(server.request(2, "no/such/method")?["error"]?["code"] == -32601)
        server.send(["jsonrpc": "2.0", "id": "text-id", "method": "ping"])
        #expect(server.receive()?["id"] == "text-id")
        _ = server.close()
    }

    @Test func invalidParamsAreRefusedAndToolInputErrorsAreToolResults() {
        let server = ServerHarness()
        _ = server.initialize()
        server.write(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1,2]}"# + "\n")
        #expect(server.receive()?["error"]?["code"] == -32602)
        #expect(server.request(2, "tools/call", ["name": "nope"])?["error"]?["code"] == -32602)
        #expect(server.request(3, "tools/call", ["name": "echo", "arguments": "x"])?["error"]?["code"] == -32602)
        #expect(server.request(4, "tools/list", ["cursor": "made-up"])?["error"]?["code"] == -32602)
        #expect(server.request(5, "resources/read", [:])?["error"]?["code"] == -32602)
        let wrongType = server.request(6, "tools/call", ["name": "echo", "arguments": ["text": 42]])?["result"]
        #expect(wrongType?["isError"] == true)
        #expect(wrongType?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("'text' must be a string") == true)
        let outOfRange = server.request(7, "tools/call", ["name": "echo", "arguments": ["text": "a", "count": 9]])?["result"]
        #expect(outOfRange?["isError"] == true)
        let unknown = server.request(8, "tools/call", ["name": "echo", "arguments": ["text": "a", "colour": "red"]])?["result"]
        #expect(unknown?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("unknown argument 'colour'") == true)
        let failed = server.request(9, "tools/call", ["name": "fail"])?["result"]
        #expect(failed?["isError"] == true)
        let echoed = server.request(10, "tools/call", ["name": "echo", "arguments": ["text": "line\none"]])?["result"]
        #expect(echoed?["structuredContent"]?["text"] == "line\none")
        #expect(echoed?["isError"] == false)
        _ = server.close()
    }

    @Test func toolsListTheirOutputSchemaAndAlwaysGiveTheStructuredResultItDescribes() {
        let server = ServerHarness()
        _ = server.initialize()
        let tools = server.request(1, "tools/list")?["result"]?["tools"]?.arrayValue ?? []
        let echo = tools.first { $0["name"] == "echo" }
        #expect(echo?["outputSchema"]?["required"] == ["text"])
        #expect(tools.first { $0["name"] == "fail" }?["outputSchema"] == nil)
        let echoed = server.request(2, "tools/call", ["name": "echo", "arguments": ["text": "hi"]])?["result"]
        #expect(echoed?["structuredContent"] == ["text": "hi"])
        // A result without the structured content its schema promises would fail the client's check: it is an error instead.
        let prose = server.request(3, "tools/call", ["name": "prose"])?["result"]
        #expect(prose?["isError"] == true)
        #expect(prose?["structuredContent"] == nil)
        #expect(prose?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("no structured result") == true)
        _ = server.close()
    }

    @Test func aNotificationIsNeverAnswered() {
        let server = ServerHarness()
        _ = server.initialize()
        server.write(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"# + "\n")
        server.write(#"{"jsonrpc":"2.0","method":"notifications/unknown","params":{"x":1}}"# + "\n")
        server.write(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}"# + "\n")
        #expect(server.request(1, "ping")?["id"] == 1)
        #expect(server.close().isEmpty)
    }

    @Test func aLineLongerThanTheLimitIsRefusedUnreadAndTheServerGoesOn() {
        let server = ServerHarness()
        _ = server.initialize()
        let writer = Thread { [server] in
            let huge = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":""# +
                String(repeating: "x", count: 10 << 20) + "\"}}}\n"
            server.write(huge)
        }
        writer.start()
        let answer = server.receive()
        #expect(answer?["error"]?["code"] == -32600)
        #expect(answer?["error"]?["message"]?.stringValue?.contains("too long") == true)
        #expect(server.request(2, "ping")?["id"] == 2)
        _ = server.close()
    }

    @Test func theInputEndingInTheMiddleOfAMessageIsAParseErrorThenTheServerEnds() {
        let server = ServerHarness()
        _ = server.initialize()
        server.write(#"{"jsonrpc":"2.0","id":7,"method":"tools/ca"#)
        let rest = server.close()
        #expect(rest.count == 1)
        #expect(rest.first?["error"]?["code"] == -32700)
    }

    @Test func aLastMessageWithoutItsNewlineIsStillAnswered() {
        let server = ServerHarness()
        _ = server.initialize()
        server.write(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)
        let rest = server.close()
        #expect(rest.map { $0["id"] } == [7])
    }

    @Test func aCancelledRequestStopsAndIsNeverAnswered() {
        let held = HeldTool()
        let server = ServerHarness(tools: [held.tool])
        _ = server.initialize()
        server.send(["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": "held"]])
        held.started.wait()
        server.send(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 1, "reason": "test"]])
        // The reader takes lines in order: once the ping is answered, the cancellation has been read.
        #expect(server.request(2, "ping")?["id"] == 2)
        held.release.signal()
        let rest = server.close()
        #expect(held.sawCancel.withLock { $0 } == true)
        #expect(rest.isEmpty, "the cancelled request was answered: \(rest)")
    }

    @Test func requestsInFlightAreAnsweredBeforeTheServerEnds() {
        let held = HeldTool()
        let server = ServerHarness(tools: [held.tool])
        _ = server.initialize()
        server.send(["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": "held"]])
        held.started.wait()
        try? server.input.fileHandleForWriting.close()
        held.release.signal()
        let rest = server.close()
        #expect(rest.map { $0["id"] } == [1])
        #expect(rest.first?["result"]?["structuredContent"]?["done"] == true)
    }

    @Test func requestsPastTheLimitAreRefusedAsBusyAtOnceAndTheQueueTakesMoreOnceOneIsAnswered() {
        let held = HeldTool()
        let server = ServerHarness(tools: [held.tool], concurrentRequests: 1, requestLimit: 3)
        _ = server.initialize()
        /// What the server wrote before it answered ping `id` (which needs no queue).
        func answers(until id: Int64) -> [JSONValue] {
            server.send(["jsonrpc": "2.0", "id": .int(id), "method": "ping"])
            var messages: [JSONValue] = []
            while let message = server.receive(), message["id"] != .int(id) { messages.append(message) }
            return messages
        }
        for id in 1...6 { server.send(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": "tools/call", "params": ["name": "held"]]) }
        held.started.wait()
        // One runs, two wait: the three after are answered at once, while the first is still held.
        let refused = answers(until: 7)
        #expect(refused.map { $0["id"] } == [4, 5, 6])
        #expect(refused.allSatisfy { $0["error"]?["code"] == -32000 }, "\(refused)")
        #expect(refused.first?["error"]?["message"]?.stringValue?.hasPrefix("Server busy: 3 requests are waiting or under way") == true)
        held.release.signal()
        #expect(server.receive()?["id"] == 1)
        // The second has started, so the first has left the queue: room for one more.
        held.started.wait()
        for id in [8, 9] { server.send(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": "tools/call", "params": ["name": "held"]]) }
        #expect(answers(until: 10).map { $0["id"] } == [9], "refused: 2, 3 and 8 are waiting")
        for _ in 0..<8 { held.release.signal() }
        let rest = server.close()
        #expect(rest.map { $0["id"] } == [2, 3, 8])
        #expect(rest.allSatisfy { $0["result"]?["structuredContent"]?["done"] == true }, "\(rest)")
    }

    @Test func aWithheldToolSaysWhyItIsNotOfferedAndAnUnknownOneIsStillUnknown() {
        let server = ServerHarness(withheldTools: ["write": "write changes data: start the server with writes allowed."])
        _ = server.initialize()
        let names = server.request(1, "tools/list")?["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names?.contains("write") == false)
        let withheld = server.request(2, "tools/call", ["name": "write"])
        #expect(withheld?["result"]?["isError"] == true)
        #expect(withheld?["result"]?["content"]?.arrayValue?.first?["text"] == "write changes data: start the server with writes allowed.")
        #expect(server.request(3, "tools/call", ["name": "nope"])?["error"]?["code"] == -32602)
        _ = server.close()
    }
}
