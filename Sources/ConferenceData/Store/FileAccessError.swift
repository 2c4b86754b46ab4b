import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file wwdc writes beside its store (an export, a lock, the credentials) could not be written
/// or locked: which file, why, and what to do.
public enum FileAccessError: Error, Equatable, Sendable {
    case cannotWrite(path: String, reason: String)
    case cannotLock(path: String, reason: String)

    /// The error for `path` after a failed write, from the underlying error (Foundation's or errno).
    public static func write(_ path: String, _ error: any Error) -> FileAccessError {
        .cannotWrite(path: path, reason: reason(for: path, error))
    }

    /// Why writing `path` failed, in a few words.
    public static func reason(for path: String, _ error: (any Error)?) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return "it is a folder" }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        if let code = (error as? CocoaError)?.underlying ?? (error as? POSIXError)?.code.rawValue {
            return String(cString: strerror(code))
        }
        return "permission denied or disk full"
    }
}

extension FileAccessError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotLock(path, reason): "cannot take the lock \(path): \(reason)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .cannotWrite(path, reason) where reason == "it is a folder":
            "Give a file name, e.g. \((path as NSString).appendingPathComponent("wwdc.ics"))."
        case .cannotWrite(_, let reason) where reason.hasPrefix("the folder"):
            "Create the folder first, or write somewhere else."
        case .cannotWrite:
            "Check the permissions of the folder and the free space, or write somewhere else."
        case .cannotLock(let path, _):
            "Move \(path) aside (wwdc makes it again), or check the permissions of its folder."
        }
    }
}

private extension CocoaError {
    /// The POSIX error code behind a Foundation file error, when it has one.
    var underlying: Int32? {
        (userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
    }
}
