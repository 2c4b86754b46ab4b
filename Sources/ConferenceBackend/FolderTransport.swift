import ConferenceModel
import Foundation

/// Reads feeds from a local folder, as the HTTP transport reads them from a server. The ETag is a
/// hash of the content, so an unchanged file is answered "not modified" as a server would. A
/// compressed file (gzip, zlib) is decoded, and no file yields more than the request's limit.
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
        guard let file = FileHandle(forReadingAtPath: path) else {
            return .failure(.missingFile(feed: request.feed, path: path))
        }
        defer { try? file.close() }
        do {
            // A file of gzip or zlib data is decoded, within the limit, as a server's body would be.
            let raw = try file.read(upToCount: 2) ?? Data()
            try file.seek(toOffset: 0)
            let data: Data
            if FeedBody.isGzip(Array(raw)) || FeedBody.isZlib(Array(raw)) {
                data = try FeedBody.decode(file: file, feed: request.feed, limit: request.limit).data
            } else {
                // A plain file is refused by its size, before it is read.
                let size = try file.seekToEnd()
                try file.seek(toOffset: 0)
                guard size <= UInt64(request.limit) else {
                    throw BackendError.tooLarge(feed: request.feed, limit: request.limit, compressed: false)
                }
                data = try file.readToEnd() ?? Data()
            }
            let etag = "\"\(ContentHash.hex(of: data))\""
            if etag == request.etag { return .success(.notModified(etag: etag)) }
            return .success(.modified(data, etag: etag))
        } catch let error as BackendError {
            return .failure(error)
        } catch {
            return .failure(.transport(feed: request.feed, detail: "cannot read \(path): \(ErrorText.message(error))"))
        }
    }
}
