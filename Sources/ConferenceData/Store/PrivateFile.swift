import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file only its owner can read, written whole: the bytes go to a new file made 0600 from the
/// start (`mkstemp`) in the same folder, flushed, then renamed over the path. So there is no moment
/// when others can read it, a reader never sees half of it, and a file that was there (whatever its
/// mode, or a link) is replaced, not written through.
public enum PrivateFile {
    /// Writes `data` to `path`, mode 0600.
    ///
    /// - Throws: ``FileAccessError/cannotWrite(path:reason:)``; what was at `path` is then left as it was.
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw FileAccessError.cannotWrite(path: path, reason: "it is a folder")
        }
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileAccessError.cannotWrite(path: path, reason: reason(path)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes it 0600; this keeps it so whatever the platform's default.
        fchmod(fd, 0o600)
        var failure: String?
        do {
            try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: data)
        } catch {
            failure = FileAccessError.reason(for: path, error)
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileAccessError.cannotWrite(path: path, reason: failure)
        }
    }

    private static func reason(_ path: String) -> String {
        let code = errno
        return code == ENOENT ? FileAccessError.reason(for: path, nil) : String(cString: strerror(code))
    }
}
