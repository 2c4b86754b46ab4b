@testable import ConferenceData
@testable import ConferenceMedia
@testable import ConferenceModel
import Foundation
import Operations
import TestTraits
import Testing

@Suite("Downloads: names, ranges, subtitles, retry decisions and records", .offThePool)
struct DownloadPartsTests {
    @Test("file names are <id>_<title>_<quality>.mp4 in safe ASCII, whatever the title holds")
    func names() {
        #expect(DownloadNaming.fileName(sessionID: "wwdc2026-101", title: "Keynote", quality: .hd,
                                        url: "https://x.example/101_hd.mp4") == "wwdc2026-101_keynote_hd.mp4")
        #expect(DownloadNaming.fileName(sessionID: "wwdc2026-102", title: "What’s new in SwiftUI — Café",
                                        quality: .sd, url: "https://x.example/v.m4v?x=1") == "wwdc2026-102_what-s-new-in-swiftui-cafe_sd.m4v")
        let hostile = DownloadNaming.fileName(sessionID: "wwdc2026-9", title: "../../etc/passwd\u{1B}[2J --rm -rf /\u{202E}gpj.exe\0",
                                              quality: .hd, url: "https://x.example/a.sh")
        #expect(hostile == "wwdc2026-9_etc-passwd-2j-rm-rf-gpj-exe_hd.mp4")
        #expect(hostile.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        // No title at all: still a name.
        #expect(DownloadNaming.fileName(sessionID: "tech-talks-110337", title: "日本語", quality: .hd, url: "") == "tech-talks-110337_hd.mp4")
        let long = DownloadNaming.fileName(sessionID: "e-1", title: String(repeating: "word ", count: 100), quality: .hd, url: "")
        #expect(long.count < 100 && !long.contains("--"))
        // An id that is not lowercase words is folded and hashed: safe, and never another id's field.
        let odd = DownloadNaming.fileName(sessionID: "-WWDC 2026/../101", title: "Keynote", quality: .hd, url: "")
        #expect(odd.hasPrefix("wwdc-2026-101--") && odd.hasSuffix("_keynote_hd.mp4") && !odd.contains("/"), "\(odd)")
    }

    @Test("names are unique per session and quality, whatever the numbers, titles and ids")
    func uniqueNames() {
        // Same number and title (the feed's eventContentId), ids that differ; ids that fold alike;
        // an id and a title that would run into each other if joined by dashes alone.
        let sessions: [(id: String, title: String)] = [
            ("wwdc2026-907", "Keynote"), ("wwdc2026-9070", "Keynote"), ("WWDC2026-907", "Keynote"), ("wwdc2026_907", "Keynote"),
            ("wwdc2026-907 ", "Keynote"), ("a-1", "2 x"), ("a-1-2", "x"), ("a-1-2-x", ""), ("a-1", "2 x hd"),
        ]
        var names: [String: String] = [:]
        for session in sessions {
            for quality in MediaQuality.allCases {
                let name = DownloadNaming.fileName(sessionID: session.id, title: session.title, quality: quality, url: "https://x.example/v.mp4")
                #expect(names.updateValue("\(session.id) \(quality)", forKey: name) == nil, "\(name) twice")
            }
        }
        #expect(names.count == sessions.count * MediaQuality.allCases.count)
    }

    @Test("Content-Range headers: ranges, unknown totals, and nonsense refused")
    func contentRange() {
        let range = ContentRange("bytes 100-199/1000")
        #expect(range?.first == 100 && range?.last == 199 && range?.total == 1000)
        #expect(ContentRange("bytes */1000")?.total == 1000)
        #expect(ContentRange("bytes */1000")?.first == nil)
        #expect(ContentRange("bytes 0-9/*")?.total == nil)
        #expect(ContentRange("bytes 10-5/100") == nil)
        #expect(ContentRange("bytes 0-1000/1000") == nil)
        #expect(ContentRange("items 0-1/2") == nil)
        #expect(ContentRange(nil) == nil)
    }

    @Test("subtitles: a cue per paragraph until the next, in WebVTT timestamps, text kept on one line")
    func webVTT() {
        let transcript = SessionTranscript(sessionID: "s", title: "T", language: "en", duration: 3725.5, paragraphs: [
            .init(start: 0, text: "Hello --> there."), .init(start: 61.25, text: "Two\nlines."), .init(start: 3700, text: "End."),
        ])
        let document = WebVTTWriter.document(transcript)
        #expect(document.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> 00:01:01.250\nHello → there.\n"))
        #expect(document.contains("\n2\n00:01:01.250 --> 01:01:40.000\nTwo lines.\n"))
        #expect(document.hasSuffix("\n3\n01:01:40.000 --> 01:02:05.500\nEnd.\n"))
    }

    @Test("retry decisions: dropped connections, stalls, 5xx and 429 retried; 404, a full disk, an unreachable host and cancellation not")
    func retryDecisions() {
        let retried: [DownloadError] = [.connectionLost(detail: "x"), .stalled(seconds: 1), .httpStatus(status: 503, url: "", retryAfter: 2),
                                        .httpStatus(status: 429, url: "", retryAfter: nil), .incomplete(received: 1, expected: 2)]
        for error in retried { #expect(DownloadError.shouldRetry([error]), "\(error)") }
        let final: [DownloadError] = [.httpStatus(status: 404, url: "", retryAfter: nil), .diskFull(path: "p", written: 1),
                                      .notEnoughSpace(folder: "f", needed: 2, available: 1), .unsafeURL("http://example.com/"),
                                      .unreachable(host: "h", reason: "r")]
        for error in final { #expect(!DownloadError.shouldRetry([error]), "\(error)") }
        #expect(!DownloadError.shouldRetry([DownloadError.connectionLost(detail: "x"), CancellationError()]))
        #expect(DownloadError.httpStatus(status: 503, url: "", retryAfter: 2).retryAfter == 2)
        #expect(DownloadSettings.defaultRetry.delay(afterFailedAttempt: 1, errors: [DownloadError.httpStatus(status: 503, url: "", retryAfter: 7)]) >= 7)
    }

    @Test("libcurl failures: trust and address problems are said at once, a dropped connection is retried")
    func curlFailures() {
        let url = "https://media.example/v.mp4"
        #expect(MediaDownloadOperation.classify(code: 60, message: "SSL peer certificate", url: url)
                == .untrusted(host: "media.example", reason: "SSL peer certificate"))
        #expect(MediaDownloadOperation.classify(code: -1, message: "cannot load libcurl", url: url)
                == .transferUnavailable(reason: "cannot load libcurl"))
        #expect(MediaDownloadOperation.classify(code: 47, message: "x", url: url) == .unusableResponse(detail: "too many redirects"))
        for code: Int32 in [1, 3, 6, 47, 58, 60, 77, -1] {
            #expect(!MediaDownloadOperation.classify(code: code, message: "x", url: url).isRetriable, "code \(code)")
        }
        for code: Int32 in [18, 35, 52, 56] {
            #expect(MediaDownloadOperation.classify(code: code, message: "x", url: url).isRetriable, "code \(code)")
        }
    }

    @Test("a stored validator goes into If-Range only as one line of printable text")
    func sendableValidators() {
        #expect(MediaDownloadOperation.sendable(validator: "\"abc-123\"") == "\"abc-123\"")
        #expect(MediaDownloadOperation.sendable(validator: "Wed, 21 Oct 2026 07:28:00 GMT") == "Wed, 21 Oct 2026 07:28:00 GMT")
        #expect(MediaDownloadOperation.sendable(validator: "\"a\"\r\nX-Injected: 1") == nil)
        #expect(MediaDownloadOperation.sendable(validator: "") == nil)
        #expect(MediaDownloadOperation.sendable(validator: String(repeating: "a", count: 2000)) == nil)
    }

    @Test("records: queued, started with a validator, done; asking again for another file starts over")
    func records() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        let item = DownloadItem(sessionID: "wwdc2026-101", quality: .hd, url: "https://x.example/a.mp4", path: folder.file("a.mp4"), title: "A")
        try store.write { db in
            try db.recordDownloadQueued(item)
            try db.recordDownloadStarted(item, validator: "\"v1\"", totalBytes: 10)
        }
        var record = try #require(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) })
        #expect(record.state == .partial && record.validator == "\"v1\"" && record.totalBytes == 10)
        // The same item again keeps what is known (a resume needs the validator).
        try store.write { try $0.recordDownloadQueued(item) }
        record = try #require(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) })
        #expect(record.state == .partial && record.validator == "\"v1\"")
        // Another address: nothing known of the bytes holds any more.
        var moved = item
        moved.url = "https://x.example/b.mp4"
        try store.write { try $0.recordDownloadQueued(moved) }
        record = try #require(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) })
        #expect(record.state == .queued && record.validator == nil && record.totalBytes == nil)
        // Done is complete only while the file is there at its size.
        try Data(count: 10).write(to: URL(fileURLWithPath: moved.path))
        try store.write { try $0.recordDownloadDone(moved, totalBytes: 10) }
        record = try #require(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) })
        #expect(record.isComplete && record.bytesOnDisk == 10)
        #expect(try store.read { try $0.downloadedSessionIDs() } == ["wwdc2026-101"])
        // A failure never overwrites a finished download.
        try store.write { try $0.recordDownloadFailed(moved, reason: "late") }
        #expect(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) }?.state == .done)
        try FileManager.default.removeItem(atPath: moved.path)
        #expect(try store.read { try $0.downloadRecord(sessionID: item.sessionID, quality: .hd) }?.isComplete == false)
    }

    @Test("a video address that is not a web address wwdc asks for (https, http on this machine; another host's http over https) is refused before any request")
    func unsafeAddresses() throws {
        let folder = try TemporaryFolder()
        let store = try folder.store()
        for url in ["http://ada:secret@example.com/a.mp4", "file:///etc/passwd", "--script=x", "ftp://example.com/a.mp4"] {
            let item = DownloadItem(sessionID: "s", quality: .hd, url: url, path: folder.file("a.mp4"), title: "A")
            let attempt = MediaDownloadOperation(item: item, store: store)
            let queue = AdvancedOperationQueue()
            queue.addOperation(attempt)
            queue.waitUntilAllOperationsAreFinished()
            #expect(attempt.errors.first as? DownloadError == .unsafeURL(WebAddress.redacted(url)), "\(url)")
        }
    }
}
