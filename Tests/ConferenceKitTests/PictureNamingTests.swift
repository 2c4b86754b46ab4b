import ConferenceKit
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
}
