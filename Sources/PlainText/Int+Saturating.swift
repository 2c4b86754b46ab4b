extension Int {
    /// `value` rounded by `rule`, clamped to `Int`'s range (NaN is 0): a conversion that cannot trap,
    /// for numbers that came from outside, or from a store that an older program filled.
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= 0x1p63 {
            self = .max
        } else if rounded < -0x1p63 {
            self = .min
        } else {
            self = Int(rounded)
        }
    }
}
