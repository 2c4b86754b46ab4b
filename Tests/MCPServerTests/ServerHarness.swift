import JSON
import Foundation
@testable import MCPServer
import Operations

/// A server run in this process on two pipes: lines written to its input, messages read from its output.
final class ServerHarness: @unchecked Sendable {
    let input = Pipe()
    let output = Pipe()
    private var reader: LineReader
    private let finished = DispatchSemaphore(value: 0)

    init(tools: [Tool] = ServerHarness.tools, withheldTools: [String: String] = [:], resources: (any ResourceProvider)? = nil,
         lineLimit: Int = MCPServer.defaultLineLimit, concurrentRequests: Int = 4, requestLimit: Int = MCPServer.defaultRequestLimit) {
        reader = LineReader(descriptor: output.fileHandleForReading.fileDescriptor, limit: 64 << 20)
        let server = MCPServer(identity: .init(name: "test", title: "Test", version: "1.0"), tools: tools, withheldTools: withheldTools,
                               resources: resources, lineLimit: lineLimit, concurrentRequests: concurrentRequests, requestLimit: requestLimit)
        let thread = Thread { [input, output, finished] in
            server.serve(input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor)
            try? output.fileHandleForWriting.close()
            finished.signal()
        }
        thread.start()
    }

    /// Writes `text` as it is (add the newline).
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    func send(_ message: JSONValue) {
        write(message.serialized + "\n")
    }

    /// The next message the server wrote; nil once its output has ended.
    func receive() -> JSONValue? {
        guard case let .line(data, _)? = reader.next() else { return nil }
        return try? JSONValue.parse(data)
    }

    /// Sends request `id` and returns the next message.
    func request(_ id: Int64, _ method: String, _ params: JSONValue? = nil) -> JSONValue? {
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
        return receive()
    }

    func initialize(version: String = "2025-11-25") -> JSONValue? {
        request(0, "initialize", ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]])
    }

    /// Ends the input and returns every message written after, once the server has returned.
    func close() -> [JSONValue] {
        try? input.fileHandleForWriting.close()
        var rest: [JSONValue] = []
        while let message = receive() { rest.append(message) }
        finished.wait()
        return rest
    }

    /// A tool that echoes its arguments, and one that waits for the test.
    static let tools: [Tool] = [
        Tool(name: "echo", title: "Echo", description: "Echoes its text.",
             inputSchema: Tool.schema(["text": ["type": "string"], "count": ["type": "integer", "minimum": 1, "maximum": 3]], required: ["text"]),
             outputSchema: ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]]) { arguments, _ in
            .json(["text": .string(arguments.string("text") ?? "")])
        },
        Tool(name: "prose", title: "Prose", description: "Answers in text alone, though it declares structured results.",
             inputSchema: Tool.schema(), outputSchema: ["type": "object"]) { _, _ in
            ToolResult(text: "just words")
        },
        Tool(name: "fail", title: "Fail", description: "Fails.", inputSchema: Tool.schema()) { _, _ in
            throw CocoaError(.fileNoSuchFile)
        },
    ]
}

/// A tool that tells the test it has started, waits until the test lets it go, then answers.
final class HeldTool: @unchecked Sendable {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let sawCancel = Locked<Bool?>(nil)

    var tool: Tool {
        Tool(name: "held", title: "Held", description: "Waits.", inputSchema: Tool.schema()) { [self] _, context in
            started.signal()
            release.wait()
            sawCancel.withLock { $0 = context.isCancelled }
            try context.checkCancellation()
            return .json(["done": true])
        }
    }
}
