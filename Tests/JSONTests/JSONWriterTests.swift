import Foundation
import JSON
import Testing

/// JSON's one writing: one escaping, numbers as `JSONEncoder` writes them, and its two layouts,
/// the pretty one `JSONEncoder`'s byte for byte.
@Suite("JSON: the one writing")
struct JSONWriterTests {
    /// `value` as `--json` wrote it with Foundation's encoder.
    static func foundation(_ value: some Encodable, pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    struct Shapes: Encodable {
        struct Inner: Encodable {
            var name = "inner"
            var empty: [String] = []
            var none: [String: Int] = [:]
        }

        var text = "plain, \"quoted\", back\\slash, a/slash, tab\tline\nreturn\r, café 😀, \u{1}\u{1F}"
        var numbers: [Double] = [0, 3, -2, 0.1, 1.5, -0.0, 1e15, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e20, 1e-7, 2.5e-5, 123_456_789.123, 1e300, .leastNonzeroMagnitude]
        var integers: [Int64] = [0, -1, .max, .min]
        var flags = [true, false]
        var empty: [Int] = []
        var emptyObject: [String: String] = [:]
        var nested: [[Int]] = [[], [1, 2], []]
        var inner = Inner()
        var inners = [Inner(), Inner(name: "second", empty: ["x"], none: ["b": 2, "a": 1, "B": 0, "a10": 3, "a9": 4])]
        var missing: String?
        var date = Date(timeIntervalSince1970: 1_780_000_000.75)
        var url = URL(string: "https://example.com/a%20b?q=1&r=/x")!
        var data = Data([0, 1, 2, 250])
        var float: Float = 0.1
        var webURL = "case: upper before lower"
        var webpage = "sorted after webURL"
    }

    @Test("pretty: JSONEncoder's bytes for every shape: indent, `\" : \"`, empty lists and objects, sorted keys, numbers, dates")
    func prettyIsJSONEncoders() throws {
        #expect(try JSONValueEncoder().encode(Shapes()).pretty == Self.foundation(Shapes()))
        #expect(try JSONValueEncoder().encode([Shapes(), Shapes()]).pretty == Self.foundation([Shapes(), Shapes()]))
        #expect(try JSONValueEncoder().encode([Int]()).pretty == Self.foundation([Int]()))
        #expect(try JSONValueEncoder().encode([String: Int]()).pretty == Self.foundation([String: Int]()))
        #expect(try JSONValueEncoder().encode("top").pretty == Self.foundation("top"))
    }

    @Test("compact: JSONEncoder's bytes without its layout")
    func compactIsJSONEncoders() throws {
        #expect(try JSONValueEncoder().encode(Shapes()).serialized == Self.foundation(Shapes(), pretty: false))
    }

    @Test("numbers: as JSONEncoder writes them, for any Double")
    func numbers() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, 0.5, 1e15, 1e16, 9_007_199_254_740_992, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for _ in 0..<5_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
            values.append(Double(Int64.random(in: -1 << 60...1 << 60, using: &generator)))
            values.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        for value in values {
            var written = ""
            JSONWriter.appendNumber(value, to: &written)
            #expect(written == (try Self.foundation(value)), "\(value)")
        }
        var infinite = ""
        JSONWriter.appendNumber(.infinity, to: &infinite)
        #expect(infinite == "null")
    }

    /// What the one escaping makes of each character that it escapes, and of some it leaves.
    static let escapes: [(Unicode.Scalar, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\r", #"\r"#), ("\t", #"\t"#),
        ("\u{0}", #"\u0000"#), ("\u{8}", #"\u0008"#), ("\u{C}", #"\u000c"#), ("\u{1B}", #"\u001b"#), ("\u{1F}", #"\u001f"#),
        ("\u{7F}", #"\u007f"#), ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#),
        ("/", "/"), ("\u{85}", "\u{85}"), ("\u{E2}", "\u{E2}"), ("\u{2027}", "\u{2027}"), ("\u{202A}", "\u{202A}"), ("😀", "😀"),
    ]

    @Test("one escaping: quote, backslash, \\n \\r \\t, U+2028 and U+2029, other controls as \\u00XX; nothing else")
    func escaping() throws {
        for (scalar, escaped) in Self.escapes {
            var written = ""
            JSONWriter.appendString("a" + String(Character(scalar)) + "b", to: &written)
            #expect(written == "\"a" + escaped + "b\"", "U+\(String(scalar.value, radix: 16))")
        }
        for value in 0..<0x20 {
            var written = ""
            JSONWriter.appendString(String(Character(Unicode.Scalar(UInt8(value)))), to: &written)
            #expect(written.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }, "U+\(String(value, radix: 16)): \(written)")
        }
        // The same in both layouts, as a value and as a key.
        let hostile = Self.escapes.map { String(Character($0.0)) }.joined()
        let expected = "\"" + Self.escapes.map(\.1).joined() + "\""
        #expect(JSONValue.string(hostile).serialized == expected)
        #expect(JSONValue.string(hostile).pretty == expected)
        #expect(JSONValue.object([hostile: 1]).serialized == "{" + expected + ":1}")
        #expect(JSONValue.object([hostile: 1]).pretty == "{\n  " + expected + " : 1\n}")
    }

    @Test("where the one escaping differs from JSONEncoder's: \\b and \\f, DEL, U+2028 and U+2029; elsewhere the same")
    func escapingBesideJSONEncoders() throws {
        for (scalar, _) in Self.escapes {
            let text = String(Character(scalar))
            let ours = JSONValue.string(text).serialized, foundations = try Self.foundation(text, pretty: false)
            let differs: Set<Unicode.Scalar> = ["\u{8}", "\u{C}", "\u{7F}", "\u{2028}", "\u{2029}"]
            #expect((ours != foundations) == differs.contains(scalar), "U+\(String(scalar.value, radix: 16)): \(ours) and \(foundations)")
        }
    }
}
