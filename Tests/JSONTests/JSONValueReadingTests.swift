import Foundation
import JSON
import Testing

/// A JSON value read whole on the scanner: what each kind of value becomes, where a document that is
/// not JSON stops being it, and the limits of size and nesting.
@Suite("JSON: a value read whole")
struct JSONValueReadingTests {
    @Test("each kind of value, integers apart from other numbers, spacing and a byte-order mark")
    func kinds() throws {
        let text = "\u{FEFF} {\"s\": \"a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00\", \"i\": -42, \"big\": 9223372036854775807, \"f\": 1.5,"
            + " \"e\": 1e3, \"z\": -0, \"over\": 9223372036854775808, \"t\": true, \"n\": null, \"l\": [[], {}, [1, \"x\"]]} \n"
        let value = try JSONValue.parse(text)
        #expect(value == [
            "s": "a\"b\\c/d\né😀", "i": -42, "big": .int(.max), "f": 1.5, "e": .double(1000), "z": 0,
            "over": .double(9_223_372_036_854_775_808), "t": true, "n": nil, "l": [[], [:], [1, "x"]],
        ])
        #expect(try JSONValue.parse(Data("3".utf8)) == 3)
        #expect(try JSONValue.parse("\"x\"") == "x")
    }

    @Test("of a repeated key, the last member counts")
    func repeatedKey() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "a": 2}"#) == ["a": 2])
    }

    @Test("what the writer writes reads back the same, compact or pretty")
    func roundTrip() throws {
        let value: JSONValue = ["text": "a\nb\u{2028}c\u{1B}[31m\"\\/\u{7F}\u{0}", "n": -3, "x": 0.1, "huge": 1e300, "list": [true, nil, [:], []],
                                "nested": ["deeper": ["é": "😀"]]]
        #expect(try JSONValue.parse(value.serialized) == value)
        #expect(try JSONValue.parse(value.pretty) == value)
    }

    @Test("a document that is not JSON: the scanner's first bad byte and reason")
    func malformed() throws {
        for (text, offset, reason) in [
            (#"{"a": }"#, 6, "unexpected character '}', expected a value"),
            (#"{"a": 1,}"#, 8, "unexpected character '}', expected a quoted key"),
            (#"[1, 2"#, 5, "unexpected end of data, expected ',' or ']'"),
            (#"{} x"#, 3, "unexpected character 'x' after the end of the document"),
            (#"{"a": "\q"}"#, 8, "invalid escape '\\character 'q'' in a string"),
            ("", 0, "unexpected end of data, expected a value"),
        ] {
            let error = try #require(throws: JSONScanner.Malformed.self) { try JSONValue.parse(text) }
            let bytes = Array(text.utf8)
            #expect(error.offset == offset, "\(text)")
            #expect(bytes.withUnsafeBufferPointer { error.reason(in: $0) } == reason, "\(text)")
        }
    }

    @Test("a string with escapes: the text between them kept, checked as UTF-8 and for control characters")
    func escapedStrings() throws {
        #expect(try JSONValue.parse("[\"a\\nb é \\u00e9 \\\"c\"]") == ["a\nb é é \"c"])
        for (tail, offset, problem) in [([0xFF], 5, "utf8"), ([0xC3], 5, "utf8"), ([0x01], 5, "controlCharacter")] as [([UInt8], Int, String)] {
            let bytes = Array("[\"a\\n".utf8) + tail + Array("b\"]".utf8)
            let error = try #require(throws: JSONScanner.Malformed.self, "\(tail)") { try JSONValue.parse(Data(bytes)) }
            #expect(error.offset == offset, "\(tail)")
            #expect(String(describing: error.problem) == problem, "\(tail)")
        }
    }

    @Test("an object's keys matched against literals by their bytes, escapes decoded first")
    func keysMatchLiterals() throws {
        var matched: [String] = []
        let text = Array(#"{"clock": 1, "cloc": 2, "clocks": 3, "clock": 4, "": 5}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner.document(bytes)
            try scanner.readObject { scanner, key in
                switch key {
                case "clock": matched.append("clock")
                case "": matched.append("empty")
                default: matched.append("other")
                }
                try scanner.skipValue()
            }
        }
        #expect(matched == ["clock", "other", "other", "clock", "empty"])
    }

    @Test("half of a UTF-16 pair alone, in a value or a key, is refused: it is no character")
    func loneSurrogate() throws {
        for text in [#"["\ud800"]"#, #"{"a": "x\udc00"}"#, #"{"\ud83d": 1}"#, #"{"a": 1, "b\ud83d": 2}"#] {
            let error = try #require(throws: JSONScanner.Malformed.self, "\(text)") { try JSONValue.parse(text) }
            #expect(String(describing: error.problem) == "loneSurrogate", "\(text)")
        }
    }

    @Test("a document larger than its limit is refused unread; one nested deeper, at the depth it passes")
    func limits() throws {
        let large = "[" + String(repeating: "1,", count: 100) + "1]"
        #expect(throws: JSONScanner.Malformed.self) { try JSONValue.parse(large, limits: JSONValue.Limits(maximumBytes: 100)) }
        #expect(try JSONValue.parse(large, limits: JSONValue.Limits(maximumBytes: large.utf8.count)).arrayValue?.count == 101)
        let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        let error = try #require(throws: JSONScanner.Malformed.self) { try JSONValue.parse(deep, limits: JSONValue.Limits(maximumDepth: 10)) }
        #expect(error.offset == 10)
        #expect(try JSONValue.parse(deep, limits: JSONValue.Limits(maximumDepth: 11)).arrayValue?.count == 1)
        // The default: as deep as the feeds' scanner reads, and no deeper.
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONScanner.Malformed.self) { try JSONValue.parse(tooDeep) }
        #expect(try JSONValue.parse(String(tooDeep.dropFirst().dropLast())).arrayValue?.count == 1)
    }
}
