import JSON
import Foundation
import Operations

/// A Model Context Protocol server on the stdio transport: JSON-RPC 2.0 messages, one per line.
///
/// `initialize`, `ping` and notifications are answered as they are read; every other request is an
/// operation on the server's queue, answered when it finishes, so a slow one can be cancelled
/// (`notifications/cancelled`: it stops at its next check and is never answered) while others are
/// served. At most ``defaultRequestLimit`` requests wait or run at once: one more is answered at
/// once with an error saying the server is busy, so a client sending without waiting cannot make
/// the queue grow without bound. At the end of the input the server waits for the requests under
/// way, then returns.
public final class MCPServer: Sendable {
    /// Who the server is, for `initialize`.
    public struct Identity: Sendable {
        public var name: String
        public var title: String
        public var version: String
        /// Text for the assistant: what the server is for.
        public var instructions: String?

        public init(name: String, title: String, version: String, instructions: String? = nil) {
            self.name = name
            self.title = title
            self.version = version
            self.instructions = instructions
        }
    }

    /// The protocol versions served, newest first: a client asking for another is offered the first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]
    /// The longest message read, in bytes; a longer line is refused, unread.
    public static let defaultLineLimit = 4 << 20
    /// The largest tool result or resource read sent, in bytes as encoded.
    public static let defaultResultLimit = 256 << 10
    /// The most requests waiting or under way at once.
    public static let defaultRequestLimit = 256

    private let identity: Identity
    private let tools: [Tool]
    private let withheldTools: [String: String]
    private let resources: (any ResourceProvider)?
    private let describe: @Sendable (any Error) -> String
    private let diagnostic: @Sendable (String) -> Void
    private let lineLimit: Int
    private let resultLimit: Int
    private let requestLimit: Int
    private let queue = AdvancedOperationQueue()
    private let state = Locked(State())

    private struct State {
        var initialized = false
        var inFlight: [JSONValue: AdvancedOperation] = [:]
        /// Requests on the queue, waiting or under way.
        var queued = 0
    }

    /// A server of `tools` and `resources`. A tool's or a read's failure that is not an
    /// ``RPCError`` is told to the client in the words `describe` gives it; `diagnostic` hears
    /// what only a person reading the server's log needs (stderr). A tool's result or a read over
    /// `resultLimit` bytes is never sent: the client gets a failure saying how to ask for less.
    /// `withheldTools` are tools not offered, by name, with why: a call of one gets that reason as
    /// its failure, rather than "unknown tool". Past `requestLimit` requests waiting or under way,
    /// the next is refused as busy.
    public init(identity: Identity, tools: [Tool], withheldTools: [String: String] = [:], resources: (any ResourceProvider)? = nil,
                lineLimit: Int = MCPServer.defaultLineLimit, resultLimit: Int = MCPServer.defaultResultLimit,
                concurrentRequests: Int = 4, requestLimit: Int = MCPServer.defaultRequestLimit,
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" },
                diagnostic: @escaping @Sendable (String) -> Void = { _ in }) {
        self.identity = identity
        self.tools = tools
        self.withheldTools = withheldTools
        self.resources = resources
        self.describe = describe
        self.diagnostic = diagnostic
        self.lineLimit = lineLimit
        self.resultLimit = resultLimit
        self.requestLimit = max(requestLimit, 1)
        queue.name = "mcp requests"
        queue.maxConcurrentOperationCount = concurrentRequests
    }

    /// Serves the messages read from `input`, answering on `output`, until the input ends (or the
    /// output is gone); returns once every request under way is answered.
    public func serve(input: Int32, output: Int32) {
        let writer = MessageWriter(descriptor: output)
        var reader = LineReader(descriptor: input, limit: lineLimit)
        while !writer.hasFailed, let line = reader.next() {
            switch line {
            case let .tooLong(bytes):
                diagnostic("refused a message of \(bytes) bytes (at most \(lineLimit))")
                writer.send(Self.error(.invalidRequest("Message too long: \(bytes) bytes, at most \(lineLimit)"), id: .null))
            case let .line(data, terminated):
                if !terminated { diagnostic("the input ended without a newline after its last message") }
                guard data.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
                handle(data, writer: writer)
            }
        }
        let done = DispatchSemaphore(value: 0)
        queue.whenIdle { done.signal() }
        done.wait()
    }

    // MARK: Dispatch

    private func handle(_ data: Data, writer: MessageWriter) {
        let message: JSONValue
        do {
            message = try JSONValue.parse(data, limits: JSONValue.Limits(maximumBytes: lineLimit))
        } catch {
            writer.send(Self.error(.parseError("Parse error: the message is not JSON"), id: .null))
            return
        }
        if case .array = message {
            writer.send(Self.error(.invalidRequest("Invalid Request: batches are not supported; send one message per line"), id: .null))
            return
        }
        guard let members = message.objectValue else {
            writer.send(Self.error(.invalidRequest("Invalid Request: a message is a JSON object"), id: .null))
            return
        }
        let id = members["id"]
        let validID: JSONValue? = switch id {
        case .string?, .int?: id
        default: nil
        }
        guard members["jsonrpc"] == "2.0" else {
            writer.send(Self.error(.invalidRequest("Invalid Request: \"jsonrpc\" must be \"2.0\""), id: validID ?? .null))
            return
        }
        guard let method = members["method"]?.stringValue else {
            if members["result"] != nil || members["error"] != nil {
                diagnostic("ignored a response: this server sends no requests")
            } else {
                writer.send(Self.error(.invalidRequest("Invalid Request: no \"method\""), id: validID ?? .null))
            }
            return
        }
        guard id != nil else {
            notification(method, params: members["params"])
            return
        }
        guard let id = validID else {
            writer.send(Self.error(.invalidRequest("Invalid Request: an id is a string or an integer"), id: .null))
            return
        }
        let params = members["params"] ?? .object([:])
        guard let params = params.objectValue else {
            writer.send(Self.error(.invalidParams("Invalid params: \"params\" must be an object"), id: id))
            return
        }
        request(method, params: params, id: id, writer: writer)
    }

    private func notification(_ method: String, params: JSONValue?) {
        switch method {
        case "notifications/cancelled":
            guard let id = params?["requestId"] else { return }
            let operation = state.withLock { $0.inFlight[id] }
            operation?.cancel()
        default:
            break
        }
    }

    private func request(_ method: String, params: [String: JSONValue], id: JSONValue, writer: MessageWriter) {
        switch method {
        case "initialize":
            writer.send(answer(id: id) { try initialize(params) })
            return
        case "ping":
            writer.send(Self.result([:], id: id))
            return
        default:
            break
        }
        guard state.withLock({ $0.initialized }) else {
            writer.send(Self.error(.invalidRequest("Not initialized: send \"initialize\" first"), id: id))
            return
        }
        let work: @Sendable (RequestContext) throws -> JSONValue
        switch method {
        case "tools/list": work = { _ in try self.listTools(params) }
        case "tools/call": work = { context in try self.callTool(params, context: context) }
        case "resources/list": work = { context in try self.listResources(params, context: context) }
        case "resources/templates/list": work = { _ in try self.listTemplates(params) }
        case "resources/read": work = { context in try self.readResource(params, context: context) }
        default:
            writer.send(Self.error(.methodNotFound(method), id: id))
            return
        }
        let operation = RequestOperation(method: method) { [self] operation in
            let response = answer(id: id) { try bounded(method, work(RequestContext(operation: operation))) }
            if !operation.isCancelled { writer.send(response) }
        }
        // By identity, not the operation itself, which would keep its observer and so itself alive.
        let key = ObjectIdentifier(operation)
        operation.addObserver(RequestFinished { [state] in
            state.withLock {
                $0.queued -= 1
                if $0.inFlight[id].map(ObjectIdentifier.init) == key { $0.inFlight.removeValue(forKey: id) }
            }
        })
        let admitted = state.withLock { state in
            guard state.queued < requestLimit else { return false }
            state.queued += 1
            state.inFlight[id] = operation
            return true
        }
        guard admitted else {
            diagnostic("refused a request: \(requestLimit) are waiting or under way")
            writer.send(Self.error(.busy(requests: requestLimit), id: id))
            return
        }
        do {
            try queue.add(operation)
        } catch {
            state.withLock {
                $0.queued -= 1
                if $0.inFlight[id].map(ObjectIdentifier.init) == key { $0.inFlight.removeValue(forKey: id) }
            }
            writer.send(Self.error(.internalError("Internal error: \(error)"), id: id))
        }
    }

    /// The response to request `id`: `body`'s result, or its error.
    private func answer(id: JSONValue, _ body: () throws -> JSONValue) -> JSONValue {
        do {
            return Self.result(try body(), id: id)
        } catch let error as RPCError {
            return Self.error(error, id: id)
        } catch {
            diagnostic("internal error: \(error)")
            return Self.error(.internalError("Internal error: " + describe(error)), id: id)
        }
    }

    /// `result`, or in its place a failure when it is too large to send: whatever a tool or a
    /// provider hands back, no answer grows without bound.
    private func bounded(_ method: String, _ result: JSONValue) throws -> JSONValue {
        guard method == "tools/call" || method == "resources/read" else { return result }
        let size = result.serialized.utf8.count
        guard size > resultLimit else { return result }
        diagnostic("refused to send a result of \(size) bytes (at most \(resultLimit)) for \(method)")
        let message = "The result is \(Self.kilobytes(size)) KB, over the \(Self.kilobytes(resultLimit)) KB limit: "
            + "ask for fewer items with limit, or a part with offset."
        guard method == "tools/call" else { throw RPCError.internalError(message) }
        return ToolResult.error(message).json
    }

    private static func kilobytes(_ bytes: Int) -> Int { (bytes + 1023) / 1024 }

    static func result(_ result: JSONValue, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(_ error: RPCError, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    // MARK: Methods

    private func initialize(_ params: [String: JSONValue]) throws -> JSONValue {
        guard let asked = params["protocolVersion"]?.stringValue else {
            throw RPCError.invalidParams("Invalid params: \"protocolVersion\" must be a string")
        }
        let version = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        state.withLock { $0.initialized = true }
        var capabilities: [String: JSONValue] = ["tools": ["listChanged": false]]
        if resources != nil { capabilities["resources"] = ["listChanged": false] }
        var result: [String: JSONValue] = [
            "protocolVersion": .string(version), "capabilities": .object(capabilities),
            "serverInfo": ["name": .string(identity.name), "title": .string(identity.title), "version": .string(identity.version)],
        ]
        if let instructions = identity.instructions { result["instructions"] = .string(instructions) }
        return .object(result)
    }

    private static let toolsPage = 50

    private func listTools(_ params: [String: JSONValue]) throws -> JSONValue {
        let offset = try PageCursor.offset(try cursor(params), list: "tools")
        let page = tools.dropFirst(offset).prefix(Self.toolsPage)
        var result: [String: JSONValue] = ["tools": .array(page.map(\.listing))]
        if offset + page.count < tools.count {
            result["nextCursor"] = .string(PageCursor(list: "tools", position: String(offset + page.count)).text)
        }
        return .object(result)
    }

    private func callTool(_ params: [String: JSONValue], context: RequestContext) throws -> JSONValue {
        guard let name = params["name"]?.stringValue else { throw RPCError.invalidParams("Invalid params: \"name\" must be a string") }
        guard let tool = tools.first(where: { $0.name == name }) else {
            if let reason = withheldTools[name] { return ToolResult.error(reason).json }
            throw RPCError.invalidParams("Unknown tool: \(name)")
        }
        let given = params["arguments"] ?? .object([:])
        guard let values = given.objectValue else { throw RPCError.invalidParams("Invalid params: \"arguments\" must be an object") }
        let arguments = ToolArguments(values)
        if let problem = arguments.problem(against: tool.inputSchema) {
            return ToolResult.error("Invalid arguments for \(name): \(problem).").json
        }
        do {
            let result = try tool.handler(arguments, context)
            // A client checks a declared output schema against every result not marked an error.
            if tool.outputSchema != nil, !result.isError, result.structured == nil {
                diagnostic("the tool \(name) gave no structured content, though it declares an output schema")
                return ToolResult.error("Internal error: \(name) gave no structured result.").json
            }
            return result.json
        } catch let error as RPCError {
            throw error
        } catch is CancellationError {
            return ToolResult.error("Cancelled.").json
        } catch {
            return ToolResult.error(describe(error)).json
        }
    }

    private func listResources(_ params: [String: JSONValue], context: RequestContext) throws -> JSONValue {
        let cursor = try cursor(params)
        guard let resources else {
            _ = try PageCursor.offset(cursor, list: "resources")
            return ["resources": []]
        }
        let page = try resources.list(cursor: cursor, context: context)
        var result: [String: JSONValue] = ["resources": .array(page.resources.map(\.json))]
        if let next = page.nextCursor { result["nextCursor"] = .string(next) }
        return .object(result)
    }

    private func listTemplates(_ params: [String: JSONValue]) throws -> JSONValue {
        let templates = resources?.templates ?? []
        let offset = try PageCursor.offset(try cursor(params), list: "templates")
        return ["resourceTemplates": .array(templates.dropFirst(offset).map(\.json))]
    }

    private func readResource(_ params: [String: JSONValue], context: RequestContext) throws -> JSONValue {
        guard let uri = params["uri"]?.stringValue else { throw RPCError.invalidParams("Invalid params: \"uri\" must be a string") }
        guard let resources else { throw RPCError.resourceNotFound(uri) }
        do {
            return ["contents": [try resources.read(uri: uri, context: context).json]]
        } catch let error as RPCError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw RPCError.internalError(describe(error))
        }
    }

    private func cursor(_ params: [String: JSONValue]) throws -> String? {
        switch params["cursor"] {
        case nil, .null?: return nil
        case let .string(text)?: return text
        default: throw RPCError.invalidParams("Invalid params: \"cursor\" must be a string")
        }
    }
}

/// One request's work, on the server's queue.
final class RequestOperation: AdvancedOperation, @unchecked Sendable {
    private let work: @Sendable (RequestOperation) -> Void

    init(method: String, work: @escaping @Sendable (RequestOperation) -> Void) {
        self.work = work
        super.init()
        name = method
    }

    override func execute() {
        work(self)
        finish()
    }
}

/// Forgets a request once it has finished (or was cancelled before it started).
private struct RequestFinished: OperationObserver {
    let forget: @Sendable () -> Void

    func operationDidFinish(_ operation: AdvancedOperation, errors: [any Error]) {
        forget()
    }
}
