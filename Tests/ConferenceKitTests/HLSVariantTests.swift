@testable import ConferenceMedia
import Foundation
import JSON
import Testing

/// A stream's variants read from its master playlist, the one of a quality chosen among them, what
/// a player is told of them and of a speed; and the speeds mpv reports, kept.
@Suite("watch: a stream's variants and the speed")
struct HLSVariantTests {
    static let base = URL(string: "https://devstreaming.example.com/videos/wwdc/2026/302/hls_vod_mvp.m3u8")!

    /// A master playlist in the shape of Apple's: renditions, I-frame playlists, a quoted attribute
    /// holding commas, blank lines and CRLF, a tag between a variant's line and its address.
    static let master = """
        #EXTM3U\r
        #EXT-X-VERSION:6
        #EXT-X-INDEPENDENT-SEGMENTS

        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",LANGUAGE="en",NAME="English",URI="audio/prog_index.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",URI="subtitles/eng/prog_index.m3u8"
        #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=590000,BANDWIDTH=700000,CODECS="avc1.640015,mp4a.40.2",RESOLUTION=416x234,AUDIO="aac"
        avc_234p_700/prog_index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=29.970
        #EXT-X-PROGRAM-DATE-TIME:2026-06-08T17:00:00Z
        https://cdn.example.com/302/avc_1080p_6000/prog_index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=960x540
        avc_540p_2000/prog_index.m3u8\r
        #EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720
        avc_720p_3000/prog_index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=4000000,RESOLUTION=1280x720
        ../302b/avc_720p_4000/prog_index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080
        file:///etc/passwd
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,RESOLUTION=1920x1080,URI="iframe/prog_index.m3u8"

        """

    @Test("Apple's shape: every variant in order, its address resolved, its bandwidth and size; the I-frame playlist and the renditions are none; addresses that climb or are not fetched left out")
    func appleShape() {
        let variants = HLSPlaylist.variants(Self.master, base: Self.base)
        #expect(variants.map(\.url.absoluteString) == [
            "https://devstreaming.example.com/videos/wwdc/2026/302/avc_234p_700/prog_index.m3u8",
            "https://cdn.example.com/302/avc_1080p_6000/prog_index.m3u8",
            "https://devstreaming.example.com/videos/wwdc/2026/302/avc_540p_2000/prog_index.m3u8",
            "https://devstreaming.example.com/videos/wwdc/2026/302/avc_720p_3000/prog_index.m3u8",
        ])
        #expect(variants.map(\.bandwidth) == [700_000, 6_000_000, 2_000_000, 3_000_000])
        #expect(variants.map(\.height) == [234, 1080, 540, 720])
        #expect(variants.map(\.width) == [416, 1920, 960, 1280])
    }

    @Test("not a master playlist: a media playlist, text, no #EXTM3U first: no variant; a variant without a bandwidth or a size of digits is left out or sizeless")
    func notMasters() {
        let media = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nsequence_0.ts\n#EXT-X-ENDLIST\n"
        #expect(HLSPlaylist.variants(media, base: Self.base).isEmpty)
        #expect(HLSPlaylist.variants("<html>not found</html>", base: Self.base).isEmpty)
        #expect(HLSPlaylist.variants("\u{FEFF}#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n", base: Self.base).count == 1, "a byte-order mark first")
        #expect(HLSPlaylist.variants("#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n", base: Self.base).isEmpty)
        let odd = """
            #EXTM3U
            #EXT-X-STREAM-INF:RESOLUTION=1920x1080
            nobandwidth.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=-5,RESOLUTION=1920x1080
            negative.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=99999999999999999999999,RESOLUTION=1920x1080
            huge.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=wide
            sizeless.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2000,NAME="a,RESOLUTION=9x9",RESOLUTION=10x20
            quoted.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=3000
            """
        let variants = HLSPlaylist.variants(odd, base: Self.base)
        #expect(variants.map(\.url.lastPathComponent) == ["sizeless.m3u8", "quoted.m3u8"])
        #expect(variants.map(\.height) == [nil, 20], "a comma inside quotes is no separator")
    }

    @Test("hd: the variant of the most lines; sd: the closest to 540 (the fewer lines between two as close); ties go to the higher bandwidth")
    func qualities() throws {
        let variants = HLSPlaylist.variants(Self.master, base: Self.base)
        #expect(MediaQuality.hd.variant(among: variants)?.height == 1080)
        #expect(MediaQuality.sd.variant(among: variants)?.height == 540)
        func variant(_ height: Int?, _ bandwidth: Int) -> HLSVariant {
            HLSVariant(url: Self.base, bandwidth: bandwidth, width: nil, height: height)
        }
        #expect(MediaQuality.sd.variant(among: [variant(480, 1), variant(600, 2), variant(1080, 3)])?.height == 480)
        #expect(MediaQuality.sd.variant(among: [variant(1080, 3), variant(720, 2)])?.height == 720)
        #expect(MediaQuality.sd.variant(among: [variant(540, 2_000), variant(540, 2_500), variant(234, 9)])?.bandwidth == 2_500)
        #expect(MediaQuality.hd.variant(among: [variant(1080, 5), variant(1080, 6), variant(2160, 1)])?.height == 2160)
        #expect(MediaQuality.hd.variant(among: [variant(1080, 5), variant(1080, 6)])?.bandwidth == 6)
        // A variant that gives no size counts only when none does: by bandwidth then.
        #expect(MediaQuality.hd.variant(among: [variant(nil, 9), variant(540, 1)])?.height == 540)
        #expect(MediaQuality.hd.variant(among: [variant(nil, 9), variant(nil, 1)])?.bandwidth == 9)
        #expect(MediaQuality.sd.variant(among: [variant(nil, 9), variant(nil, 1)])?.bandwidth == 1)
        #expect(MediaQuality.sd.variant(among: []) == nil)
    }

    @Test("what a player is told: mpv --hls-bitrate and the stream, another player the variant's playlist; mpv --speed, vlc --rate, ffplay nothing")
    func playerOptions() {
        let variant = HLSVariant(url: URL(string: "https://example.com/v/avc_540p_2000/prog_index.m3u8")!, bandwidth: 2_000_000, width: 960, height: 540)
        let stream = Self.base.absoluteString
        let speed = PlaybackSpeed("1.5")
        let mpv = PlayerCommand(name: "mpv", executable: "/usr/bin/mpv", arguments: ["--fs"])
        #expect(mpv.argv(playing: stream, from: 10, speed: speed, variant: variant, controlSocket: "/run/s")
                == ["/usr/bin/mpv", "--fs", "--start=10", "--speed=1.5", "--hls-bitrate=2000000", "--input-ipc-server=/run/s", "--", stream])
        let vlc = PlayerCommand(name: "vlc", executable: "/usr/bin/vlc")
        #expect(vlc.argv(playing: stream, speed: speed, variant: variant) == ["/usr/bin/vlc", "--rate=1.5", "--", variant.url.absoluteString])
        let ffplay = PlayerCommand(name: "ffplay", executable: "/usr/bin/ffplay")
        #expect(ffplay.argv(playing: stream, speed: speed, variant: variant) == ["/usr/bin/ffplay", variant.url.absoluteString])
        #expect(!ffplay.canChangeSpeed && mpv.canChangeSpeed && vlc.canChangeSpeed)
        #expect(mpv.argv(playing: stream) == ["/usr/bin/mpv", "--fs", "--", stream])
    }

    @Test("speeds: written as people write them, kept to the hundredth, within mpv's bounds")
    func speeds() {
        #expect(["1.5", "2", "0.75", "1.00", "100", "0.01", ".5", "1.333", "1.005"].map { PlaybackSpeed($0)?.description }
                == ["1.5", "2", "0.75", "1", "100", "0.01", "0.5", "1.33", "1"])
        for refused in ["", "0", "0.004", "101", "-1", "1e2", "fast", "1,5", "nan", "inf", "1.5x", " 1.5"] {
            #expect(PlaybackSpeed(refused) == nil, "\(refused)")
        }
        #expect(PlaybackSpeed(rate: 1.2100000000000002)?.description == "1.21")
        #expect(PlaybackSpeed(rate: .infinity) == nil && PlaybackSpeed(rate: .nan) == nil)
    }

    @Test("the speeds mpv reports: the first (what it started at) and the last (what the person chose since); nonsense ignored")
    func trackedSpeeds() {
        var tracker = PlaybackTracker(sessionID: "wwdc2026-302", interval: 5)
        #expect(tracker.speeds == nil)
        func speed(_ data: JSONValue) -> [String: JSONValue] {
            ["event": "property-change", "id": .int(4), "name": "speed", "data": data]
        }
        for message in [speed(.double(1.5)), speed(.null), speed(.double(-2)), speed(.string("fast")), speed(.double(1.65)), speed(.double(1.815))] {
            _ = tracker.take(message, now: 0)
        }
        #expect(tracker.speeds?.first == 1.5 && tracker.speeds?.last == 1.815)
        #expect(PlaybackTracker.observed.contains { $0.property == "speed" })
    }
}
