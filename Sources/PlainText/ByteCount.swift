/// Sizes as people read them: "812 B", "45.2 KB", "1.1 GB" (powers of 1000, as file managers show).
public enum ByteCount {
    /// `bytes` with one decimal in the largest unit that keeps it under 1000.
    public static func text(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        var divisor: Int64 = 1000
        for unit in ["KB", "MB", "GB", "TB"] {
            // Beyond what `bytes * 10` holds (no file is so big, a server may say so), in floating point.
            let (times, overflow) = bytes.multipliedReportingOverflow(by: 10)
            let tenths = overflow ? Int64(Int(saturating: Double(bytes) * 10 / Double(divisor), rounding: .toNearestOrAwayFromZero))
                : (times + divisor / 2) / divisor
            // Rounding may reach 1000.0: that is the next unit's 1.0.
            if tenths < 10_000 || unit == "TB" {
                return tenths >= 1000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
            }
            divisor *= 1000
        }
        return "\(bytes) B"
    }
}
