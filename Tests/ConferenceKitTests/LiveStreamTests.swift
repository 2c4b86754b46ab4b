@testable import ConferenceData
@testable import ConferenceModel
import Foundation
import TestTraits
import Testing

@Suite("Live streams: on the air only while their session or event runs", .offThePool)
struct LiveStreamTests {
    /// A session of 10:00–11:00 (seconds 36_000–39_600) with a stream, in an event of days 0–5.
    static func detail(start: Double? = 36_000, end: Double? = 39_600, actualEnd: Double? = nil) -> SessionDetail {
        var detail = SessionDetail(
            sessionID: "wwdc2026-101", eventID: "wwdc2026", eventName: "WWDC", number: 101, title: "Keynote", description: "",
            type: "Special Event", track: nil, room: nil, startTime: start, endTime: end, utcOffset: 0, publishedTime: nil,
            platforms: [], keywords: [], webPermalink: nil, media: Media(hls: "https://example.invalid/vod.m3u8"),
            liveStream: LiveStream(eventContentID: "101", iosURL: "https://example.invalid/live.m3u8",
                                   actualEndDate: actualEnd.map { FeedDate(secondsSince1970: $0) }),
            related: [], resources: [], favorite: nil, feedback: nil)
        detail.eventStart = 0
        detail.eventEnd = 5 * 86_400
        return detail
    }

    @Test("inside the session's window, and not before, after, or years later without an end date")
    func sessionWindow() {
        let detail = Self.detail()
        #expect(detail.isLive(at: 37_000))
        #expect(detail.bestStreamURL(at: 37_000) == "https://example.invalid/live.m3u8")
        #expect(!detail.isLive(at: 35_999))
        #expect(!detail.isLive(at: 39_600))
        // The real feeds leave actualEndDate empty for streams that ran years ago.
        #expect(!detail.isLive(at: 3 * 365 * 86_400))
        #expect(detail.bestStreamURL(at: 3 * 365 * 86_400) == "https://example.invalid/vod.m3u8")
    }

    @Test("a known end stops it early; a session without times is live while its event runs")
    func endAndEventWindow() {
        #expect(!Self.detail(actualEnd: 37_000).isLive(at: 38_000))
        #expect(Self.detail(actualEnd: 39_000).isLive(at: 38_000))
        let unscheduled = Self.detail(start: nil, end: nil)
        #expect(unscheduled.isLive(at: 86_400))
        #expect(!unscheduled.isLive(at: 6 * 86_400))
        var timeless = unscheduled
        timeless.eventStart = nil
        #expect(!timeless.isLive(at: 86_400))
    }
}
