// Number tokens as values: what the readers of feeds and ``JSONValue`` make of the bytes
// ``JSONScanner/readNumberBytes()`` gives.
extension JSONScanner {
    /// A plain integer token (no fraction or exponent, or a `.0` fraction; a leading `+`, as digits
    /// in a feed's text may have one), when it fits an `Int`.
    public static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+")
        if negative { index = 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            guard !overflowed else { return nil }
            let (sum, overflow) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow else { return nil }
            value = sum
            index += 1
        }
        guard index > start else { return nil }
        if index < bytes.count {
            // `820.0` and `820.00` are whole numbers too.
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count,
                  bytes[(index + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        }
        return bytes.first == UInt8(ascii: "-") ? -value : value
    }

    /// A number token as a `Double`: integers exactly, others correctly rounded.
    public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        if bytes.count <= 16, let value = integer(bytes), abs(value) < 1 << 53 { return Double(value) }
        return Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
    }
}
