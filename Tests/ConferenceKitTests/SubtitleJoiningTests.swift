@testable import ConferenceMedia
import ConferenceModel
import Foundation
import Testing

/// The pieces of Apple's subtitles on their own: language codes, a playlist's attributes and
/// addresses, WebVTT segments joined.
@Suite("Subtitle joining")
struct SubtitleJoiningTests {
    @Test("ISO 639-1, 639-2/B and 639-2/T codes and a region name one language; the file name takes the shortest")
    func languages() throws {
        let ja = try #require(SubtitleLanguage("ja"))
        #expect(ja.matches(try #require(SubtitleLanguage("JPN"))))
        #expect(try #require(SubtitleLanguage("fre")).matches(try #require(SubtitleLanguage("fr"))))
        #expect(try #require(SubtitleLanguage("zh-Hans")).matches(try #require(SubtitleLanguage("chi"))))
        #expect(!ja.matches(.english))
        #expect(try #require(SubtitleLanguage("jpn")).short == "ja")
        #expect(try #require(SubtitleLanguage("tlh")).short == "tlh")
        for bad in ["", "j", "../x", "ja vtt", "-ja", String(repeating: "a", count: 36)] { #expect(SubtitleLanguage(bad) == nil, "\(bad)") }
    }

    @Test("a master playlist's renditions: quoted commas, relative URIs resolved, addresses outside the rule and climbing paths refused")
    func renditions() throws {
        let base = try #require(URL(string: "https://cdn.example.com/videos/201/hls_vod_mvp.m3u8"))
        let text = """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ja",NAME="日本語, 字幕",URI="subtitles/jpn/prog_index.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",LANGUAGE="en",URI="audio.m3u8"
            #EXT-X-MEDIA:TYPE=SUBTITLES,LANGUAGE="en",NAME="English",URI="http://other.example.com/en.m3u8"
            #EXT-X-MEDIA:TYPE=SUBTITLES,LANGUAGE="fra",NAME="Français",URI="subtitles/../../x.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"
            avc/prog_index.m3u8
            """
        let renditions = try HLSPlaylist.renditions(text, base: base)
        #expect(renditions.map(\.name) == ["日本語, 字幕", "English", "Français"])
        #expect(renditions[0].url?.absoluteString == "https://cdn.example.com/videos/201/subtitles/jpn/prog_index.m3u8")
        #expect(renditions[1].url == nil && renditions[1].refusal?.description.contains("does not fetch") == true)
        #expect(renditions[2].refusal == .climbingPath(uri: "subtitles/../../x.m3u8"))
        #expect(throws: SubtitleError.self) { try HLSPlaylist.renditions("<html>", base: base) }
        let many = "#EXTM3U\n" + String(repeating: "#EXTINF:6,\nsequence.webvtt\n", count: HLSPlaylist.maxSegments + 1)
        #expect(throws: SubtitleError.tooManySegments(count: HLSPlaylist.maxSegments + 1, limit: HLSPlaylist.maxSegments)) {
            try HLSPlaylist.segments(many, base: base)
        }
    }

    @Test("segments joined: each map applied (MPEGTS from 10 s, LOCAL), a cue across a border kept once, in order; notes and settings")
    func joining() throws {
        var joiner = WebVTTJoiner()
        try joiner.add(segment: """
            WEBVTT
            X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

            NOTE a note --> not a cue

            1
            00:00:01.000 --> 00:00:04.000 align:center line:90%
            First

            00:04.500 --> 00:08.000
            Across the border
            """, index: 0)
        // 6 s of media later, written 4 s later than the video's time.
        try joiner.add(segment: """
            WEBVTT
            X-TIMESTAMP-MAP=LOCAL:00:00:10.000,MPEGTS:1440000

            00:00:08.500 --> 00:00:12.000
            Across the border

            00:00:12.500 --> 00:00:14.000
            Second <b>bold</b> &amp; more
            line two --> arrow
            """, index: 1)
        #expect(joiner.document() == """
            WEBVTT

            00:00:01.000 --> 00:00:04.000 align:center line:90%
            First

            00:00:04.500 --> 00:00:08.000
            Across the border

            00:00:08.500 --> 00:00:10.000
            Second <b>bold</b> &amp; more
            line two → arrow

            """)
        #expect(joiner.firstMediaTimestamp == 900_000)
        #expect(throws: SubtitleError.notWebVTT(segment: 2)) { try joiner.add(segment: "1\n00:00:01.000 --> 00:00:02.000\nx\n", index: 2) }
        #expect(throws: SubtitleError.self) { try joiner.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n", index: 3) }
    }

    @Test("the first media timestamp is the first map's: WWDC's MPEGTS:181083 keeps cues at the video's times; a map past MPEG-TS's wrap")
    func firstTimestamp() throws {
        var apple = WebVTTJoiner()
        try apple.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n00:00:00.500 --> 00:00:02.000\nHello\n", index: 0)
        try apple.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000\n\n01:42:58.766 --> 01:43:00.516 A:middle\nAnd with that\n", index: 1)
        #expect(apple.cues.map(\.start) == [0.5, 6178.766])
        // 6 s after a first timestamp just below 2^33, the clock has wrapped.
        var wrapped = WebVTTJoiner()
        try wrapped.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:8589900000,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:02.000\nA\n", index: 0)
        try wrapped.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:505408,LOCAL:00:00:00.000\n\n00:00:00.500 --> 00:00:01.000\nB\n", index: 1)
        #expect(wrapped.cues.map(\.start) == [1.0, 6.5])
        // A map that puts cues before the video's start is refused, as is one of a cue time past a day.
        #expect(throws: SubtitleError.self) {
            try wrapped.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:8589000000,LOCAL:00:00:00.000\n\n00:00:00.500 --> 00:00:01.000\nC\n", index: 2)
        }
        #expect(throws: SubtitleError.self) {
            try wrapped.add(segment: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:999999999:00:00.000\n\n00:00:00.500 --> 00:00:01.000\nC\n", index: 3)
        }
    }
}
