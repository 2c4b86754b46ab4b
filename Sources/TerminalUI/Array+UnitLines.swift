extension Array where Element == String {
    /// The units joined by `separator`, on lines of at most `width` columns after `indent`, broken
    /// only between units: a unit (a command, "just now") is never split, and one wider than the
    /// width has a line of its own.
    public func lines(separator: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        let room = width - indent.displayWidth
        for unit in self where !unit.isEmpty {
            let unitWidth = unit.displayWidth
            if lineWidth > 0, lineWidth + separator.displayWidth + unitWidth <= room {
                line += separator + unit
                lineWidth += separator.displayWidth + unitWidth
                continue
            }
            if lineWidth > 0 { lines.append(indent + line) }
            line = unit
            lineWidth = unitWidth
        }
        if lineWidth > 0 { lines.append(indent + line) }
        return lines
    }
}
