import ConferenceData
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pictures fetched so far, in one folder shared by every wwdc process: each picture is a file
/// named by a hash of its address (so no id or address from a feed ever becomes a path), beside a
/// small record of where it came from and the validators to ask for it again (ETag, Last-Modified).
///
/// Files appear whole or not at all: each is written under a temporary name and renamed, and a
/// picture and its record are renamed together under the folder's lock, so a second process never
/// sees a half-written file or a record of another version. The folder holds at most `capacity`
/// bytes: ``evict(keeping:)`` removes the pictures used longest ago (a picture's modification time
/// is when it was last fetched or used).
public struct ImageCache: Sendable {
    /// A picture in the cache.
    public struct Entry: Sendable, Equatable {
        public var url: String
        public var path: String
        public var file: PictureFile
        public var etag: String?
        public var lastModified: String?
        public var bytes: Int64
    }

    /// What a record holds, as JSON.
    private struct Record: Codable {
        var url: String
        var format: String
        var width: Int
        var height: Int
        var bytes: Int64
        var etag: String?
        var lastModified: String?
    }

    public let folder: String
    public let capacity: Int64

    /// The most the folder holds unless told otherwise: 100 MB (Apple's pictures are tens of kB).
    public static let defaultCapacity: Int64 = 100_000_000
    /// A temporary file older than this was left by a process that died: eviction removes it.
    static let abandonedAge: TimeInterval = 3600

    public init(folder: String, capacity: Int64 = ImageCache.defaultCapacity) {
        self.folder = folder
        self.capacity = capacity
    }

    /// The cache folder in the person's cache home: `$XDG_CACHE_HOME/wwdc/images`, else
    /// `~/.cache/wwdc/images`.
    public static func folder(cacheHome: String?, home: String?) throws -> String {
        if let cacheHome, cacheHome.hasPrefix("/") { return cacheHome + "/wwdc/images" }
        guard let home = home.flatMap({ $0.isEmpty ? nil : $0 }) ?? UserFolders.accountHome() else {
            throw PictureError.noCacheFolder
        }
        return home + "/.cache/wwdc/images"
    }

    /// The name every file of `url`'s picture starts with: a hash of the address, hex digits only.
    public static func key(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in url.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9E37_79B9
        }
        return [hash, second].map { value in
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    private func recordPath(_ key: String) -> String { folder + "/" + key + ".json" }
    private func picturePath(_ key: String, _ format: PictureFile.Format) -> String { folder + "/" + key + "." + format.fileExtension }

    /// The picture of `url` in the cache, whole and as recorded; nil when it is not there, or is
    /// larger than wwdc takes (an older wwdc kept it).
    public func entry(for url: String) -> Entry? {
        let key = Self.key(for: url)
        guard let data = FileManager.default.contents(atPath: recordPath(key)),
              let record = try? JSONDecoder().decode(Record.self, from: data), record.url == url,
              let format = PictureFile.Format(rawValue: record.format),
              PictureFile(format: format, width: record.width, height: record.height).isWithinLimits else { return nil }
        let path = picturePath(key, format)
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == record.bytes else { return nil }
        return Entry(url: url, path: path, file: PictureFile(format: format, width: record.width, height: record.height),
                     etag: record.etag, lastModified: record.lastModified, bytes: record.bytes)
    }

    /// Marks `entry` as just used, for the eviction's order.
    public func touch(_ entry: Entry) {
        _ = utimes(entry.path, nil)
    }

    /// Puts a fetched picture into the cache (replacing an earlier version) and returns its entry.
    public func store(_ data: Data, file: PictureFile, url: String, etag: String?, lastModified: String?) throws -> Entry {
        try prepare()
        let key = Self.key(for: url)
        let record = Record(url: url, format: file.format.rawValue, width: file.width, height: file.height,
                            bytes: Int64(data.count), etag: Self.validator(etag), lastModified: Self.validator(lastModified))
        let pictureTemporary = try writeTemporary(data, key: key)
        let recordTemporary: String
        do {
            recordTemporary = try writeTemporary(try JSONEncoder().encode(record), key: key)
        } catch {
            unlink(pictureTemporary)
            throw error
        }
        let path = picturePath(key, file.format)
        try withLock {
            let other = picturePath(key, file.format == .jpeg ? .png : .jpeg)
            unlink(other)
            guard rename(pictureTemporary, path) == 0, rename(recordTemporary, recordPath(key)) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(pictureTemporary)
                unlink(recordTemporary)
                throw PictureError.cache(path: folder, reason: reason)
            }
        }
        return Entry(url: url, path: path, file: file, etag: record.etag, lastModified: record.lastModified, bytes: record.bytes)
    }

    /// Removes the pictures used longest ago until the folder holds at most ``capacity`` bytes,
    /// never one of `keeping` (the paths this run shows); and temporary files a dead process left.
    /// Returns how many pictures were removed.
    @discardableResult
    public func evict(keeping: Set<String> = []) throws -> Int {
        guard FileManager.default.fileExists(atPath: folder) else { return 0 }
        return try withLock {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            struct Item { var key: String; var used: Double; var bytes: Int64; var paths: [String] }
            var items: [String: Item] = [:]
            var total: Int64 = 0
            let now = Date().timeIntervalSince1970
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let modified = Self.modificationTime(info)
                if name.hasPrefix(".tmp-") {
                    if now - modified > Self.abandonedAge { unlink(path) }
                    continue
                }
                guard let dot = name.firstIndex(of: "."), !name.hasPrefix(".") else { continue }
                let key = String(name[..<dot])
                var item = items[key] ?? Item(key: key, used: 0, bytes: 0, paths: [])
                item.bytes += Int64(info.st_size)
                item.paths.append(path)
                if !name.hasSuffix(".json") { item.used = max(item.used, modified) }
                items[key] = item
                total += Int64(info.st_size)
            }
            var removed = 0
            for item in items.values.sorted(by: { $0.used < $1.used }) where total > capacity {
                guard !item.paths.contains(where: keeping.contains) else { continue }
                for path in item.paths { unlink(path) }
                total -= item.bytes
                removed += 1
            }
            return removed
        }
    }

    /// Creates the folder (0700) when it is missing.
    private func prepare() throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw PictureError.cache(path: folder, reason: FileAccessError.reason(for: folder, error))
        }
    }

    /// Writes `data` to a new temporary file in the folder (never through a link) and returns its path.
    private func writeTemporary(_ data: Data, key: String) throws -> String {
        let template = folder + "/.tmp-" + key + "-XXXXXX"
        var buffer = Array(template.utf8CString)
        let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw PictureError.cache(path: folder, reason: String(cString: strerror(errno))) }
        let path = String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(fd) }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw PictureError.cache(path: folder, reason: reason)
        }
        return path
    }

    /// Runs `body` holding the folder's lock (an exclusive `flock` on `.lock`), across processes.
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        try prepare()
        let fd = open(folder + "/.lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw PictureError.cache(path: folder + "/.lock", reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw PictureError.cache(path: folder + "/.lock", reason: String(cString: strerror(errno))) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// A validator worth keeping: printable ASCII, not too long (it goes back into a header).
    private static func validator(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 256, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return value
    }
}
