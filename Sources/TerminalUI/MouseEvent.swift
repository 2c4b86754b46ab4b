/// A mouse click, release or wheel turn, as a terminal reports it in SGR mouse mode (1006).
///
/// The full-screen session asks for clicks and the wheel (modes 1000 and 1006); the terminal then
/// sends them instead of selecting text (Shift, in most terminals, still selects).
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public enum Action: Sendable, Hashable {
        /// A button went down.
        case press(Button)
        /// A button came up.
        case release(Button)
        /// The mouse moved with a button down.
        case drag(Button)
        /// The wheel turned away from the user (scroll up) or towards (scroll down).
        case wheelUp, wheelDown
    }

    public enum Button: Sendable, Hashable {
        case left, middle, right
        /// A release in the old encoding, which does not say which.
        case unknown
    }

    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var action: Action
    /// The cell, from 0 at the top-left corner.
    public var column: Int
    public var row: Int
    public var modifiers: Modifiers

    public init(action: Action, column: Int, row: Int, modifiers: Modifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The event an SGR report stands for: `ESC [ < code ; column ; row` then `M` (press) or `m`
    /// (release); nil for what this type does not model (horizontal wheels, more buttons).
    static func sgr(code: Int, column: Int, row: Int, pressed: Bool) -> MouseEvent? {
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let button = code & 3
        let action: Action
        if code & 64 != 0 {
            switch button {
            case 0: action = .wheelUp
            case 1: action = .wheelDown
            default: return nil
            }
        } else if code & 128 != 0 {
            return nil
        } else {
            let which: Button = [.left, .middle, .right, .unknown][button]
            if code & 32 != 0 {
                guard which != .unknown else { return nil }  // a move with no button down
                action = .drag(which)
            } else {
                action = pressed ? .press(which) : .release(which)
            }
        }
        return MouseEvent(action: action, column: max(0, column - 1), row: max(0, row - 1), modifiers: modifiers)
    }
}
