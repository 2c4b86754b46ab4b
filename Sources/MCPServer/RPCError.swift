import JSON

/// A JSON-RPC error answer: the request could not be taken, or its parameters were wrong.
///
/// A tool that fails does not throw one: it answers with a result marked as an error, which the
/// assistant reads (see ``ToolResult``).
public struct RPCError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The line is not JSON.
    public static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// JSON, but not a request this server takes.
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "Method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    public static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message: message) }
    /// `requests` are waiting or under way already, the most the server keeps: a server error
    /// (JSON-RPC leaves -32000 to -32099 to servers); the client sends it again later.
    public static func busy(requests: Int) -> RPCError {
        RPCError(code: -32000, message: "Server busy: \(requests) requests are waiting or under way, the most it keeps; send this one again once one is answered",
                 data: ["limit": .int(Int64(requests))])
    }
    /// No resource at this address.
    public static func resourceNotFound(_ uri: String) -> RPCError {
        RPCError(code: -32002, message: "Resource not found", data: ["uri": .string(uri)])
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }
}
