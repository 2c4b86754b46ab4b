import Foundation

/// What a picture's bytes are: a complete JPEG or PNG, and its size in pixels, read from its own
/// header (the name and the server's word count for nothing: a page of HTML is not a picture, and a
/// file cut short is refused, never handed to a renderer that would draw half of it).
public struct PictureFile: Sendable, Equatable {
    public enum Format: String, Sendable {
        case jpeg, png

        /// The file name extension.
        public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
    }

    public var format: Format
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The most pixels on a side of a picture wwdc keeps or draws.
    public static let maximumSide = 8_192
    /// The most pixels in all of a picture wwdc keeps or draws: 40 megapixels.
    public static let maximumPixels = 40_000_000

    /// Whether its header's size is within ``maximumSide`` and ``maximumPixels``. A larger one is
    /// refused before it is cached or handed to a renderer: decoding it takes memory by its pixels,
    /// not its bytes (a PNG of 388 KB can claim 20,000×20,000, gigabytes once decoded).
    public var isWithinLimits: Bool {
        (1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height) && width * height <= Self.maximumPixels
    }

    /// The picture `data` holds; nil when it is not a whole JPEG or PNG.
    public static func inspect(_ data: Data) -> PictureFile? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
        return nil
    }

    private static func be16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    private static func be32(_ bytes: [UInt8], _ at: Int) -> Int { be16(bytes, at) << 16 | be16(bytes, at + 2) }

    /// A PNG: its IHDR first, an IEND last.
    private static func png(_ bytes: [UInt8]) -> PictureFile? {
        guard bytes.count >= 8 + 25 + 12, be32(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8),
              Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8) else { return nil }
        let width = be32(bytes, 16), height = be32(bytes, 20)
        guard width > 0, height > 0 else { return nil }
        return PictureFile(format: .png, width: width, height: height)
    }

    /// A JPEG: its frame header's size, and the end-of-image marker at its end.
    private static func jpeg(_ bytes: [UInt8]) -> PictureFile? {
        // Some encoders pad after the end marker.
        var end = bytes.count
        while end > 2, bytes[end - 1] == 0 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        guard end >= 4, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else { return nil }
        var index = 2
        while index + 4 <= end {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill bytes
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue }
            let length = be16(bytes, index + 2)
            guard length >= 2, index + 2 + length <= end else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { return nil }
                let height = be16(bytes, index + 5), width = be16(bytes, index + 7)
                guard width > 0, height > 0 else { return nil }
                return PictureFile(format: .jpeg, width: width, height: height)
            }
            if marker == 0xDA { return nil }  // the scan began without a frame header
            index += 2 + length
        }
        return nil
    }
}
