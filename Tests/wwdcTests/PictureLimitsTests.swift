import Foundation
import TestSupport
import TestTraits
import Testing

/// Pictures a server makes costly: one whose header claims more pixels than wwdc takes is refused
/// before it is cached or drawn, and a server sending a picture a byte at a time holds `session`'s
/// page back at most its picture's time limit.
@Suite("pictures: sizes and time limits", .offThePool)
struct PictureLimitsTests {
    /// A real PNG of `width`×`height` one-bit grey pixels, all black: 20,000×20,000 is 50 MB of rows
    /// that zlib makes a few tens of kilobytes, and a decoder gigabytes.
    static func png(width: Int, height: Int, to file: URL) async throws {
        let script = """
            import struct, sys, zlib
            w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
            z = zlib.compressobj(9)
            row = b"\\0" * (1 + (w + 7) // 8)
            body = b"".join(z.compress(row) for _ in range(h)) + z.flush()
            with open(path, "wb") as f:
                f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
                        + chunk(b"IDAT", body) + chunk(b"IEND", b""))
            """
        let made = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(width), String(height), file.path])
        try #require(made.status == 0, "\(made.stderr)")
    }

    /// A JPEG that is only a frame header claiming `width`×`height`, between its start and end markers.
    static func jpegHeader(width: Int, height: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
              0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9])
    }

    /// A bench whose session 101 picture is `write`'s file, served as a real file where the
    /// generated picture would be; and where it is on the server.
    static func bench(_ write: (URL) async throws -> Void) async throws -> (PictureBench, TemporaryDirectory) {
        let feeds = try TemporaryDirectory("wwdc-picture-feeds")
        let root = feeds.path("feeds")
        do {
            try FileManager.default.copyItem(at: ProjectPaths.fixtures, to: root)
            let bench = try await PictureBench.start(root: root)
            do {
                let text = try await bench.sessionImageURL("101")
                let address = try #require(text.flatMap { URL(string: $0) })
                let file = root.appendingPathComponent(address.path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try await write(file)
                return (bench, feeds)
            } catch {
                bench.stop()
                throw error
            }
        } catch {
            feeds.remove()
            throw error
        }
    }

    @Test("a picture whose header claims too many pixels (a real 20,000×20,000 PNG of a few kB; JPEGs of 9,000×100 and 7,000×6,000): refused before the cache, the page without it",
          arguments: ["png 20000x20000", "jpeg 9000x100", "jpeg 7000x6000"])
    func tooManyPixels(_ picture: String) async throws {
        let size = picture.split(separator: " ")[1].split(separator: "x").compactMap { Int($0) }
        let (bench, feeds) = try await Self.bench { file in
            if picture.hasPrefix("png") {
                try await Self.png(width: size[0], height: size[1], to: file)
            } else {
                try Self.jpegHeader(width: size[0], height: size[1]).write(to: file)
            }
        }
        defer { bench.stop(); feeds.remove() }

        let photos = try await bench.photos(["101"])
        #expect(photos.result.status == 1, "\(photos.result.stderr)")
        #expect(photos.result.stderr.contains("is a picture of \(size[0])×\(size[1]) pixels, larger than wwdc takes (8192 on a side, 40 megapixels)"),
                "\(photos.result.stderr)")
        // No folder at all is no file either.
        let cached = (try? bench.cacheFiles()) ?? []
        #expect(cached.isEmpty, "nothing cached: \(cached)")

        // A terminal that draws pictures itself (iTerm2's inline images: the file, as it is).
        let page = try await bench.sandbox.run(["session", "101"], environment: ["TERM_PROGRAM": "iTerm.app", "WWDC_IMAGES": "always"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(!page.stdout.contains("\u{1B}]1337"), "not drawn")
        #expect(page.stdout.contains("Keynote"))
        #expect(((try? bench.cacheFiles()) ?? []).isEmpty)
    }

    @Test("a server sending session's picture a byte a second: session gives up on it after its 10 s in all (not twice that), and shows the page without it")
    func drippingServer() async throws {
        let bench = try await PictureBench.start()
        defer { bench.stop() }
        try await bench.server.fault("/images/*", "drip", value: 1)
        // Held once carried out, so that the test can wait for the answer's end: the client gone.
        let hold = try await bench.server.hold("/images/*", answer: true)
        let running = try bench.sandbox.start(["session", "101"], environment: ["TERM_PROGRAM": "iTerm.app", "WWDC_IMAGES": "always"])
        try await bench.server.waitForHeld(hold)
        try await bench.server.release(hold)
        try await bench.server.waitForAnswered(hold, timeout: 120)
        let page = await running.finished()
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("Keynote") && !page.stdout.contains("\u{1B}]1337"))
        // A byte a second from the answer's start: the bytes sent are the seconds wwdc waited
        // (twice the limit would be 20).
        let entries = try await bench.server.log().filter { ($0["path"] as? String)?.hasPrefix("/images/") == true }
        #expect(entries.count == 1, "one attempt: \(entries)")
        let sent = try #require(entries.first?["bytes"] as? Int)
        #expect(sent >= 1 && sent <= 15, "\(sent) bytes sent")
        #expect(((try? bench.cacheFiles()) ?? []).isEmpty)
    }
}
