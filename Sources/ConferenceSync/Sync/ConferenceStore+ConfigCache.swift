import ConferenceBackend
import ConferenceData
import ConferenceModel
import Foundation
import SQLiteDatabase

// The config is kept with its ETag and its URL: when the server answers 304 for it, the sync still
// needs to know where the other feeds are, and commands that use the account service need to know
// where that is.
extension ConferenceStore {
    /// The config saved by the last successful sync, if any.
    func savedConfigBody() throws -> Data? {
        try savedConfig()?.body
    }

    /// The config saved by the last successful sync and the URL it came from.
    public func savedConfig() throws -> (body: Data, url: URL)? {
        try read { db in
            try db.fetchOne("SELECT body, url FROM sync_metadata WHERE feed = 'config'") { statement -> (Data, URL)? in
                guard let body = statement.blob("body"), let url = statement.string("url").flatMap(URL.init(string:)) else { return nil }
                return (Data(body), url)
            } ?? nil
        }
    }

    /// Where the last sync came from (the folder or server its config was read from); a server
    /// without the user name and password that a store written by an older wwdc may hold.
    public func lastSource() throws -> ConferenceSource? {
        guard let (_, url) = try savedConfig() else { return nil }
        let base = url.deletingLastPathComponent()
        if base.isFileURL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            return .folder(base)
        }
        return URL(string: WebAddress.redacted(base.absoluteString)).map { .server($0) }
    }

    /// The account service named by the last synced config, resolved against the config's URL; nil
    /// when there is none, or when it resolves into a folder (a folder source has no service).
    public func accountService() throws -> URL? {
        guard let (body, url) = try savedConfig(),
              let service = try FeedDecoder.config(from: body).accountService?.resolved(against: url),
              !service.isFileURL else { return nil }
        return service
    }
}

extension Database {
    /// Records where the config came from and, when it changed, its body (inside the save step's
    /// transaction, after its ETag).
    func saveConfig(_ body: Data?, from url: URL) throws {
        if let body {
            try execute("UPDATE sync_metadata SET body = :body, url = :url WHERE feed = 'config'",
                        named: [":body": DatabaseValue.blob([UInt8](body)), ":url": url.absoluteString])
        } else {
            try execute("UPDATE sync_metadata SET url = :url WHERE feed = 'config'", named: [":url": url.absoluteString])
        }
    }
}
