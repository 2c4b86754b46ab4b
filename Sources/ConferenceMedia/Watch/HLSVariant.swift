import Foundation

/// One variant of an HLS stream as its master playlist names it (`#EXT-X-STREAM-INF`): where its
/// own playlist is, its peak bandwidth and the size of its pictures.
public struct HLSVariant: Sendable, Equatable {
    /// The variant's playlist, resolved against the master's address.
    public var url: URL
    /// `BANDWIDTH`: its peak bits a second (what mpv's `--hls-bitrate` compares).
    public var bandwidth: Int
    /// `RESOLUTION`'s width and lines; nil when the master does not say.
    public var width: Int?
    public var height: Int?

    public init(url: URL, bandwidth: Int, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.bandwidth = bandwidth
        self.width = width
        self.height = height
    }

    /// The variants of the master playlist `text`, fetched from `base`, in its order: none when it
    /// is not one (a media playlist, or not a playlist). A variant without a BANDWIDTH, which the
    /// format requires, or with an address that is none, is left out.
    public static func variants(inMaster text: String, base: URL) -> [HLSVariant] {
        var lines = text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.makeIterator()
        guard lines.next() == "#EXTM3U" else { return [] }
        let tag = "#EXT-X-STREAM-INF:"
        var variants: [HLSVariant] = []
        var pending: [String: String]?
        while let line = lines.next() {
            if line.hasPrefix(tag) {
                pending = attributes(line.dropFirst(tag.count))
            } else if !line.isEmpty, !line.hasPrefix("#"), let attributes = pending {
                // The line after the tag, whatever tags come between, is the variant's address.
                pending = nil
                guard let bandwidth = attributes["BANDWIDTH"].flatMap(decimal), bandwidth > 0,
                      let url = URL(string: line, relativeTo: base)?.absoluteURL else { continue }
                let size = attributes["RESOLUTION"]?.split(separator: "x", omittingEmptySubsequences: false).map { decimal($0) } ?? []
                let (width, height) = size.count == 2 ? (size[0], size[1]) : (nil, nil)
                variants.append(HLSVariant(url: url, bandwidth: bandwidth, width: width, height: height))
            }
        }
        return variants
    }

    /// An attribute list (`BANDWIDTH=6000000,CODECS="avc1,mp4a",RESOLUTION=1920x1080`): each name's
    /// value, without the quotes of a quoted one (which may hold commas).
    static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            var value = rest[rest.index(after: equals)...]
            if value.first == "\"" {
                value = value.dropFirst()
                let close = value.firstIndex(of: "\"") ?? value.endIndex
                result[name] = String(value[..<close])
                rest = close == value.endIndex ? "" : value[value.index(after: close)...]
                rest = rest.drop { $0 != "," }.dropFirst()
            } else {
                let comma = value.firstIndex(of: ",") ?? value.endIndex
                result[name] = value[..<comma].trimmingCharacters(in: .whitespaces)
                rest = comma == value.endIndex ? "" : value[value.index(after: comma)...]
            }
        }
        return result
    }

    /// A decimal-integer (digits only, as the format writes them); nil for anything else or one too large.
    private static func decimal(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
