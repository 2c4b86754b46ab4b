/// RFC 8259 number syntax: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
public enum JSONNumberSyntax {
    /// Whether `text` is one number, whole.
    public static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .success(text.count) = scan(text, from: 0) { return true }
        return false
    }

    /// The number written at `start`: where it ends (the longest number there), or where and why no
    /// number starts there.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, JSONScanner.Malformed> {
        var index = start
        func atDigit() -> Bool { index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        func digits() { while atDigit() { index += 1 } }
        func failure(_ problem: JSONScanner.Problem) -> Result<Int, JSONScanner.Malformed> {
            .failure(JSONScanner.Malformed(offset: index, problem: problem))
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard atDigit() else { return failure(.number) }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { digits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard atDigit() else { return failure(.fractionDigit) }
            digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard atDigit() else { return failure(.exponentDigit) }
            digits()
        }
        return .success(index)
    }
}
