/// A colour for a cell's text or background.
///
/// Any colour may be asked for; the renderer writes it in the richest form the terminal takes
/// (``ColorDepth``): a 24-bit colour becomes the nearest of the 256 or of the 16 on a terminal that
/// has only those, and nothing at all when colour is off.
public enum TerminalColor: Sendable, Hashable {
    /// One of the 16 standard colours, 0–7 normal and 8–15 bright (black, red, green, yellow,
    /// blue, magenta, cyan, white).
    case standard(UInt8)
    /// One of the 256 of xterm's palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = TerminalColor.standard(0)
    public static let red = TerminalColor.standard(1)
    public static let green = TerminalColor.standard(2)
    public static let yellow = TerminalColor.standard(3)
    public static let blue = TerminalColor.standard(4)
    public static let magenta = TerminalColor.standard(5)
    public static let cyan = TerminalColor.standard(6)
    public static let white = TerminalColor.standard(7)
    public static let brightBlack = TerminalColor.standard(8)

    /// The SGR parameters that select this colour as the foreground (or background) at `depth`;
    /// nil when the depth has no colour.
    func parameters(background: Bool, depth: ColorDepth) -> String? {
        switch depth {
        case .none:
            return nil
        case .standard:
            let index = Int(standardIndex)
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + index % 8)
        case .indexed256:
            return (background ? "48;5;" : "38;5;") + String(paletteIndex)
        case .trueColor:
            if case let .rgb(red, green, blue) = self {
                return (background ? "48;2;" : "38;2;") + "\(red);\(green);\(blue)"
            }
            return (background ? "48;5;" : "38;5;") + String(paletteIndex)
        }
    }

    /// The colour as an index of the 256-colour palette (the 16 standard ones are its first 16).
    var paletteIndex: UInt8 {
        switch self {
        case let .standard(index): return index & 15
        case let .indexed(index): return index
        case let .rgb(red, green, blue):
            // The 6×6×6 cube or the 24 greys, whichever is nearer.
            let level = { (value: UInt8) -> Int in value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
            let cube = (level(red), level(green), level(blue))
            let steps = [0, 95, 135, 175, 215, 255]
            let cubeColor = (steps[cube.0], steps[cube.1], steps[cube.2])
            let average = (Int(red) + Int(green) + Int(blue)) / 3
            let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
            let greyValue = 8 + 10 * grey
            let target = (Int(red), Int(green), Int(blue))
            if Self.distance(target, (greyValue, greyValue, greyValue)) < Self.distance(target, cubeColor) {
                return UInt8(232 + grey)
            }
            return UInt8(16 + 36 * cube.0 + 6 * cube.1 + cube.2)
        }
    }

    /// The nearest of the 16 standard colours.
    var standardIndex: UInt8 {
        if case let .standard(index) = self { return index & 15 }
        let index = Int(paletteIndex)
        if index < 16 { return UInt8(index) }
        let target = Self.rgbValue(ofPaletteIndex: index)
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<16 {
            let distance = Self.distance(target, Self.rgbValue(ofPaletteIndex: candidate))
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return UInt8(best)
    }

    /// xterm's default value of a palette entry.
    private static func rgbValue(ofPaletteIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            let standard = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                            (255, 0, 255), (0, 255, 255), (255, 255, 255)]
            return standard[index]
        case 16..<232:
            let steps = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (steps[cube / 36], steps[cube / 6 % 6], steps[cube % 6])
        default:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let red = a.0 - b.0, green = a.1 - b.1, blue = a.2 - b.2
        return red * red + green * green + blue * blue
    }
}
