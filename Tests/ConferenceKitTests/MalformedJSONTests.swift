@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

/// Where a feed stops being JSON, and why, as the feed scanner finds it: every way a document can
/// fail, at its first bad byte, with its line and its column in characters.
@Suite("Malformed JSON: the first bad byte, its line and column, and why", .offThePool)
struct MalformedJSONTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        let offset: Int
        let line: Int
        let column: Int
        let detail: String

        init(_ label: String, _ text: String, bytes: [UInt8] = [], _ offset: Int, line: Int = 1, column: Int? = nil, _ detail: String) {
            self.label = label
            self.bytes = bytes.isEmpty ? Array(text.utf8) : bytes
            self.offset = offset
            self.line = line
            self.column = column ?? offset + 1
            self.detail = detail
        }

        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case("no value", #"{"a": }"#, 6, "unexpected character '}', expected a value"),
        Case("nothing", "", 0, "unexpected end of data, expected a value"),
        Case("a key not quoted", #"{1: 2}"#, 1, "unexpected character '1', expected a quoted key"),
        Case("a trailing comma", #"{"a": 1,}"#, 8, "unexpected character '}', expected a quoted key"),
        Case("no colon", #"{"a" 1}"#, 5, "unexpected character '1', expected ':'"),
        Case("no comma", #"{"a": 1 2}"#, 8, "unexpected character '2', expected ',' or '}'"),
        Case("a list cut short", #"[1, 2"#, 5, "unexpected end of data, expected ',' or ']'"),
        Case("a leading zero", #"{"a": 01}"#, 7, "unexpected character '1', expected ',' or '}'"),
        Case("a minus alone", #"{"a": -}"#, 7, "invalid number"),
        Case("no digit after the point", #"{"a": 1.}"#, 8, "invalid number: digit expected after '.'"),
        Case("no digit in the exponent", #"{"a": 1e+}"#, 9, "invalid number: digit expected in exponent"),
        Case("a literal misspelt", #"{"a": tru}"#, 9, "unexpected character '}' in literal 'true'"),
        Case("a literal cut short", #"{"a": nul"#, 9, "unexpected end of data in literal 'null'"),
        Case("more after the document", #"{} x"#, 3, "unexpected character 'x' after the end of the document"),
        Case("a string cut short", #"{"a": "x"#, 8, "unexpected end of data in a string"),
        Case("an unknown escape", #"{"a": "\q"}"#, 8, "invalid escape '\\character 'q'' in a string"),
        Case("a \\u escape with a letter", #"{"a": "\u12G4"}"#, 11, "invalid \\u escape in a string"),
        Case("a tab in a string", "{\"a\": \"x\ty\"}", 8, "unescaped control character (byte 0x09) in a string"),
        Case("invalid UTF-8 in a value", "", bytes: Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#""}"#.utf8), 8, "invalid UTF-8 sequence in a string"),
        Case("invalid UTF-8 in a key", "", bytes: Array(#"{""#.utf8) + [0xC3, 0x28] + Array(#"": 1}"#.utf8), 2, "invalid UTF-8 sequence in a string"),
        Case("invalid UTF-8 before a tab: the first bad byte", "", bytes: Array(#"{"a": "x"#.utf8) + [0xE0, 0x80, 0x80, 0x09] + Array(#""}"#.utf8),
             8, "invalid UTF-8 sequence in a string"),
        Case("a bad escape after an escape", #"{"a": "\n\x"}"#, 10, "invalid escape '\\character 'x'' in a string"),
        Case("a line further down, columns in characters", "{\n  \"é\": x}", 10, line: 2, column: 8, "unexpected character 'x', expected a value"),
        Case("after a byte-order mark", "\u{FEFF}{\"a\": ]}", 9, column: 8, "unexpected character ']', expected a value"),
        Case("nested too deep", String(repeating: "[", count: 513), 512, "nesting too deep"),
    ]

    @Test("each fault: its byte, line, column and reason", arguments: cases)
    func fault(_ fault: Case) throws {
        do {
            _ = try FeedDecoder.news(from: Data(fault.bytes))
            Issue.record("\(fault.label): must be refused")
        } catch let error as FeedError {
            #expect(error.kind == .malformedJSON)
            #expect(error.offset == fault.offset, "\(error)")
            #expect(error.line == fault.line && error.column == fault.column, "\(error)")
            #expect(error.detail == fault.detail, "\(error)")
            #expect(error.description == "news.json is not valid JSON at line \(fault.line), column \(fault.column) (byte \(fault.offset)): \(fault.detail)")
        }
    }

    @Test("a refusal found before the end of a document that is not JSON at all: the document's fault is what is reported")
    func faultBeforeRefusal() throws {
        // A list at the top is the wrong type, but the document is not JSON: that comes first.
        let error = try #require(throws: FeedError.self) { try FeedDecoder.news(from: Data(#"[1, 2 3]"#.utf8)) }
        #expect(error.kind == .malformedJSON && error.offset == 6, "\(error)")
        let refusal = try #require(throws: FeedError.self) { try FeedDecoder.news(from: Data(#"[1, 2, 3]"#.utf8)) }
        #expect(refusal.kind == .wrongType, "\(refusal)")
    }

    @Test("every valid document, and every number RFC 8259 allows, reads without a fault")
    func valid() throws {
        for number in ["0", "-0", "1", "-12", "0.5", "1e5", "1E+5", "1.25e-3", "123456789012345678901234567890", "1e999"] {
            #expect(throws: Never.self) { try FeedDecoder.config(from: Data(#"{"fetchIntervals": {"x": \#(number)}}"#.utf8)) }
        }
        for text in [#"{"a": "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}"#, "{\"é\": [true, false, null, {}, []]}", "\u{FEFF} {} \n"] {
            #expect(throws: Never.self, "\(text)") { try FeedDecoder.config(from: Data(text.utf8)) }
        }
    }
}
