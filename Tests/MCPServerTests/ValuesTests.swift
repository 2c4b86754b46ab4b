import JSON
import Foundation
@testable import MCPServer
import Testing

/// JSON values, cursors and argument checks.
struct ValuesTests {
    @Test func serialisedJSONIsOneLineAndReadsBackTheSame() throws {
        let value: JSONValue = ["text": "a\nb\u{2028}c\u{1B}[31m\"\\", "n": 3, "x": 1.5, "big": .int(Int64.max), "list": [true, nil, -2], "empty": [:]]
        let text = value.serialized
        #expect(!text.contains("\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" })
        #expect(try JSONValue.parse(Data(text.utf8)) == value)
        #expect(JSONValue.double(.infinity).serialized == "null")
        #expect(JSONValue.double(3).serialized == "3")
    }

    @Test func aCursorIsOnlyReadBackForItsOwnList() throws {
        let cursor = PageCursor(list: "tools", position: "50")
        #expect(try PageCursor.offset(cursor.text, list: "tools") == 50)
        #expect(throws: RPCError.self) { try PageCursor.offset(cursor.text, list: "resources") }
        #expect(throws: RPCError.self) { try PageCursor.offset("!!", list: "tools") }
        #expect(throws: RPCError.self) { try PageCursor.offset(PageCursor(list: "tools", position: "-1").text, list: "tools") }
        #expect(try PageCursor.offset(nil, list: "tools") == 0)
    }

    @Test func argumentsAreCheckedAgainstTheSchema() {
        let schema = Tool.schema(["q": ["type": "string", "minLength": 1], "n": ["type": "integer", "minimum": 1],
                                  "in": ["type": "array", "items": ["type": "string", "enum": ["a", "b"]]]], required: ["q"])
        #expect(ToolArguments(["q": "x", "n": 2.0, "in": ["a"]]).problem(against: schema) == nil)
        #expect(ToolArguments([:]).problem(against: schema) == "missing argument 'q'")
        #expect(ToolArguments(["q": ""]).problem(against: schema) == "'q' must not be empty")
        #expect(ToolArguments(["q": "x", "n": 1.5]).problem(against: schema) == "'n' must be an integer, not a number")
        #expect(ToolArguments(["q": "x", "n": 0]).problem(against: schema) == "'n' must be at least 1")
        #expect(ToolArguments(["q": "x", "in": ["c"]]).problem(against: schema) == "'in[]' must be one of: a, b")
    }
}
