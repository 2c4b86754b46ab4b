import CCurl

/// Has the kernel write a file to disk while the file is still coming, a chunk at a time, so that
/// the fsync before the file is named finds little left to write.
///
/// Without it the disk idles while the bytes come and the whole file is written at the fsync: for
/// 1 GiB over loopback, 0.7–0.85 s of a 2 s download. Each whole chunk is handed to the kernel's
/// writeback as soon as it is in the file, and the one two chunks back is waited for: pages not yet
/// on disk stay within about three chunks, and a disk slower than the network slows the transfer
/// rather than filling memory. Linux only (`sync_file_range`); elsewhere nothing is asked and the
/// fsync writes everything, as it always did. The fsync stays either way: it alone makes the file
/// durable.
struct WriteBehind {
    /// Bytes handed to the writeback at a time.
    let chunk: Int64
    /// Where the first chunk starts.
    private let start: Int64
    /// Where the next chunk starts.
    private var next: Int64
    /// Bytes the kernel was asked to write behind (none where the system cannot be asked).
    private(set) var requested: Int64 = 0

    /// Chunks of `chunk` bytes (at least one page) from `offset`, where the bytes being written start.
    init(from offset: Int64, chunk: Int64) {
        self.chunk = max(4096, chunk)
        start = offset
        next = offset
    }

    /// The file `fd` holds the bytes up to `end`: hands each chunk completed since the last call to
    /// the writeback, then waits for the chunk two before it (one chunk is left to finish while
    /// the next comes, so a short stall of the disk does not stop the transfer).
    mutating func wrote(upTo end: Int64, in fd: Int32) {
        while end - next >= chunk {
            // Failures are not errors here: the fsync writes what was not, and reports what fails.
            if wwdc_file_start_writing(fd, next, chunk) == 0 { requested += chunk }
            let waited = next - 2 * chunk
            if waited >= start { _ = wwdc_file_wait_written(fd, waited, chunk) }
            next += chunk
        }
    }
}
