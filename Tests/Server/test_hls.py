"""Self-test of the reference server's HLS streams (hls.py), over real loopback HTTP.

    python3 -m unittest Tests/Server/test_hls.py -v

Read as a client would, by parts no one here wrote where they exist: the playlists by a reader of
RFC 8216's grammar written here from the RFC, the WebVTT by PyPI's webvtt-py (pinned in
Tests/Server/requirements.txt, installed by .ci/run into .venv-tests), the media by ffprobe and
ffmpeg. The expected cues are computed here from the transcripts and the rules docs/api.md gives.
Where webvtt-py or ffmpeg is missing, the tests that need it skip, saying so; on CI (CI=true),
where .ci/run installs both, they fail instead.
"""

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from urllib.parse import urljoin, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_server import APPLE_2020B, FIXTURES, Server  # noqa: E402

try:
    import webvtt
    WEBVTT_MISSING = None
except ImportError as error:
    webvtt = None
    WEBVTT_MISSING = ("webvtt-py is not installed (%s): run .ci/run, or .venv-tests/bin/pip install -r "
                      "Tests/Server/requirements.txt and run the tests with .venv-tests/bin/python" % error)
FFMPEG_MISSING = None if shutil.which("ffmpeg") and shutil.which("ffprobe") else \
    "ffmpeg and ffprobe are not installed (apt-get install ffmpeg; .ci/run installs it)"
MPV_MISSING = None if shutil.which("mpv") else "mpv is not installed (apt-get install mpv; .ci/run installs it)"

SESSION = "wwdc2026-201"        # transcripts in English and Japanese
FOLDER = "/videos/wwdc/2026/201702e185820e07e/201"
MASTER = FOLDER + "/hls_vod_mvp.m3u8"
ENGLISH_ONLY = "/videos/wwdc/2026/302435d118fd4dba3/302"  # wwdc2026-302: an English transcript only
# The documented stream: 3 segments of 6 s, media from 10 s (MPEG-TS 900000), and the cues' times
# on the video's timeline.
SEGMENT_SECONDS, SEGMENTS, FIRST = 6, 3, 900000
CUE_TIMES = [(1.0, 4.0), (4.5, 8.0), (8.5, 11.0), (11.5, 13.5), (14.0, 17.0)]


def require(missing):
    """Skips the test when `missing` says what is missing; on CI, where .ci/run installs it, fails."""
    if missing is None:
        return
    if os.environ.get("CI") == "true":
        raise AssertionError(missing + " — on CI, where .ci/run installs it, that is a failure")
    raise unittest.SkipTest(missing)


# ------------------------------------------------------------------------------------------------
# RFC 8216, read here
# ------------------------------------------------------------------------------------------------

ATTRIBUTE = re.compile(r'([A-Z0-9-]+)=("[^"\r\n]*"|[^",\s]+)')
TAG = re.compile(r"#(EXT[A-Z0-9-]*)(?::(.*))?")


def attribute_list(text):
    """An attribute list (RFC 8216 4.2): {name: (value, quoted)}; AssertionError when malformed."""
    result, pos = {}, 0
    while True:
        match = ATTRIBUTE.match(text, pos)
        assert match, "malformed attribute list at %r" % text[pos:]
        name, value = match.groups()
        assert name not in result, "attribute %s twice" % name
        quoted = value.startswith('"')
        result[name] = (value[1:-1] if quoted else value, quoted)
        pos = match.end()
        if pos == len(text):
            return result
        assert text[pos] == ",", "expected a comma at %r" % text[pos:]
        pos += 1


class Playlist:
    """A playlist's tags in order [(name, value)], and its URIs, each with the tags before it."""

    def __init__(self, text):
        assert text.endswith("\n"), "a playlist ends its last line"
        lines = text[:-1].split("\n")
        assert lines[0] == "#EXTM3U", "a playlist starts with #EXTM3U"
        self.tags, self.entries, pending = [], [], []
        for line in lines[1:]:
            assert line == line.strip() and "\r" not in line, "stray white space in %r" % line
            if not line or (line.startswith("#") and not line.startswith("#EXT")):
                continue  # blank lines and comments
            if line.startswith("#"):
                match = TAG.fullmatch(line)
                assert match, "malformed tag %r" % line
                self.tags.append((match.group(1), match.group(2)))
                pending.append((match.group(1), match.group(2)))
            else:
                self.entries.append((line, pending))
                pending = []
        self.trailing = pending

    def values(self, name):
        return [value for tag, value in self.tags if tag == name]

    def one(self, name):
        values = self.values(name)
        assert len(values) == 1, "%s %d times" % (name, len(values))
        return values[0]


def media_playlist(text):
    """A VOD media playlist's [(duration, URI)], its grammar checked."""
    playlist = Playlist(text)
    target = int(playlist.one("EXT-X-TARGETDURATION"))
    assert playlist.one("EXT-X-MEDIA-SEQUENCE") == "0"
    assert playlist.one("EXT-X-PLAYLIST-TYPE") == "VOD"
    assert int(playlist.one("EXT-X-VERSION")) >= 3, "decimal EXTINF durations need version 3"
    assert playlist.trailing == [("EXT-X-ENDLIST", None)], "the playlist ends with EXT-X-ENDLIST"
    segments = []
    for uri, tags in playlist.entries:
        infs = [value for tag, value in tags if tag == "EXTINF"]
        assert len(infs) == 1, "one EXTINF before %s" % uri
        duration = float(infs[0].split(",", 1)[0])
        assert infs[0].count(",") == 1 and round(duration) <= target, infs[0]
        segments.append((duration, uri))
    return segments


# ------------------------------------------------------------------------------------------------
# WebVTT, read by webvtt-py
# ------------------------------------------------------------------------------------------------

def seconds(stamp):
    hours, minutes, rest = ([0] + stamp.split(":"))[-3:]
    return int(hours) * 3600 + int(minutes) * 60 + float(rest)


def parsed(text):
    """webvtt-py's reading (strict) of a WebVTT file."""
    require(WEBVTT_MISSING)
    return webvtt.from_string(text, strict=True)


def timestamp_map(document):
    """(MPEGTS, LOCAL seconds) of a parsed segment's X-TIMESTAMP-MAP."""
    maps = [line for line in document.metadata if line.startswith("X-TIMESTAMP-MAP=")]
    assert len(maps) == 1, document.metadata
    fields = dict(part.split(":", 1) for part in maps[0][len("X-TIMESTAMP-MAP="):].split(","))
    assert set(fields) == {"MPEGTS", "LOCAL"}, fields
    return int(fields["MPEGTS"]), seconds(fields["LOCAL"])


def placed(document):
    """A segment's cues on the video's timeline: (start, end, text), by its map."""
    mpegts, local = timestamp_map(document)
    offset = (mpegts - FIRST) / 90000 - local
    return [(round(seconds(c.start) + offset, 3), round(seconds(c.end) + offset, 3), c.text) for c in document.captions]


def transcript_lines(session, code):
    path = os.path.join(FIXTURES, "transcripts", "%s-transcript-%s.json" % (session, code))
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return [" ".join(text.split()) for _, text in json.load(f)[session]["transcript"]][:5]


def expected_cues(session, code, label=None):
    texts = transcript_lines(session, code) or transcript_lines(session, "eng")
    return [(start, end, "[%s] %s" % (label or code, texts[k].replace("&", "&amp;").replace("<", "&lt;")))
            for k, (start, end) in enumerate(CUE_TIMES)]


class HLSTestCase(unittest.TestCase):
    """One server on the fixtures, its media pointed at it, its media segments made in a folder of
    the class's; the HLS settings, faults and the log reset per test."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="wwdc-hls-test-")
        cls.media = os.path.join(cls.tmp, "media")
        cls.server = Server("--rebase-media", "--quiet", "--hls-media", cls.media)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.server.kill()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        for path in ("/_control/hls", "/_control/faults", "/_control/log", "/_control/media/stats"):
            self.assertEqual(self.server.request("DELETE", path)[0], 204)

    def get(self, path, expect=200, **headers):
        status, resp, body = self.server.request("GET", path, headers=headers)
        self.assertEqual(status, expect, "%s: %r" % (path, body[:300]))
        return resp, body

    def text(self, path, content_type):
        resp, body = self.get(path)
        self.assertEqual(resp.getheader("Content-Type"), content_type, path)
        return body.decode("utf-8")

    def configure(self, expect=201, **setting):
        status, _, data = self.server.request("POST", "/_control/hls", setting)
        self.assertEqual(status, expect, data)
        return json.loads(data)

    def master(self, path=MASTER):
        """The master playlist's renditions [{attribute: value}] and variants [({attributes}, URI)],
        its grammar checked."""
        playlist = Playlist(self.text(path, "application/vnd.apple.mpegurl"))
        self.assertEqual(playlist.one("EXT-X-VERSION"), "3")
        self.assertIn(("EXT-X-INDEPENDENT-SEGMENTS", None), playlist.tags)
        renditions = []
        for value in playlist.values("EXT-X-MEDIA"):
            attributes = attribute_list(value)
            for name in ("GROUP-ID", "LANGUAGE", "NAME", "URI"):
                self.assertTrue(attributes[name][1], "%s is a quoted-string" % name)
            for name in ("TYPE", "AUTOSELECT", "DEFAULT", "FORCED"):
                self.assertFalse(attributes[name][1], "%s is an enumerated-string" % name)
            renditions.append({name: value for name, (value, _) in attributes.items()})
        variants = []
        for uri, tags in playlist.entries:
            infs = [value for tag, value in tags if tag == "EXT-X-STREAM-INF"]
            self.assertEqual(len(infs), 1, uri)
            attributes = attribute_list(infs[0])
            self.assertFalse(attributes["BANDWIDTH"][1] or attributes["RESOLUTION"][1])
            self.assertTrue(attributes["CODECS"][1] and attributes["SUBTITLES"][1])
            variants.append(({name: value for name, (value, _) in attributes.items()}, uri))
        return renditions, variants

    def rendition(self, master_path, uri):
        """The WebVTT segments of a rendition: [(URL path, text)], the playlist's grammar checked."""
        url = urljoin(master_path, uri)
        segments = media_playlist(self.text(url, "application/vnd.apple.mpegurl"))
        self.assertEqual([duration for duration, _ in segments], [float(SEGMENT_SECONDS)] * SEGMENTS)
        return [(urljoin(url, name), self.text(urljoin(url, name), "text/vtt; charset=utf-8")) for _, name in segments]


class MasterPlaylistTests(HLSTestCase):
    def test_two_variants_and_subtitles_in_three_languages_named_both_ways(self):
        renditions, variants = self.master()
        self.assertEqual([r["LANGUAGE"] for r in renditions], ["en", "ja", "fra"])
        self.assertEqual({len(r["LANGUAGE"]) for r in renditions}, {2, 3})
        self.assertEqual([r["URI"] for r in renditions],
                         ["subtitles/eng/prog_index.m3u8", "subtitles/jpn/prog_index.m3u8", "subtitles/fra/prog_index.m3u8"])
        self.assertEqual([r["NAME"] for r in renditions], ["English", "日本語", "Français"])
        for n, rendition in enumerate(renditions):
            self.assertEqual((rendition["TYPE"], rendition["GROUP-ID"], rendition["FORCED"]), ("SUBTITLES", "subs", "NO"))
            self.assertEqual(rendition["DEFAULT"], "YES" if n == 0 else "NO")
            self.assertEqual(rendition["AUTOSELECT"], "YES")  # RFC 8216: DEFAULT=YES needs AUTOSELECT=YES
        self.assertEqual([(v["RESOLUTION"], int(v["BANDWIDTH"]), u) for v, u in variants],
                         [("1920x1080", 6000000, "avc_1080p_6000/prog_index.m3u8"),
                          ("960x540", 2000000, "avc_540p_2000/prog_index.m3u8")])
        for attributes, _ in variants:
            self.assertEqual(attributes["SUBTITLES"], "subs")  # a group the renditions declare
            self.assertLessEqual(int(attributes["AVERAGE-BANDWIDTH"]), int(attributes["BANDWIDTH"]))

    def test_every_playlist_lasts_as_long_as_the_others(self):
        renditions, variants = self.master()
        for uri in [r["URI"] for r in renditions] + [u for _, u in variants]:
            url = urljoin(MASTER, uri)
            segments = media_playlist(self.text(url, "application/vnd.apple.mpegurl"))
            self.assertEqual(sum(d for d, _ in segments), SEGMENT_SECONDS * SEGMENTS, uri)
            extension = "webvtt" if "subtitles/" in uri else "ts"
            self.assertEqual([u for _, u in segments], ["sequence_%d.%s" % (i, extension) for i in range(SEGMENTS)])

    def test_the_feeds_hls_addresses_answer_and_etags_hold(self):
        _, body = self.get("/contents.json")
        items = {item["id"]: item for item in json.loads(body)["contents"]}
        for key in ("hls", "tvOShls"):
            path = urlsplit(items["wwdc2026-101"]["media"][key]).path
            resp, first = self.get(path)
            self.assertTrue(first.startswith(b"#EXTM3U\n"), key)
            self.get(path, expect=304, **{"If-None-Match": resp.getheader("ETag")})

    def test_names_that_are_no_stream_and_traversal_answer_404(self):
        for path in (FOLDER + "/avc_720p_3000/prog_index.m3u8", FOLDER + "/avc_540p_2000/sequence_3.ts",
                     FOLDER + "/avc_540p_2000/segment_0.ts", FOLDER + "/subtitles/jpn/sequence_3.webvtt",
                     FOLDER + "/subtitles/jpn/sequence_01.webvtt", FOLDER + "/subtitles/jp'n/prog_index.m3u8",
                     FOLDER + "/subtitles/../subtitles/jpn/prog_index.m3u8", FOLDER + "/.hidden.m3u8",
                     "/videos/hls_vod_mvp.m3u8", "/streams/a/hls_vod_mvp.m3u8"):
            self.get(path, expect=404)


class SubtitleTests(HLSTestCase):
    def joined(self, master_path, language):
        """The rendition's cues placed on the video's timeline, a cue repeated across a border kept
        once, and the segments as parsed."""
        renditions, _ = self.master(master_path)
        uri = next(r["URI"] for r in renditions if r["LANGUAGE"] == language)
        documents = [parsed(text) for _, text in self.rendition(master_path, uri)]
        cues = []
        for document in documents:
            cues += [cue for cue in placed(document) if cue not in cues]
        return cues, documents

    def test_each_language_has_its_own_cues_on_the_videos_timeline(self):
        for language, code in (("en", "eng"), ("ja", "jpn"), ("fra", "fra")):
            cues, _ = self.joined(MASTER, language)
            self.assertEqual(cues, expected_cues(SESSION, code), language)
        japanese = self.joined(MASTER, "ja")[0]
        self.assertTrue(all(text.startswith("[jpn] ") and re.search("[\u3040-\u30ff]", text) for _, _, text in japanese))
        # Without a Japanese transcript, Japanese cues carry the English text, marked as Japanese.
        cues, _ = self.joined(ENGLISH_ONLY + "/hls_vod_mvp.m3u8", "ja")
        self.assertEqual(cues, expected_cues("wwdc2026-302", "eng", label="jpn"))

    def test_the_maps_place_the_segments_and_the_border_cues_are_repeated(self):
        _, documents = self.joined(MASTER, "ja")
        maps = [timestamp_map(document) for document in documents]
        self.assertEqual(maps[0], (FIRST, 0.0))  # Apple's usual form: cue times are the video's
        self.assertTrue(any(mpegts != FIRST for mpegts, _ in maps), "a map that moves the cues")
        self.assertTrue(any(local != 0 for _, local in maps), "a map with a LOCAL time")
        raw = [[(c.start, c.end) for c in document.captions] for document in documents]
        segments = [placed(document) for document in documents]
        for k in range(SEGMENTS - 1):
            border = (k + 1) * SEGMENT_SECONDS
            shared = [cue for cue in segments[k] if cue in segments[k + 1]]
            self.assertEqual(len(shared), 1, "one cue in segments %d and %d" % (k, k + 1))
            self.assertLess(shared[0][0], border)
            self.assertGreater(shared[0][1], border)
            # The same cue is written with other times in each: only its map places it.
            self.assertNotEqual(raw[k][-1], raw[k + 1][0])
        for k, cues in enumerate(segments):
            for start, end, _ in cues:
                self.assertTrue(start < (k + 1) * SEGMENT_SECONDS and end > k * SEGMENT_SECONDS)

    def test_the_whole_file_at_the_feeds_subtitles_address(self):
        _, body = self.get("/contents.json")
        item = next(i for i in json.loads(body)["contents"] if i["id"] == SESSION)
        address = item["media"]["subtitles"]
        self.assertTrue(address.startswith(self.server.url + FOLDER + "/subtitles/eng/"), address)
        document = parsed(self.text(urlsplit(address).path, "text/vtt; charset=utf-8"))
        self.assertEqual(document.metadata, [])  # times are the video's: no map
        cues = [(seconds(c.start), seconds(c.end), c.text) for c in document.captions]
        self.assertEqual(cues, expected_cues(SESSION, "eng", label="eng file"))

    def test_the_parser_script_other_tests_read_webvtt_with(self):
        require(WEBVTT_MISSING)
        script = os.path.join(HERE, "webvtt_cues.py")
        with tempfile.TemporaryDirectory() as tmp:
            served = os.path.join(tmp, "served.vtt")
            with open(served, "w", encoding="utf-8") as f:
                f.write(self.text(FOLDER + "/subtitles/jpn/sequence_1.webvtt", "text/vtt; charset=utf-8"))
            read = subprocess.run([sys.executable, script, served], capture_output=True, text=True, timeout=60)
            self.assertEqual(read.returncode, 0, read.stderr)
            answer = json.loads(read.stdout)
            self.assertEqual(answer["metadata"], ["X-TIMESTAMP-MAP=MPEGTS:1440000,LOCAL:00:00:10.000"])
            self.assertEqual([(c["start"] - 4, c["end"] - 4, c["text"]) for c in answer["cues"]],
                             expected_cues(SESSION, "jpn")[1:4])
            broken = os.path.join(tmp, "broken.vtt")
            with open(broken, "w", encoding="utf-8") as f:
                f.write("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na\n00:00:03.000 --> 00:00:04.000\nb\n")
            read = subprocess.run([sys.executable, script, broken], capture_output=True, text=True, timeout=60)
            self.assertEqual((read.returncode, read.stdout, read.stderr.count("\n")), (1, "", 1))
            self.assertIn("not valid WebVTT", read.stderr)

    def test_a_folder_of_no_session_has_numbered_cues(self):
        cues, _ = self.joined("/videos/elsewhere/1/hls_vod_mvp.m3u8", "en")
        self.assertEqual([text for _, _, text in cues], ["[eng] Cue %d" % k for k in range(1, 6)])

    def test_the_cues_endpoint_gives_what_the_segments_hold(self):
        for path in (FOLDER + "/subtitles/jpn/prog_index.m3u8", FOLDER + "/subtitles/eng/x.vtt"):
            answer = self.server.json("GET", "/_control/hls/cues?path=" + path)
            self.assertEqual((answer["session"], answer["firstMediaTimestamp"], answer["duration"]), (SESSION, FIRST, 18))
            label = "jpn" if "jpn" in path else "eng file"
            self.assertEqual([(c["start"], c["end"], c["text"]) for c in answer["cues"]],
                             expected_cues(SESSION, label.split()[0], label))
        for query in ("", "?path=" + MASTER, "?path=/news.json"):
            self.assertEqual(self.server.request("GET", "/_control/hls/cues" + query)[0], 400, query)


class MediaTests(HLSTestCase):
    """The media segments ffmpeg made, read by ffprobe, ffmpeg and mpv over loopback."""

    def setUp(self):
        require(FFMPEG_MISSING)
        super().setUp()

    def probe(self, url, *entries):
        result = subprocess.run(["ffprobe", "-v", "error", "-of", "json"] + list(entries) + [url],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_each_segment_is_six_seconds_of_h264_from_ten_seconds_on(self):
        _, variants = self.master()
        sizes = []
        for attributes, uri in variants:
            url = urljoin(MASTER, uri)
            for k, (_, name) in enumerate(media_playlist(self.text(url, "application/vnd.apple.mpegurl"))):
                segment = self.server.url + urljoin(url, name)
                info = self.probe(segment, "-count_packets", "-show_entries",
                                  "format=start_time:stream=codec_name,profile,level,width,height,r_frame_rate,nb_read_packets")
                self.assertAlmostEqual(float(info["format"]["start_time"]), 10 + SEGMENT_SECONDS * k, places=2)
                stream, = info["streams"]
                self.assertEqual((stream["r_frame_rate"], stream["nb_read_packets"]), ("10/1", "60"))  # 6 s
                # CODECS avc1.42c01e: profile_idc 66 with the constraint flags (Constrained Baseline), level 3.0
                self.assertEqual((attributes["CODECS"], stream["codec_name"], stream["profile"], stream["level"]),
                                 ("avc1.42c01e", "h264", "Constrained Baseline", 30))
            sizes.append((stream["width"], stream["height"]))
            width, height = map(int, attributes["RESOLUTION"].split("x"))
            self.assertEqual((stream["width"] * 10, stream["height"] * 10), (width, height))  # a tenth, as documented
        self.get(urljoin(urljoin(MASTER, variants[0][1]), "sequence_0.ts"))
        resp, _ = self.get(urljoin(urljoin(MASTER, variants[0][1]), "sequence_0.ts"))
        self.assertEqual(resp.getheader("Content-Type"), "video/mp2t")

    def test_ffmpeg_reads_and_decodes_the_whole_stream_from_the_master(self):
        url = self.server.url + MASTER
        info = self.probe(url, "-show_entries", "format=format_name,start_time,duration:program=program_id:stream=width,height")
        self.assertEqual(info["format"]["format_name"], "hls")
        self.assertAlmostEqual(float(info["format"]["duration"]), 18, places=2)
        self.assertAlmostEqual(float(info["format"]["start_time"]), 10, places=2)
        self.assertEqual(sorted((s["width"], s["height"]) for p in info["programs"] for s in p["streams"]),
                         [(96, 54), (192, 108)])
        decoded = subprocess.run(["ffmpeg", "-nostdin", "-v", "warning", "-i", url, "-map", "0:v", "-f", "null", "-"],
                                 capture_output=True, text=True, timeout=120)
        self.assertEqual(decoded.returncode, 0, decoded.stderr)
        # Warnings are defects (a corrupt packet at a cut, say), but for the subtitle renditions
        # that Debian 12's ffmpeg 5.1 drops, saying so: it does with Apple's streams too.
        warnings = [line for line in decoded.stderr.splitlines() if "Can't support the subtitle" not in line]
        self.assertEqual(warnings, [])

    def test_mpv_plays_the_stream_to_its_end_in_either_variant_with_the_whole_file_subtitles(self):
        require(MPV_MISSING)
        for bitrate, size in (("max", "192x108"), ("min", "96x54")):
            played = subprocess.run(
                ["mpv", "--no-config", "--vo=null", "--ao=null", "--untimed", "--msg-module",
                 "--msg-level=all=warn,cplayer=info", "--hls-bitrate=" + bitrate,
                 "--sub-file=" + self.server.url + FOLDER + "/subtitles/eng/x.vtt", self.server.url + MASTER],
                capture_output=True, text=True, timeout=120)
            self.assertEqual(played.returncode, 0, played.stdout + played.stderr)
            lines = [line.strip() for line in played.stdout.splitlines()]
            # The track list mpv prints: both variants, the one the bitrate asks for selected (+),
            # and the subtitle file, selected; then the end of the file, reached.
            selected = [line for line in lines if line.startswith("cplayer:  (+)")]
            self.assertEqual(len(selected), 2, lines)
            self.assertIn("Video --vid=", selected[0])
            self.assertIn("(h264 %s 10.000fps)" % size, selected[0])
            self.assertIn("Subs  --sid=1 'x.vtt' (webvtt) (external)", selected[1])
            self.assertIn("cplayer: Exiting... (End of file)", lines)
            warnings = [line for line in lines if not line.startswith("cplayer:") and "Can't support the subtitle" not in line]
            self.assertEqual(warnings + played.stderr.splitlines(), [], bitrate)

    def test_the_segments_are_made_once_and_kept_for_the_next_server(self):
        state = self.server.json("POST", "/_control/hls/media")
        self.assertEqual((state["ready"], state["error"]), (True, None))
        self.assertTrue(state["folder"].startswith(self.media + os.sep))
        runs = state["ffmpegRuns"]
        self.assertLessEqual(runs, 1)
        self.get(FOLDER + "/avc_540p_2000/sequence_2.ts")
        self.assertEqual(self.server.json("GET", "/_control/hls/media")["ffmpegRuns"], runs)
        other = Server("--quiet", "--hls-media", self.media)
        try:
            _, body = self.get_from(other, FOLDER + "/avc_540p_2000/sequence_2.ts")
            self.assertEqual(other.json("GET", "/_control/hls/media"),
                             {"ready": True, "folder": state["folder"], "ffmpegRuns": 0, "error": None})
            with open(os.path.join(state["folder"], "avc_540p_2000", "sequence_2.ts"), "rb") as f:
                self.assertEqual(body, f.read())
        finally:
            other.stop()
            other.kill()

    def get_from(self, server, path):
        status, resp, body = server.request("GET", path)
        self.assertEqual(status, 200, body[:300])
        return resp, body


class WithoutFFmpegTests(unittest.TestCase):
    def test_the_media_segments_answer_503_and_the_rest_is_served(self):
        tmp = tempfile.mkdtemp(prefix="wwdc-hls-test-")
        server = Server("--quiet", env=dict(os.environ, PATH=tmp))  # a PATH where no ffmpeg is
        try:
            status, _, body = server.request("GET", FOLDER + "/avc_1080p_6000/sequence_0.ts")
            self.assertEqual(status, 503)
            self.assertIn("ffmpeg is not installed", json.loads(body)["error"])
            for path in (MASTER, FOLDER + "/avc_1080p_6000/prog_index.m3u8", FOLDER + "/subtitles/jpn/sequence_0.webvtt"):
                self.assertEqual(server.request("GET", path)[0], 200, path)
            self.assertEqual(server.json("POST", "/_control/hls/media", expect=503)["error"], json.loads(body)["error"])
        finally:
            server.stop()
            server.kill()
            shutil.rmtree(tmp, ignore_errors=True)


class ControlTests(HLSTestCase):
    def test_a_segment_that_fails_twice_then_succeeds_and_the_counts(self):
        segment = FOLDER + "/subtitles/jpn/sequence_1.webvtt"
        self.server.json("POST", "/_control/faults", {"path": segment, "kind": "status", "value": 503, "times": 2},
                         expect=201)
        for expect in (503, 503, 200):
            self.get(segment, expect=expect)
        self.get(FOLDER + "/subtitles/jpn/prog_index.m3u8")
        summary = self.server.json("GET", "/_control/log/summary?path=%s/subtitles/*" % FOLDER)
        self.assertEqual(summary["requests"], 4)
        self.assertEqual(summary["paths"][segment]["statuses"], {"503": 2, "200": 1})
        self.assertEqual(summary["paths"][FOLDER + "/subtitles/jpn/prog_index.m3u8"]["requests"], 1)

    def test_a_master_with_two_letter_languages_only(self):
        self.configure(path=FOLDER + "/*.m3u8", languages=["en", "ja", "fr"])
        renditions, _ = self.master()
        self.assertEqual([(r["LANGUAGE"], r["URI"]) for r in renditions],
                         [("en", "subtitles/eng/prog_index.m3u8"), ("ja", "subtitles/jpn/prog_index.m3u8"),
                          ("fr", "subtitles/fra/prog_index.m3u8")])
        self.assertEqual(len(self.rendition(MASTER, renditions[2]["URI"])), SEGMENTS)
        self.assertEqual([r["LANGUAGE"] for r in self.master(ENGLISH_ONLY + "/hls_vod_mvp.m3u8")[0]], ["en", "ja", "fra"])
        self.configure(path=FOLDER + "/*.m3u8", languages=None)
        self.assertEqual(self.server.json("GET", "/_control/hls"), {"hls": []})

    def test_rendition_uris_outside_the_address_rule(self):
        hostile = {"en": "../../../../../../etc/prog_index.m3u8", "ja": "http://example.com/subtitles/jpn/prog_index.m3u8",
                   "fra": "file:///etc/passwd"}
        self.configure(path=MASTER, uris=hostile)
        renditions, variants = self.master()
        self.assertEqual({r["LANGUAGE"]: r["URI"] for r in renditions}, hostile)
        self.assertEqual(len(variants), 2)
        # Followed anyway, `..` never leaves the server's root.
        self.get(urlsplit(urljoin(self.server.url + MASTER, hostile["en"])).path, expect=404)

    def test_segment_uris_with_dot_dot_and_other_hosts(self):
        playlist = FOLDER + "/subtitles/jpn/prog_index.m3u8"
        self.configure(path=playlist, segmentURIs={"1": "../../../../../secret.webvtt", "2": "https://example.com/s.webvtt"})
        segments = media_playlist(self.text(playlist, "application/vnd.apple.mpegurl"))
        self.assertEqual([u for _, u in segments], ["sequence_0.webvtt", "../../../../../secret.webvtt",
                                                    "https://example.com/s.webvtt"])

    def test_absurd_timestamp_maps_are_served_as_set(self):
        for value in ("MPEGTS:99999999999999999999999999999,LOCAL:00:00:00.000", "MPEGTS:-900000,LOCAL:00:00:00.000",
                      "MPEGTS:abc,LOCAL:00:00:00.000", "LOCAL:99:99:99.999,MPEGTS:1e9", ""):
            segment = FOLDER + "/subtitles/eng/sequence_1.webvtt"
            self.configure(path=segment, timestampMap=value)
            text = self.text(segment, "text/vtt; charset=utf-8")
            self.assertTrue(text.startswith("WEBVTT\nX-TIMESTAMP-MAP=%s\n\n" % value), text)
            # Still WebVTT for a parser: judging the map is the reader's business.
            self.assertEqual(len(parsed(text).captions), 3)
        self.assertTrue(self.text(FOLDER + "/subtitles/eng/sequence_2.webvtt", "text/vtt; charset=utf-8")
                        .startswith("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:1980000,LOCAL:00:00:01.000\n"))

    def test_bad_settings_are_refused(self):
        for setting in ({"languages": ["en"]}, {"path": "videos/a.m3u8"}, {"path": "/_control/hls", "size": 1},
                        {"path": MASTER, "languages": "en"}, {"path": MASTER, "languages": []},
                        {"path": MASTER, "languages": ["en", "en"]}, {"path": MASTER, "languages": ['e"n']},
                        {"path": MASTER, "uris": {"en": "a\nb"}}, {"path": MASTER, "uris": []},
                        {"path": MASTER, "segments": -1}, {"path": MASTER, "segments": True},
                        {"path": MASTER, "segments": 100000001}, {"path": MASTER, "segmentURIs": {"x": "a"}},
                        {"path": MASTER, "size": -5}, {"path": MASTER, "timestampMap": "a\nb"},
                        {"path": MASTER, "tracks": 2}, ["not", "an object"]):
            status, _, data = self.server.request("POST", "/_control/hls", setting)
            self.assertEqual(status, 400, setting)
            self.assertTrue(json.loads(data)["error"], setting)
        self.assertEqual(self.server.json("GET", "/_control/hls"), {"hls": []})


class LargeTests(unittest.TestCase):
    """A million-segment playlist and a segment of a gigabyte, each streamed by a server of its own
    whose peak memory is read from /proc."""

    def setUp(self):
        self.server = Server("--quiet")

    def tearDown(self):
        self.server.stop()
        self.server.kill()

    def peak_kib(self):
        with open("/proc/%d/status" % self.server.proc.pid) as f:
            return int(re.search(r"VmHWM:\s+(\d+) kB", f.read()).group(1))

    def test_a_million_segments_are_streamed(self):
        playlist = FOLDER + "/subtitles/jpn/prog_index.m3u8"
        self.server.json("POST", "/_control/hls", {"path": playlist, "segments": 1000000,
                                                   "segmentURIs": {"999999": "../../last.webvtt"}}, expect=201)
        before = self.peak_kib()
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            conn.request("GET", playlist)
            resp = conn.getresponse()
            length = int(resp.getheader("Content-Length"))
            lines, count, size, tail = 0, 0, 0, b""
            while True:
                chunk = resp.read(1 << 20)
                if not chunk:
                    break
                size += len(chunk)
                data = tail + chunk
                lines += data.count(b"\n") - tail.count(b"\n")
                count += data.count(b"#EXTINF:6.000,\n") - tail.count(b"#EXTINF:6.000,\n")
                tail = data[-64:]
        finally:
            conn.close()
        self.assertEqual(size, length)
        self.assertGreater(length, 30000000)
        self.assertEqual(count, 1000000)
        self.assertEqual(lines, 5 + 2 * 1000000 + 1)
        self.assertTrue(tail.endswith(b"#EXTINF:6.000,\n../../last.webvtt\n#EXT-X-ENDLIST\n"), tail)
        self.assertLess(self.peak_kib() - before, 16 * 1024, "the playlist was held in memory")
        status, _, body = self.server.request("GET", FOLDER + "/subtitles/jpn/sequence_999998.webvtt")
        self.assertEqual(status, 200)
        self.assertTrue(body.startswith(b"WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:") and b"-->" not in body, body)
        self.assertEqual(self.server.request("GET", FOLDER + "/subtitles/jpn/sequence_1000000.webvtt")[0], 404)

    def test_a_segment_of_a_gigabyte_is_generated_as_it_is_sent(self):
        segment = FOLDER + "/subtitles/jpn/sequence_2.webvtt"
        self.server.json("POST", "/_control/hls", {"path": segment, "size": 1 << 30}, expect=201)
        status, resp, _ = self.server.request("HEAD", segment)
        self.assertEqual((status, resp.getheader("Content-Length"), resp.getheader("Content-Type")),
                         (200, str(1 << 30), "text/vtt; charset=utf-8"))
        before = self.peak_kib()
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        conn.request("GET", segment)
        resp = conn.getresponse()
        self.assertEqual(len(resp.read(1 << 20)), 1 << 20)
        conn.close()  # a client that stops at its limit
        stats = self.server.json("GET", "/_control/media/stats/idle/wait?timeout=30")["files"][segment]
        self.assertEqual(stats["requests"], 2)
        self.assertLess(stats["bytes"], 1 << 28, "the server stopped sending when the client left")
        self.assertLess(self.peak_kib() - before, 32 * 1024)
        self.server.json("POST", "/_control/hls", {"path": FOLDER + "/avc_540p_2000/sequence_0.ts", "size": 1 << 30},
                         expect=201)
        status, resp, _ = self.server.request("HEAD", FOLDER + "/avc_540p_2000/sequence_0.ts")
        self.assertEqual((status, resp.getheader("Content-Length")), (200, str(1 << 30)))


class FolderTests(unittest.TestCase):
    def test_real_files_are_served_as_they_are_and_no_rebase_is_needed(self):
        tmp = tempfile.mkdtemp(prefix="wwdc-hls-test-")
        try:
            os.makedirs(os.path.join(tmp, "feeds", "transcripts"))
            for name in ("contents.json", "transcripts/%s-transcript-jpn.json" % SESSION):
                shutil.copy(os.path.join(FIXTURES, name), os.path.join(tmp, "feeds", name))
            real = os.path.join(tmp, "feeds", FOLDER.strip("/"), "hls_vod_mvp.m3u8")
            os.makedirs(os.path.dirname(real))
            with open(real, "w") as f:
                f.write("#EXTM3U\n#EXT-X-ENDLIST\n")
            server = Server("--quiet", root=os.path.join(tmp, "feeds"))
            try:
                self.assertEqual(server.request("GET", MASTER)[2], b"#EXTM3U\n#EXT-X-ENDLIST\n")
                status, _, body = server.request("GET", FOLDER + "/subtitles/jpn/sequence_0.webvtt")
                self.assertEqual(status, 200)
                self.assertIn("[jpn] 皆さん", body.decode("utf-8"))  # the session is found without --rebase-media
            finally:
                server.stop()
                server.kill()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    @unittest.skipUnless(os.path.isdir(APPLE_2020B), "Apple's 2020 feeds not found at " + APPLE_2020B)
    def test_apple_2020_streams_and_subtitles(self):
        server = Server("--quiet", "--rebase-media", root=APPLE_2020B)
        try:
            status, _, body = server.request("GET", "/contents.json")
            self.assertEqual(status, 200)
            items = [i for i in json.loads(body)["contents"] if (i.get("media") or {}).get("subtitles")]
            self.assertGreater(len(items), 100)
            for item in items[:3]:
                for key in ("hls", "subtitles"):
                    address = item["media"][key]
                    self.assertTrue(address.startswith(server.url + "/videos/"), address)
                    status, resp, body = server.request("GET", urlsplit(address).path)
                    self.assertEqual(status, 200, address)
                    self.assertTrue(body.startswith(b"#EXTM3U\n" if key == "hls" else b"WEBVTT\n"), address)
        finally:
            server.stop()
            server.kill()


if __name__ == "__main__":
    unittest.main()
