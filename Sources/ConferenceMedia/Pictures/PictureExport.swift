import ConferenceData
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies of cached pictures in a folder of the person's choosing, under names made only of
/// lowercase ASCII letters, digits, dashes and underscores, whatever the feed's ids hold.
public enum PictureExport {
    /// The file name of `picture` in `format`: the session's id (`wwdc2017-102.jpg`), or the news
    /// item's and the photo's (`<news id>_<photo id>.jpg`), each folded and hashed as video
    /// downloads' are when it is not plain already.
    public static func fileName(for picture: Picture, format: PictureFile.Format) -> String {
        var name = DownloadNaming.idField(picture.owner)
        if picture.id != picture.owner { name += "_" + DownloadNaming.idField(picture.id.lowercased()) }
        return name + "." + format.fileExtension
    }

    /// Copies `entry` into `folder` as `fileName(for:format:)` (written under a temporary name,
    /// then renamed, so a link planted at the name is replaced, never written through); returns the
    /// copy's path.
    public static func copy(_ entry: ImageCache.Entry, of picture: Picture, into folder: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw PictureError.copy(path: folder, reason: FileAccessError.reason(for: folder, error))
        }
        let path = (folder as NSString).appendingPathComponent(fileName(for: picture, format: entry.file.format))
        let temporary = path + ".part-\(getpid())"
        unlink(temporary)
        let input = open(entry.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw PictureError.copy(path: path, reason: errorText()) }
        defer { close(input) }
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw PictureError.copy(path: path, reason: errorText()) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var failed = false
        while !failed {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { failed = true; break }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { failed = true; break }
                offset += written
            }
        }
        let reason = failed ? errorText() : nil
        close(output)
        if let reason {
            unlink(temporary)
            throw PictureError.copy(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw PictureError.copy(path: path, reason: reason)
        }
        return path
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
