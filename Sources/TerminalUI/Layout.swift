/// Splits a rectangle into parts side by side or one above the other, each sized by a constraint.
///
/// ```swift
/// let parts = Layout.split(screen, .vertical, [.fixed(1), .minimum(3), .fixed(1)])  // tabs, body, status
/// let panes = Layout.split(parts[1], .horizontal, [.percentage(45), .minimum(20)])  // list, page
/// ```
/// Fixed and percentage parts get their size first; the `minimum` parts share what is left
/// equally, each at least its minimum. When the rectangle is too small for all that, the `minimum`
/// parts give up room first, then the percentages, then the fixed parts, each from the last one
/// back; a part may end up empty.
public enum Layout {
    /// How the parts are placed.
    public enum Direction: Sendable {
        /// Side by side, left to right: the constraints size widths.
        case horizontal
        /// One above the other, top to bottom: the constraints size heights.
        case vertical
    }

    /// How big one part is.
    public enum Constraint: Sendable, Hashable {
        /// Exactly this many columns or rows.
        case fixed(Int)
        /// What the others leave (shared with the other `minimum` parts), at least this many.
        case minimum(Int)
        /// This share of the whole, in percent, rounded down.
        case percentage(Int)
    }

    /// The parts of `rect`, one for each constraint, in order, with no gap between them.
    public static func split(_ rect: Rect, _ direction: Direction, _ constraints: [Constraint]) -> [Rect] {
        let total = direction == .horizontal ? rect.width : rect.height
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case let .fixed(size): return max(0, size)
            case let .minimum(size): return max(0, size)
            case let .percentage(percent): return total * min(100, max(0, percent)) / 100
            }
        }
        let flexible = constraints.indices.filter { if case .minimum = constraints[$0] { return true } else { return false } }
        var left = total - sizes.reduce(0, +)
        if left > 0, !flexible.isEmpty {
            // What is left over, shared out; the first parts get the odd columns.
            for (number, index) in flexible.enumerated() {
                sizes[index] += left / flexible.count + (number < left % flexible.count ? 1 : 0)
            }
            left = 0
        }
        if left < 0 {
            let order: [(Constraint) -> Bool] = [
                { if case .minimum = $0 { return true } else { return false } },
                { if case .percentage = $0 { return true } else { return false } },
                { if case .fixed = $0 { return true } else { return false } },
            ]
            var overflow = -left
            for matches in order {
                for index in constraints.indices.reversed() where overflow > 0 && matches(constraints[index]) {
                    let taken = min(sizes[index], overflow)
                    sizes[index] -= taken
                    overflow -= taken
                }
            }
        }
        var position = direction == .horizontal ? rect.x : rect.y
        return sizes.map { size in
            defer { position += size }
            return direction == .horizontal
                ? Rect(x: position, y: rect.y, width: size, height: rect.height)
                : Rect(x: rect.x, y: position, width: rect.width, height: size)
        }
    }
}
