import Foundation

/// Why a picture could not be had.
public enum PictureError: Error, Equatable, Sendable {
    /// The answer was not a whole JPEG or PNG (a page of HTML, a file cut short).
    case notAPicture(url: String)
    /// The picture's header says it is larger than wwdc takes (``PictureFile/isWithinLimits``).
    case tooLarge(url: String, width: Int, height: Int)
    /// The server said "not modified" for a picture the cache no longer holds.
    case cacheEntryLost(url: String)
    /// The cache folder cannot be used.
    case cache(path: String, reason: String)
    /// No home folder to put the cache in.
    case noCacheFolder
    /// The item names no picture wwdc can address; `reason` says why.
    case noPicture(item: String, reason: String)
    /// A file cannot be written in the folder asked for.
    case copy(path: String, reason: String)
}

extension PictureError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .notAPicture(url): "\(url) did not answer with a whole JPEG or PNG picture"
        case let .tooLarge(url, width, height):
            "\(url) is a picture of \(width)×\(height) pixels, larger than wwdc takes (\(PictureFile.maximumSide) on a side, "
                + "\(PictureFile.maximumPixels / 1_000_000) megapixels)"
        case let .cacheEntryLost(url): "\(url): the cached copy went away"
        case let .cache(path, reason): "cannot use the picture cache \(path): \(reason)"
        case .noCacheFolder: "no home folder for the picture cache"
        case let .noPicture(item, reason): "\(item) has no picture: \(reason)"
        case let .copy(path, reason): "cannot write \(path): \(reason)"
        }
    }
}
