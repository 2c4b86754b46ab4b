import Foundation

/// Reads feeds from a local folder (URLSession on Linux cannot read `file://`). The ETag is a hash of
/// the file's content, so an unchanged file is answered "not modified" as a server would.
public struct FolderTransport: FeedTransport {
    public init() {}

    public func fetch(_ request: FeedRequest, completion: @escaping @Sendable (Result<FeedResponse, BackendError>) -> Void) -> FeedFetch {
        DispatchQueue.global().async {
            completion(Self.read(request))
        }
        return FeedFetch()
    }

    static func read(_ request: FeedRequest) -> Result<FeedResponse, BackendError> {
        guard request.url.isFileURL else {
            return .failure(.invalidSource(request.url.absoluteString))
        }
        let path = request.url.path
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.missingFile(feed: request.feed, path: path))
        }
        let etag = "\"\(ContentHash.hex(of: data))\""
        if etag == request.etag { return .success(.notModified(etag: etag)) }
        return .success(.modified(data, etag: etag))
    }
}
