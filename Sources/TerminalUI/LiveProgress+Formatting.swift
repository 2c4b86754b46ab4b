import PlainText
extension LiveProgress {
    static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// One task's line; cut to `width` columns when given (on a terminal), whole otherwise.
    /// A task still running when the display stops is marked `unfinished`.
    static func line(for line: Line, frame: Int, style: Style, width: Int?, unfinished: Bool = false) -> String {
        var segments: [(text: String, paint: (String) -> String)] = []
        let elapsed = (line.ended ?? .now) - line.started
        switch line.outcome {
        case nil where unfinished:
            segments.append(("· ", style.dim))
            segments.append((line.title + " — not finished", style.dim))
        case nil:
            segments.append((spinnerFrames[frame % spinnerFrames.count] + " ", style.cyan))
            segments.append((line.title, { $0 }))
            if let detail = line.detail, !detail.isEmpty { segments.append(("  " + detail, style.dim)) }
        case .succeeded:
            segments.append(("✓ ", style.green))
            segments.append((line.title, { $0 }))
            if let detail = line.detail, !detail.isEmpty { segments.append(("  " + detail, style.dim)) }
        case let .failed(reason):
            segments.append(("✗ ", style.red))
            segments.append((line.title, style.bold))
            segments.append((" — " + reason, style.red))
        case let .skipped(reason):
            segments.append(("– ", style.yellow))
            segments.append((line.title + " skipped — " + reason, style.dim))
        }
        let stats = statistics(items: line.items, bytes: line.bytes, elapsed: elapsed, showCounts: !isSkipped(line.outcome))
        if !stats.isEmpty { segments.append(("  " + stats, style.dim)) }

        var text = ""
        var remaining = width ?? Int.max
        for segment in segments {
            guard remaining > 0 else { break }
            let segmentWidth = segment.text.displayWidth
            if segmentWidth <= remaining {
                text += segment.paint(segment.text)
                remaining -= segmentWidth
            } else {
                text += segment.paint(segment.text.truncated(toWidth: remaining))
                remaining = 0
            }
        }
        return text
    }

    private static func isSkipped(_ outcome: Outcome?) -> Bool {
        if case .skipped = outcome { return true }
        return false
    }

    /// "150 items · 45.2 KB · 0.3s"
    static func statistics(items: Int?, bytes: Int64?, elapsed: Duration, showCounts: Bool) -> String {
        var parts: [String] = []
        if showCounts, let items { parts.append(items == 1 ? "1 item" : "\(items) items") }
        if showCounts, let bytes { parts.append(formatBytes(bytes)) }
        if showCounts { parts.append(formatElapsed(elapsed)) }
        return parts.joined(separator: " · ")
    }

    static func formatBytes(_ bytes: Int64) -> String {
        ByteCount.text(bytes)
    }

    static func formatElapsed(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = Int(seconds) * 10 + Int(attoseconds / 100_000_000_000_000_000)
        if tenths < 100 { return "\(tenths / 10).\(tenths % 10)s" }
        let whole = tenths / 10
        if whole < 60 { return "\(whole)s" }
        let remainder = whole % 60
        return "\(whole / 60)m\(remainder < 10 ? "0" : "")\(remainder)s"
    }
}
