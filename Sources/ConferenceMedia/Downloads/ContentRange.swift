import Foundation

/// An HTTP `Content-Range` header: `bytes FIRST-LAST/TOTAL`, or `bytes */TOTAL` on a 416.
struct ContentRange: Equatable {
    /// The first byte's offset, nil for `*`.
    var first: Int64?
    var last: Int64?
    /// The whole file's size, nil for `*` (unknown).
    var total: Int64?

    /// Reads `header`; nil when absent or not a byte range.
    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] == "*" { total = nil } else {
            guard let value = Int64(halves[1]), value >= 0 else { return nil }
            total = value
        }
        if halves[0] == "*" { return }
        let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first else { return nil }
        if let total, last >= total { return nil }
        self.first = first
        self.last = last
    }
}
