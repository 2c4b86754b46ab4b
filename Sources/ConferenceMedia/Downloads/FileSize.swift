#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sizes and free space from the file system, without Foundation's file manager (which raises on
/// some errors and allocates dictionaries of attributes).
enum FileSize {
    /// The size of the regular file at `path`, or nil when there is none.
    static func of(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// The bytes an unprivileged writer may still use in the file system holding `folder`, or nil
    /// when it cannot be told.
    static func available(in folder: String) -> Int64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
