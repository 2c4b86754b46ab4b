@testable import ConferenceData
@testable import ConferenceMedia
import Foundation
import Operations
import TestSupport
import TestTraits
import Testing

@Suite("Downloads: the file handed to the disk while it comes", .offThePool)
struct WriteBehindTests {
    static let chunk: Int64 = 1 << 20

    /// One attempt at `item`, run to its end, writing behind a chunk of ``chunk`` bytes at a time.
    private func attempt(_ item: DownloadItem, _ store: ConferenceStore) -> MediaDownloadOperation {
        let attempt = MediaDownloadOperation(item: item, store: store, writeBehindChunk: Self.chunk)
        let queue = AdvancedOperationQueue()
        queue.addOperation(attempt)
        queue.waitUntilAllOperationsAreFinished()
        return attempt
    }

    @Test("a file of several chunks, dropped midway then resumed: the server's bytes, and each attempt's whole chunks handed to the disk as they came")
    func droppedThenResumed() async throws {
        let server = try await ReferenceServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let path = "/videos/write-behind/a.mp4"
        let size = 5 * Self.chunk + 12_345
        try await server.configureMedia(path, size: Int(size), dropAt: Int(3 * Self.chunk + 4_321), times: 1)
        let item = DownloadItem(sessionID: "wwdc2026-101", quality: .hd, url: server.url(path).absoluteString,
                                path: folder.file("a.mp4"), title: "A")

        let first = attempt(item, store)
        #expect(first.outcome == nil && !first.errors.isEmpty)
        let kept = try #require(FileSize.of(item.partPath))
        #expect(kept > 0 && kept < size, "kept \(kept)")

        let second = attempt(item, store)
        #expect(second.errors.isEmpty, "\(second.errors)")
        #expect(second.outcome == .downloaded(fetched: size - kept, size: size))
        let digest = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", item.path])
        #expect(String(digest.stdout.prefix(64)) == (try await server.mediaInfo(path)).sha256)
        #expect(!FileManager.default.fileExists(atPath: item.partPath))

        // Counted from where each attempt's bytes started; the last, partial chunk is the fsync's.
        #if os(Linux)
        #expect(first.bytesWrittenBehind == kept / Self.chunk * Self.chunk)
        #expect(second.bytesWrittenBehind == (size - kept) / Self.chunk * Self.chunk)
        #expect(second.bytesWrittenBehind >= 2 * Self.chunk)
        #else
        #expect(first.bytesWrittenBehind == 0 && second.bytesWrittenBehind == 0)
        #endif
    }
}
