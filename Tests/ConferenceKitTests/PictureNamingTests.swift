import ConferenceData
import ConferenceMedia
import ConferenceModel
import Foundation
import Testing

/// Names of pictures on disk come from hashes or a strict folding, never from a feed's text as it is.
@Suite("Picture names and addresses")
struct PictureNamingTests {
    static let hostile = ["../../etc/passwd", "-rf", "a/b", "..", "", "x\u{0}y", "\u{1B}]8;;evil\u{07}", "C:\\windows", "/abs/path",
                          "wwdc2026-101", String(repeating: "é", count: 300)]

    @Test("cache names are hex digits whatever the address")
    func cacheKeys() {
        for text in Self.hostile + ["https://h/../../x.jpg", "https://h/a?b=../c#/../d"] {
            let key = ImageCache.key(for: text)
            #expect(key.wholeMatch(of: #/[0-9a-f]{32}/#) != nil, "\(text): \(key)")
        }
        #expect(ImageCache.key(for: "https://h/a.jpg") != ImageCache.key(for: "https://h/b.jpg"))
    }

    @Test("copies are named with lowercase letters, digits, dashes and underscores, one name per picture")
    func exportNames() throws {
        var names = Set<String>()
        for owner in Self.hostile {
            for id in ["PHOTO-1", owner] {
                let picture = Picture(id: id, owner: owner, url: URL(string: "https://example.com/p.jpg")!)
                let name = PictureExport.fileName(for: picture, format: .jpeg)
                #expect(name.wholeMatch(of: #/[a-z0-9][a-z0-9_-]*\.jpg/#) != nil, "\(owner) \(id): \(name)")
                #expect(name.utf8.count < 200)
                names.insert(name)
            }
        }
        #expect(names.count == Set(Self.hostile.flatMap { [$0 + "\u{0}PHOTO-1", $0 + "\u{0}" + $0] }).count)
    }

    @Test("photo ids that are not letters, digits and dashes are refused; the rest resolve against the news feed")
    func photoAddresses() throws {
        let feed = URL(string: "https://cdn.example.com/feeds/news.json")!
        for id in ["../x", "-rf", "a/b", "a?b", "%2e%2e", ""] {
            guard case .failure = PictureAddress.newsPhoto(id: id, ratio: 1.5, newsItem: "n", newsFeed: feed) else {
                Issue.record("\(id) was taken")
                continue
            }
        }
        let picture = try PictureAddress.newsPhoto(id: "AB-12", ratio: 1.5, newsItem: "n", newsFeed: feed, width: 600).get()
        #expect(picture.url.absoluteString == "https://cdn.example.com/feeds/AB-12/1024.jpeg")
        #expect(picture.height == 683)
    }

    @Test("a session's picture: ConfCore's wide 900x506 under the event's imagesPath, or a reason")
    func sessionAddresses() throws {
        let picture = try PictureAddress.session(id: "wwdc2017-102", imagesPath: "https://devimages-cdn.apple.com/wwdc-services/images/7",
                                                 staticContentID: 1925, kinds: ["square", "wide"]).get()
        #expect(picture.url.absoluteString == "https://devimages-cdn.apple.com/wwdc-services/images/7/1925/1925_wide_900x506_1x.jpg")
        #expect(PictureAddress.session(id: "x", imagesPath: "../../2026", staticContentID: 1, kinds: ["wide"]) == .failure(.badImagesPath("../../2026")))
        #expect(PictureAddress.session(id: "x", imagesPath: "https://h/i?x=", staticContentID: 1, kinds: ["wide"]) == .failure(.badImagesPath("https://h/i?x=")))
        #expect(PictureAddress.session(id: "x", imagesPath: "https://h/i", staticContentID: 0, kinds: ["wide"]) == .failure(.badStaticContentID))
        #expect(PictureAddress.session(id: "x", imagesPath: "https://h/i", staticContentID: 3, kinds: ["banner"]) == .failure(.noKind))
    }

    /// Apple's `imageTypes` (2017 and 2020b), by kind.
    static let appleSizes: [String: [ImageType.Size]] = [
        "square": [.init(width: 162, height: 162)],
        "wide": [(85, 48), (162, 91), (217, 122), (250, 141), (304, 171), (375, 211), (414, 233), (466, 262), (900, 506)]
            .map { ImageType.Size(width: $0.0, height: $0.1) },
    ]

    @Test("a session's picture in the size imageTypes lists: the smallest at least that wide, else the widest; wide first, else square",
          arguments: [(1, "wide_85x48"), (85, "wide_85x48"), (86, "wide_162x91"), (300, "wide_304x171"), (304, "wide_304x171"),
                      (467, "wide_900x506"), (900, "wide_900x506"), (901, "wide_900x506"), (10_000, "wide_900x506")])
    func sessionSizes(width: Int, name: String) throws {
        let picture = try PictureAddress.session(id: "x", imagesPath: "https://h/i", staticContentID: 7, kinds: ["square", "wide"],
                                                 sizes: Self.appleSizes, width: width).get()
        #expect(picture.url.absoluteString == "https://h/i/7/7_\(name)_1x.jpg")
        let size = name.split(separator: "_")[1].split(separator: "x").map { Int($0) }
        #expect([picture.width, picture.height] == size)
    }

    @Test("a square-only session, unsorted sizes, and a feed that lists none or not the kind's: ConfCore's sizes")
    func sessionSizeFallbacks() throws {
        func name(_ kinds: [String], _ sizes: [String: [ImageType.Size]], _ width: Int) throws -> String {
            try PictureAddress.session(id: "x", imagesPath: "https://h/i", staticContentID: 7, kinds: kinds, sizes: sizes, width: width)
                .get().url.lastPathComponent
        }
        #expect(try name(["square"], Self.appleSizes, 300) == "7_square_162x162_1x.jpg")
        let unsorted = ["wide": [ImageType.Size(width: 1280, height: 720), .init(width: 320, height: 180), .init(width: 640, height: 360)]]
        #expect(try name(["wide"], unsorted, 300) == "7_wide_320x180_1x.jpg")
        #expect(try name(["wide"], unsorted, 321) == "7_wide_640x360_1x.jpg")
        #expect(try name(["wide"], unsorted, 2000) == "7_wide_1280x720_1x.jpg")
        // No imageTypes, or none for the kind: ConfCore's one size, whatever the width asked.
        for width in [1, 300, 900, 5000] {
            #expect(try name(["wide", "square"], [:], width) == "7_wide_900x506_1x.jpg")
            #expect(try name(["wide"], ["square": [.init(width: 40, height: 40)], "wide": []], width) == "7_wide_900x506_1x.jpg")
            #expect(try name(["square"], [:], width) == "7_square_162x162_1x.jpg")
        }
        #expect(PictureAddress.size([], fitting: 300) == nil)
    }

    /// A JPEG that is only a frame header claiming `width`×`height`, between its start and end markers.
    static func jpegHeader(width: Int, height: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
              0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9])
    }

    /// A PNG that is only an IHDR claiming `width`×`height`, then an IEND.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        bytes += [8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Array("IEND".utf8) + [0, 0, 0, 0]
        return Data(bytes)
    }

    @Test("a picture's size as its header says it: within 8,192 on a side and 40 megapixels, or refused, whatever the format")
    func sizeLimits() throws {
        let within: [(Int, Int)] = [(8192, 4882), (6324, 6324), (1, 8192), (900, 506)]
        let beyond: [(Int, Int)] = [(8193, 100), (100, 8193), (6400, 6400), (8192, 8192), (20000, 20000), (65535, 65535)]
        for (width, height) in within {
            let jpeg = try #require(PictureFile.inspect(Self.jpegHeader(width: width, height: height)))
            #expect(jpeg.width == width && jpeg.height == height && jpeg.isWithinLimits, "\(width)×\(height)")
            let png = try #require(PictureFile.inspect(Self.pngHeader(width: UInt32(width), height: UInt32(height))))
            #expect(png.isWithinLimits, "\(width)×\(height)")
        }
        for (width, height) in beyond {
            #expect(PictureFile.inspect(Self.jpegHeader(width: width, height: height))?.isWithinLimits == false, "\(width)×\(height)")
            #expect(PictureFile.inspect(Self.pngHeader(width: UInt32(width), height: UInt32(height)))?.isWithinLimits == false, "\(width)×\(height)")
        }
        // A PNG's sides are 32 bits: their product would overflow a check that multiplied first.
        #expect(PictureFile.inspect(Self.pngHeader(width: .max, height: .max))?.isWithinLimits == false)
        #expect(!PictureFile(format: .png, width: -1 << 40, height: -1 << 40).isWithinLimits)
    }
}
