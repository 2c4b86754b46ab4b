import PlainText
extension LiveProgress {
    static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// One task's line; cut to `width` columns when given (on a terminal), whole otherwise.
    /// A task still running when the display stops is marked `unfinished`.
    static func line(for line: Line, frame: Int, style: Style, width: Int?, unfinished: Bool = false) -> String {
        var segments: [(text: String, paint: (String) -> String)] = []
        let elapsed = (line.ended ?? .now) - line.started
        if line.outcome == nil, !unfinished, let width, let fitted = fittedRunningLine(line, frame: frame, style: style, width: width, elapsed: elapsed) {
            return fitted
        }
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
        case let .stopped(reason):
            segments.append(("– ", style.yellow))
            segments.append((line.title + " — " + reason, style.dim))
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
        switch outcome {
        case .skipped, .stopped: true
        default: false
        }
    }

    /// The narrowest a running line's title is cut to before its detail gives way to a shorter form.
    static let minimumTitleWidth = 16

    /// A running line with a detail, fitted to `width`: the whole line when it fits; else the detail
    /// kept whole (then its shorter forms in turn) and the title cut to what is left, down to
    /// ``minimumTitleWidth`` (or to one column, for the shortest form). Nil without a detail.
    private static func fittedRunningLine(_ line: Line, frame: Int, style: Style, width: Int, elapsed: Duration) -> String? {
        guard let detail = line.detail, !detail.isEmpty else { return nil }
        let spinner = spinnerFrames[frame % spinnerFrames.count] + " "
        let stats = statistics(items: line.items, bytes: line.bytes, elapsed: elapsed, showCounts: true)
        let whole = spinner.displayWidth + line.title.displayWidth + 2 + detail.displayWidth
        if whole + (stats.isEmpty ? 0 : 2 + stats.displayWidth) <= width {
            return style.cyan(spinner) + line.title + style.dim("  " + detail) + (stats.isEmpty ? "" : style.dim("  " + stats))
        }
        let forms = [detail] + line.shorterDetails
        for (index, form) in forms.enumerated() {
            let room = width - spinner.displayWidth - 2 - form.displayWidth
            let least = index == forms.count - 1 ? 1 : min(minimumTitleWidth, line.title.displayWidth)
            guard room >= least else { continue }
            return style.cyan(spinner) + line.title.truncated(toWidth: room) + style.dim("  " + form)
        }
        return nil
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
