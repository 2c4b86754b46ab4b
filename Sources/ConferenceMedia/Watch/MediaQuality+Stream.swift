extension MediaQuality {
    /// The lines of Apple's SD pictures, in its SD files and its streams' SD variant.
    public static let standardDefinitionLines = 540

    /// The variant of a stream in this quality: HD the one of the most lines, SD the one closest to
    /// 540 lines (the fewer lines between two as close); of variants as good, the one of the highest
    /// bandwidth. When no variant gives its size, HD is the highest bandwidth and SD the lowest. Nil
    /// when there is none.
    public func variant(among variants: [HLSVariant]) -> HLSVariant? {
        let sized = variants.filter { $0.height != nil }
        guard !sized.isEmpty else {
            return self == .hd ? variants.max { $0.bandwidth < $1.bandwidth } : variants.min { $0.bandwidth < $1.bandwidth }
        }
        // The smallest key wins.
        func key(_ variant: HLSVariant) -> (Int, Int, Int) {
            let lines = variant.height ?? 0
            switch self {
            case .hd: return (-lines, 0, -variant.bandwidth)
            case .sd: return (abs(lines - Self.standardDefinitionLines), lines, -variant.bandwidth)
            }
        }
        return sized.min { key($0) < key($1) }
    }
}
