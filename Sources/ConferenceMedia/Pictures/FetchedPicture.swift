import ConferenceData

/// A picture fetched and where it is now: the cache's file, or the copy made of it.
public struct FetchedPicture: Sendable {
    public var picture: Picture
    public var entry: ImageCache.Entry
    /// The file shown: the cache's, or its copy in the folder asked for.
    public var path: String

    public init(picture: Picture, entry: ImageCache.Entry, path: String) {
        self.picture = picture
        self.entry = entry
        self.path = path
    }

    /// `photos --json`.
    public static let document = DocumentShape<FetchedPicture>([
        .string("id", "the session's id, or the photo's", \.picture.id),
        .string("path", "the picture's file: in the cache, or the copy in the folder asked for", \.path),
        .integer("width", "its width in pixels, as read from the file", \.entry.file.width),
        .integer("height", "its height in pixels, as read from the file", \.entry.file.height),
        .string("url", "where it was fetched", \.picture.url.absoluteString),
    ])
}
