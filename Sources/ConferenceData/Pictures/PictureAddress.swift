import ConferenceModel
import Foundation

/// Where the feeds' pictures are: the rules of docs/feed-format.md, as the open-source WWDC app for
/// macOS (ConfCore) builds them, each part checked before it goes into an address.
public enum PictureAddress {
    /// The size asked for when none is: ConfCore's only session picture, 900 pixels wide.
    public static let defaultWidth = 900

    /// The kinds of session picture wwdc asks for, the first the session has: ConfCore's `wide`,
    /// else `square`.
    public static let sessionKinds = ["wide", "square"]

    /// A kind's size when the feed's `imageTypes` gives none: ConfCore's `wide` 900x506 (the one
    /// the app uses), and the one `square` size Apple's feeds list (162x162).
    public static let fallbackSizes = ["wide": ImageType.Size(width: 900, height: 506), "square": ImageType.Size(width: 162, height: 162)]

    /// The widths of a news photo (ConfCore's mini, small, medium and large).
    public static let photoWidths = [256, 512, 1024, 2048]

    /// Why a picture cannot be addressed.
    public enum Refusal: Error, Equatable, Sendable {
        case noImagesPath
        case badImagesPath(String)
        case badStaticContentID
        case badPhotoID(String)
        case noKind
    }

    /// A session's picture: `<imagesPath>/<sid>/<sid>_<kind>_<width>x<height>_1x.jpg`, the first of
    /// ``sessionKinds`` the session has, in the size of `sizes` (the feed's `imageTypes`, by kind)
    /// that fits `width` (``size(_:fitting:)``), else the kind's ``fallbackSizes``. Kinds nil
    /// means the feed does not say: `wide`, as ConfCore assumes.
    public static func session(id: String, imagesPath: String?, staticContentID: Int?, kinds: [String]?,
                               sizes: [String: [ImageType.Size]] = [:], width: Int = defaultWidth) -> Result<Picture, Refusal> {
        guard let imagesPath, !imagesPath.isEmpty else { return .failure(.noImagesPath) }
        guard let sid = staticContentID, sid > 0 else { return .failure(.badStaticContentID) }
        let offered = kinds ?? ["wide"]
        guard let kind = sessionKinds.first(where: offered.contains),
              let variant = size(sizes[kind] ?? [], fitting: width) ?? fallbackSizes[kind] else { return .failure(.noKind) }
        let base = imagesPath.hasSuffix("/") ? String(imagesPath.dropLast()) : imagesPath
        // The base must be a web address of its own: no query or fragment the path would land in.
        guard let baseURL = URL(string: base), baseURL.scheme != nil, baseURL.host != nil, baseURL.query == nil,
              baseURL.fragment == nil, !base.contains("\\"), WebAddress.refusal(for: baseURL) != .notWeb else {
            return .failure(.badImagesPath(base))
        }
        let name = "\(sid)_\(kind)_\(variant.width)x\(variant.height)_1x.jpg"
        guard let url = URL(string: "\(base)/\(sid)/\(name)") else { return .failure(.badImagesPath(base)) }
        return .success(Picture(id: id, owner: id, url: url, width: variant.width, height: variant.height))
    }

    /// The smallest of `sizes` at least `width` wide, else the widest; nil when there are none.
    public static func size(_ sizes: [ImageType.Size], fitting width: Int) -> ImageType.Size? {
        sizes.filter { $0.width >= width }.min { $0.width < $1.width } ?? sizes.max { $0.width < $1.width }
    }

    /// A news photo: `<id>/<width>.jpeg` resolved against the news feed's address, the smallest of
    /// ``photoWidths`` at least `width` wide (else the largest); its height from the photo's ratio.
    public static func newsPhoto(id: String, ratio: Double?, newsItem: String, newsFeed: URL, width: Int = defaultWidth) -> Result<Picture, Refusal> {
        guard isPhotoID(id) else { return .failure(.badPhotoID(id)) }
        let chosen = photoWidths.first { $0 >= width } ?? photoWidths[photoWidths.count - 1]
        guard let url = URL(string: "\(id)/\(chosen).jpeg", relativeTo: newsFeed)?.absoluteURL else { return .failure(.badPhotoID(id)) }
        let height = ratio.flatMap { $0.isFinite && $0 > 0.01 && $0 < 100 ? Int((Double(chosen) / $0).rounded()) : nil }
        return .success(Picture(id: id, owner: newsItem, url: url, width: chosen, height: height))
    }

    /// A photo id that may go into an address: ASCII letters, digits and dashes (Apple's are UUIDs).
    static func isPhotoID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 100 && !id.hasPrefix("-") && id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
        }
    }
}

extension PictureAddress.Refusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noImagesPath: "its event names no imagesPath"
        case .badImagesPath(let path): "its event's imagesPath is not an address: \(path.prefix(80))"
        case .badStaticContentID: "it has no staticContentId"
        case .badPhotoID(let id): "the photo id '\(id.prefix(40))' is not letters, digits and dashes"
        case .noKind: "it has no picture of a kind wwdc knows"
        }
    }
}
