import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Pipe {
    /// Marks both ends close-on-exec. Foundation's `Process` does not close the descriptors a child
    /// inherits: without this, every child started while the pipe exists (tests run in parallel) keeps
    /// a copy of its ends, and a reader never sees the end of the file, or a server the end of its input.
    /// The child that is given the pipe as standard input or output still gets it (dup2 clears the flag).
    public func closingOnExec() -> Pipe {
        for handle in [fileHandleForReading, fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return self
    }
}
