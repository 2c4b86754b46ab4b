"""HLS streams for the reference server's videos, in the shape of Apple's (Python 3.8+, standard
library; `ffmpeg` makes the media segments).

A feed names a video's stream by the address of its master playlist (`media.hls`, `.../hls_vod_mvp.m3u8`)
and its English subtitles by a whole WebVTT file (`media.subtitles`, `.../subtitles/eng/<name>.vtt`).
Every such address under /videos/ that is not a real file under --root is answered here, for any
video, by what Apple's CDN serves, at the same relative places (F is the folder of the master):

    F/<name>.m3u8                             master playlist: two variants, subtitle renditions
    F/avc_1080p_6000/prog_index.m3u8          variant playlists (and F/avc_540p_2000/...)
    F/avc_1080p_6000/sequence_<n>.ts          MPEG-TS media segments, made by ffmpeg
    F/subtitles/<code>/prog_index.m3u8        a subtitle rendition: WebVTT segments
    F/subtitles/<code>/sequence_<n>.webvtt    one WebVTT segment, with its X-TIMESTAMP-MAP
    F/subtitles/<code>/<name>.vtt             the whole-file WebVTT (the feed's `subtitles` address)

The stream lasts 18 seconds: three segments of 6 seconds in every playlist. The media's first
timestamp is 10 seconds (MPEG-TS 900000 at 90 kHz, the usual HLS start; Apple's WWDC streams
start elsewhere, which their first segment's map names), so a WebVTT segment
whose header says X-TIMESTAMP-MAP=MPEGTS:<m>,LOCAL:<l> has its cue times c on the video's timeline
at c - l + (m - 900000) / 90000 seconds. The three segments use three maps (see SEGMENT_MAPS), so
that a reader that ignores the map, or half of it, places cues wrongly.

The cues are five lines of the session's transcript in the rendition's language (the first five
texts of <root>/transcripts/<id>-transcript-<code>.json, else the English one, else "Cue <k>"),
translated into nothing but marked: "[jpn] ..." in the rendition of subtitles/jpn, "[eng file] ..."
in the whole file. Two cues cross a segment border and are repeated in both segments, as in
Apple's. The session is found by the folder of its media addresses in the folder's contents
documents. See docs/api.md, "HLS streams", for the controls (hostile playlists, huge segments).
"""

import fnmatch
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from urllib.parse import unquote, urlsplit

import media
from routing import HTTPError, Response

PLAYLIST_TYPE = "application/vnd.apple.mpegurl"
WEBVTT_TYPE = "text/vtt; charset=utf-8"
TS_TYPE = "video/mp2t"

SEGMENT_SECONDS = 6
SEGMENTS = 3
DURATION = SEGMENT_SECONDS * SEGMENTS
CLOCK = 90000                 # MPEG-TS ticks a second
FIRST_TIMESTAMP = 10 * CLOCK  # the media's first timestamp: 10 s, as Apple's streams
# (MPEGTS, LOCAL seconds) of each WebVTT segment: the first in Apple's usual form (cue times are the
# video's), the others each with its own offset from the video's timeline, LOCAL included.
SEGMENT_MAPS = ((FIRST_TIMESTAMP, 0.0),
                (FIRST_TIMESTAMP + 6 * CLOCK, 10.0),
                (FIRST_TIMESTAMP + 12 * CLOCK, 1.0))
# The cues on the video's timeline, in seconds: the second crosses the border at 6 s, the fourth
# the one at 12 s.
CUE_TIMES = ((1.0, 4.0), (4.5, 8.0), (8.5, 11.0), (11.5, 13.5), (14.0, 17.0))

# (folder, declared width, height, bandwidth, width and height of the real pictures): Apple's
# names and lines, pictures a tenth of their size, so that making and playing them costs nothing.
VARIANTS = (("avc_1080p_6000", 1920, 1080, 6000000, 192, 108),
            ("avc_540p_2000", 960, 540, 2000000, 96, 54))
FRAME_RATE = 10
CODECS = "avc1.42c01e"  # H.264 Constrained Baseline, level 3.0: what the ffmpeg command below makes

DEFAULT_LANGUAGES = ("en", "ja", "fra")
# ISO 639-1 and 639-2 (B and T) codes of the languages Apple's streams carry: the rendition's folder
# is the 639-2/T code, whatever the LANGUAGE attribute says.
LANGUAGE_FOLDERS = {"en": "eng", "eng": "eng", "ja": "jpn", "jpn": "jpn", "fr": "fra", "fra": "fra",
                    "fre": "fra", "zh": "zho", "zho": "zho", "chi": "zho", "ko": "kor", "kor": "kor",
                    "es": "spa", "spa": "spa", "de": "deu", "deu": "deu", "ger": "deu", "pt": "por",
                    "por": "por"}
LANGUAGE_NAMES = {"eng": "English", "jpn": "日本語", "fra": "Français", "zho": "简体中文", "kor": "한국어",
                  "spa": "Español", "deu": "Deutsch", "por": "Português"}

SETTING_KEYS = ("path", "languages", "uris", "segments", "segmentURIs", "timestampMap", "size")
MAX_SEGMENTS = 100000000
MAX_TEXT = 4096
STREAM_ABOVE = 1 << 20  # playlists larger than this are streamed, never held in memory
SEQUENCE = re.compile(r"sequence_(0|[1-9][0-9]{0,9})\.(webvtt|ts)")
CODE = re.compile(r"[A-Za-z0-9-]{1,35}")


# ------------------------------------------------------------------------------------------------
# Addresses
# ------------------------------------------------------------------------------------------------

class Address:
    """What an HLS path names: `kind` (master, variant, rendition, vtt, ts, file), the video's
    folder, and the variant folder, language code or segment index it carries."""

    def __init__(self, kind, folder, part=None, index=None):
        self.kind, self.folder, self.part, self.index = kind, folder, part, index

    @property
    def playlist(self):
        """The path of the media playlist a segment belongs to."""
        if self.kind == "vtt":
            return "%s/subtitles/%s/prog_index.m3u8" % (self.folder, self.part)
        return "%s/%s/prog_index.m3u8" % (self.folder, self.part)


def classify(path):
    """The Address of a URL path (as sent, without query), or None when it is no HLS name."""
    if not path.startswith(media.MEDIA_PREFIX):
        return None
    parts = path.split("/")
    name = parts[-1]
    if len(parts) >= 5 and parts[-3] == "subtitles" and CODE.fullmatch(parts[-2]):
        folder, code = "/".join(parts[:-3]), parts[-2]
        if name == "prog_index.m3u8":
            return Address("rendition", folder, code)
        match = SEQUENCE.fullmatch(name)
        if match and match.group(2) == "webvtt":
            return Address("vtt", folder, code, int(match.group(1)))
        if name.endswith(".vtt") and len(name) > 4:
            return Address("file", folder, code)
        return None
    variants = [v[0] for v in VARIANTS]
    if len(parts) >= 4 and parts[-2] in variants:
        folder, variant = "/".join(parts[:-2]), parts[-2]
        if name == "prog_index.m3u8":
            return Address("variant", folder, variant)
        match = SEQUENCE.fullmatch(name)
        if match and match.group(2) == "ts":
            return Address("ts", folder, variant, int(match.group(1)))
        return None
    if name.endswith(".m3u8") and name != "prog_index.m3u8" and len(name) > 5 and len(parts) >= 4:
        return Address("master", "/".join(parts[:-1]))
    if name.endswith(".vtt") and len(name) > 4 and len(parts) >= 4:
        return Address("file", "/".join(parts[:-1]), "eng")
    return None


def language_folder(language):
    """The rendition folder of a LANGUAGE attribute: its ISO 639-2/T code when known, else the
    attribute itself made a safe path segment."""
    known = LANGUAGE_FOLDERS.get(language.lower().split("-")[0])
    if known:
        return known
    safe = re.sub(r"[^a-z0-9-]", "", language.lower())[:35]
    return safe or "und"


# ------------------------------------------------------------------------------------------------
# Settings
# ------------------------------------------------------------------------------------------------

def _text(value, key):
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT or any(c in value for c in '"\r\n'):
        raise ValueError("%s must be a string of 1 to %d characters without quotes or line breaks" % (key, MAX_TEXT))
    return value


def validate(obj):
    """(path, changes) from a request body; ValueError with the message of the 400 otherwise. A key
    given as null clears it."""
    path = media.setting_path(obj, SETTING_KEYS, "HLS")
    changes = {}
    for key in SETTING_KEYS[1:]:
        if key not in obj:
            continue
        value = obj[key]
        if value is None:
            changes[key] = None
        elif key == "languages":
            if not isinstance(value, list) or not 1 <= len(value) <= 32:
                raise ValueError("languages must be a list of 1 to 32 LANGUAGE names")
            changes[key] = [_text(v, "a language") for v in value]
            if len(set(changes[key])) != len(value):
                raise ValueError("languages must not repeat")
        elif key in ("uris", "segmentURIs"):
            if not isinstance(value, dict) or not value:
                raise ValueError("%s must be a non-empty object" % key)
            if key == "segmentURIs" and not all(k.isdigit() and int(k) < MAX_SEGMENTS for k in value):
                raise ValueError("segmentURIs are keyed by segment index (0, 1, ...)")
            changes[key] = {(int(k) if key == "segmentURIs" else k): _text(v, key) for k, v in value.items()}
        elif key == "segments":
            changes[key] = media.bounded_integer(obj, key, 0, MAX_SEGMENTS)
        elif key == "size":
            changes[key] = media.bounded_integer(obj, key, 0, media.MAX_SIZE)
        elif key == "timestampMap":
            if not isinstance(value, str) or len(value) > MAX_TEXT or any(c in value for c in "\r\n"):
                raise ValueError("timestampMap must be a string without line breaks")
            changes[key] = value
    return path, changes


class Settings:
    """Settings by path glob, in the order they were added; a POST for a path already set updates
    that entry. For each key, the first entry that matches and sets it wins."""

    def __init__(self):
        self._lock = threading.Lock()
        self._entries = []  # [{"path": ..., key: value}]

    def configure(self, path, changes):
        with self._lock:
            entry = next((e for e in self._entries if e["path"] == path), None)
            if entry is None:
                entry = {"path": path}
                self._entries.append(entry)
            for key, value in changes.items():
                if value is None:
                    entry.pop(key, None)
                else:
                    entry[key] = value
            if len(entry) == 1:
                self._entries.remove(entry)

    def clear(self, path=None):
        with self._lock:
            self._entries = [e for e in self._entries if path is not None and e["path"] != path]

    def list(self):
        with self._lock:
            return [{key: entry.get(key) for key in SETTING_KEYS} for entry in self._entries]

    def get(self, path, key, default=None):
        with self._lock:
            for entry in self._entries:
                if key in entry and fnmatch.fnmatchcase(path, entry["path"]):
                    return entry[key]
        return default


# ------------------------------------------------------------------------------------------------
# Sessions and their texts
# ------------------------------------------------------------------------------------------------

class Catalog:
    """Which session a video folder belongs to: the folders of the media addresses (`hls`,
    `tvOShls`, `downloadHD`, `downloadSD`, `subtitles`) of the contents documents at the top of the
    feed folder, read again when one of them changes."""

    MEDIA_KEYS = ("hls", "tvOShls", "downloadHD", "downloadSD", "subtitles")

    def __init__(self, feeds):
        self.feeds = feeds
        self._lock = threading.Lock()
        self._documents = {}  # full path -> (ETag, {folder: content id})

    def session(self, folder):
        """The content id whose media live in `folder` (a URL path), or None."""
        found = None
        try:
            names = sorted(n for n in os.listdir(self.feeds.root) if n.endswith(".json") and not n.startswith("."))
        except OSError:
            return None
        for name in names:
            full = os.path.join(self.feeds.root, name)
            try:
                body, etag = self.feeds.read(full)
            except OSError:
                continue
            with self._lock:
                hit = self._documents.get(full)
            if hit is None or hit[0] != etag:
                hit = (etag, self.folders(body))
                with self._lock:
                    self._documents[full] = hit
            found = found or hit[1].get(folder)
        return found

    @classmethod
    def folders(cls, body):
        if b'"contents"' not in body:
            return {}
        try:
            doc = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return {}
        result = {}
        for item in (doc.get("contents") or ()) if isinstance(doc, dict) else ():
            item_media = item.get("media") if isinstance(item, dict) else None
            if not isinstance(item_media, dict) or not isinstance(item.get("id"), str):
                continue
            for key in cls.MEDIA_KEYS:
                url = item_media.get(key)
                if not isinstance(url, str):
                    continue
                try:
                    path = urlsplit(url).path
                except ValueError:
                    continue
                folder = path.split("/subtitles/")[0] if key == "subtitles" else path.rsplit("/", 1)[0]
                result.setdefault(folder, item["id"])
        return result


@functools.lru_cache(maxsize=256)
def _transcript_texts(full, mtime_ns, size):
    with open(full, encoding="utf-8") as f:
        doc = json.load(f)
    for entry in doc.values():
        lines = entry.get("transcript") if isinstance(entry, dict) else None
        if isinstance(lines, list):
            return tuple(line[1] for line in lines if isinstance(line, list) and len(line) == 2
                         and isinstance(line[1], str) and line[1].strip())
    return ()


def transcript_texts(root, session, code):
    """The texts of the session's transcript in `code` (ISO 639-2), () when there is none."""
    if session is None or not CODE.fullmatch(code) or "/" in session or session.startswith("."):
        return ()
    full = os.path.join(root, "transcripts", "%s-transcript-%s.json" % (session, code))
    try:
        st = os.stat(full)
        return _transcript_texts(full, st.st_mtime_ns, st.st_size)
    except (OSError, ValueError, AttributeError):
        return ()


def cue_text(text):
    """A transcript's text as one WebVTT cue line: whitespace made single spaces, &, < and >
    escaped."""
    line = " ".join(text.split())
    return line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cues(root, session, code, label):
    """The stream's cues in language `code`, on the video's timeline: [(start, end, text)]."""
    texts = transcript_texts(root, session, code) or transcript_texts(root, session, "eng")
    result = []
    for k, (start, end) in enumerate(CUE_TIMES):
        text = cue_text(texts[k % len(texts)]) if texts else "Cue %d" % (k + 1)
        result.append((start, end, "[%s] %s" % (label, text)))
    return result


def make_etag(body):
    return '"%s"' % hashlib.sha256(body).hexdigest()[:32]


def timestamp(seconds):
    millis = int(round(seconds * 1000))
    return "%02d:%02d:%02d.%03d" % (millis // 3600000, millis // 60000 % 60, millis // 1000 % 60, millis % 1000)


def segment_map(index):
    """(MPEGTS, LOCAL seconds) of the WebVTT segment `index`."""
    if index < len(SEGMENT_MAPS):
        return SEGMENT_MAPS[index]
    # Past the stream (a playlist set to list more segments): no cues; MPEG-TS time wraps at 2^33.
    return (FIRST_TIMESTAMP + index * SEGMENT_SECONDS * CLOCK) % (1 << 33), 0.0


def webvtt_segment(all_cues, index, raw_map=None):
    """The WebVTT segment `index`: its map, and the cues that overlap its 6 seconds, their times
    given in its local time."""
    mpegts, local = segment_map(index)
    header = "MPEGTS:%d,LOCAL:%s" % (mpegts, timestamp(local)) if raw_map is None else raw_map
    offset = local - (mpegts - FIRST_TIMESTAMP) / CLOCK
    begin, end = index * SEGMENT_SECONDS, (index + 1) * SEGMENT_SECONDS
    blocks = ["WEBVTT\nX-TIMESTAMP-MAP=%s\n" % header]
    for start, stop, text in all_cues:
        if start < end and stop > begin:
            blocks.append("%s --> %s\n%s\n" % (timestamp(start + offset), timestamp(stop + offset), text))
    return "\n".join(blocks).encode("utf-8")


def webvtt_file(all_cues):
    blocks = ["WEBVTT\n"] + ["%s --> %s\n%s\n" % (timestamp(s), timestamp(e), t) for s, e, t in all_cues]
    return "\n".join(blocks).encode("utf-8")


# ------------------------------------------------------------------------------------------------
# Playlists
# ------------------------------------------------------------------------------------------------

def master_playlist(languages, uris):
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS", ""]
    for n, language in enumerate(languages):
        folder = language_folder(language)
        uri = uris.get(language, "subtitles/%s/prog_index.m3u8" % folder)
        lines.append('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="%s",NAME="%s",AUTOSELECT=YES,'
                     'DEFAULT=%s,URI="%s",FORCED=NO'
                     % (language, LANGUAGE_NAMES.get(folder, language), "YES" if n == 0 else "NO", uri))
    lines.append("")
    for folder, width, height, bandwidth, _, _ in VARIANTS:
        lines.append('#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,CODECS="%s",RESOLUTION=%dx%d,'
                     'FRAME-RATE=%.3f,SUBTITLES="subs",CLOSED-CAPTIONS=NONE'
                     % (bandwidth, bandwidth * 9 // 10, CODECS, width, height, FRAME_RATE))
        lines.append("%s/prog_index.m3u8" % folder)
    return ("\n".join(lines) + "\n").encode("utf-8")


def _digits_below(n):
    """The number of decimal digits written for 0, 1, ..., n - 1."""
    total, width, low = 0, 1, 0
    while low < n:
        high = min(n, 10 ** width)
        total += (high - low) * width
        low, width = high, width + 1
    return total


class MediaPlaylist:
    """A VOD media playlist of `count` segments of 6 seconds named sequence_<n>.<extension>, some
    replaced by `overrides` ({index: URI}), generated as it is read: a playlist of a million
    segments is never held in memory. Serves as a MediaResponse's file (size, views)."""

    HEADER = ("#EXTM3U\n#EXT-X-TARGETDURATION:%d\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:0\n"
              "#EXT-X-PLAYLIST-TYPE:VOD\n" % SEGMENT_SECONDS).encode()
    INF = ("#EXTINF:%.3f,\n" % SEGMENT_SECONDS).encode()
    FOOTER = b"#EXT-X-ENDLIST\n"
    BATCH = 4096  # segments per generated piece

    def __init__(self, count, extension, overrides=None):
        self.count, self.extension = count, extension
        self.overrides = {i: uri.encode("utf-8") for i, uri in (overrides or {}).items() if i < count}
        name = len("sequence_.%s\n" % extension)
        self.size = (len(self.HEADER) + len(self.FOOTER) + count * (len(self.INF) + name) + _digits_below(count)
                     + sum(len(uri) + 1 - name - len(str(i)) for i, uri in self.overrides.items()))

    def pieces(self):
        yield self.HEADER
        name = "sequence_%d." + self.extension + "\n"
        for first in range(0, self.count, self.BATCH):
            out = []
            for i in range(first, min(self.count, first + self.BATCH)):
                uri = self.overrides.get(i)
                out.append(self.INF + (uri + b"\n" if uri is not None else (name % i).encode()))
            yield b"".join(out)
        yield self.FOOTER

    def views(self, start, end):
        pos = 0
        for piece in self.pieces():
            stop = pos + len(piece)
            if stop > start and pos < end:
                yield memoryview(piece)[max(start, pos) - pos: min(end, stop) - pos]
            pos = stop
            if pos >= end:
                return

    def bytes(self):
        return b"".join(self.pieces())

    @property
    def etag(self):
        key = json.dumps([self.count, self.extension, sorted((i, u.decode()) for i, u in self.overrides.items())])
        return '"%s"' % hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


# ------------------------------------------------------------------------------------------------
# Media segments (ffmpeg)
# ------------------------------------------------------------------------------------------------

class MediaUnavailable(Exception):
    pass


def ffmpeg_command(ffmpeg):
    """One ffmpeg run writing both variants' segments: testsrc (a picture with a running counter),
    H.264 Constrained Baseline, a key frame every 6 s, cut at each, timestamps from 10 s. Cut by
    ffmpeg's HLS muxer (its playlist is not served), which carries the MPEG-TS continuity counters
    from one segment to the next as a stream's segmenter does: its segment muxer starts them again
    in each file, and a player joining the segments reads the first packet after each cut as
    corrupt."""
    source = "testsrc=size=%dx%d:rate=%d:duration=%d" % (VARIANTS[0][4], VARIANTS[0][5], FRAME_RATE, DURATION)
    command = [ffmpeg, "-nostdin", "-hide_banner", "-v", "error", "-y", "-f", "lavfi", "-i", source]
    for folder, _, _, _, width, height in VARIANTS:
        command += ["-map", "0:v", "-vf", "scale=%d:%d" % (width, height), "-c:v", "libx264", "-preset", "ultrafast",
                    "-profile:v", "baseline", "-level:v", "3.0", "-pix_fmt", "yuv420p",
                    "-g", str(FRAME_RATE * SEGMENT_SECONDS), "-keyint_min", str(FRAME_RATE * SEGMENT_SECONDS),
                    "-sc_threshold", "0", "-output_ts_offset", str(FIRST_TIMESTAMP // CLOCK),
                    "-muxdelay", "0", "-muxpreload", "0", "-f", "hls", "-hls_time", str(SEGMENT_SECONDS),
                    "-hls_playlist_type", "vod", "-hls_segment_filename", os.path.join(folder, "sequence_%d.ts"),
                    os.path.join(folder, "ffmpeg.m3u8")]
    return command


class SegmentCache:
    """The variants' MPEG-TS segments, made by one ffmpeg run the first time one is asked for, in
    `folder` (--hls-media, kept and shared between servers: a run's results are moved in whole, so
    a server never reads half of another's) or in a private temporary folder removed by close()."""

    def __init__(self, folder=None):
        self.folder = folder
        self._private = None
        self._lock = threading.Lock()
        self._ready = None
        self._error = None
        self.runs = 0

    @property
    def stamp(self):
        """The name of the made segments' folder: another command makes another folder."""
        return "hls-" + hashlib.sha256(" ".join(ffmpeg_command("ffmpeg")).encode()).hexdigest()[:16]

    def ready(self):
        """The folder holding the segments, made now if need be; MediaUnavailable otherwise."""
        with self._lock:
            if self._ready is None and self._error is None:
                try:
                    self._ready = self._make()
                except MediaUnavailable as error:
                    self._error = str(error)
            if self._error is not None:
                raise MediaUnavailable(self._error)
            return self._ready

    def state(self):
        with self._lock:
            return {"ready": self._ready is not None, "folder": self._ready, "ffmpegRuns": self.runs,
                    "error": self._error}

    def segment(self, variant, index):
        with open(os.path.join(self.ready(), variant, "sequence_%d.ts" % index), "rb") as f:
            return f.read()

    def complete(self, target):
        return all(os.path.isfile(os.path.join(target, v[0], "sequence_%d.ts" % i))
                   for v in VARIANTS for i in range(SEGMENTS))

    def _make(self):
        if self.folder is None:
            if self._private is None:
                self._private = tempfile.mkdtemp(prefix="wwdc-hls-media-")
            base = self._private
        else:
            base = self.folder
            os.makedirs(base, exist_ok=True)
        target = os.path.join(base, self.stamp)
        if self.complete(target):
            return target
        ffmpeg = shutil.which("ffmpeg")
        if ffmpeg is None:
            raise MediaUnavailable("ffmpeg is not installed, so there are no media segments (apt-get install ffmpeg)")
        making = tempfile.mkdtemp(prefix=".making-", dir=base)
        try:
            for variant in VARIANTS:
                os.mkdir(os.path.join(making, variant[0]))
            self.runs += 1
            try:
                made = subprocess.run(ffmpeg_command(ffmpeg), cwd=making, stdin=subprocess.DEVNULL,
                                      capture_output=True, timeout=120)
            except (OSError, subprocess.TimeoutExpired) as error:
                raise MediaUnavailable("ffmpeg could not make the media segments: %s" % error)
            if made.returncode != 0 or not self.complete(making):
                message = made.stderr.decode("utf-8", "replace").strip().splitlines()
                raise MediaUnavailable("ffmpeg could not make the media segments: %s"
                                       % (message[-1] if message else "exit status %d" % made.returncode))
            try:
                os.rename(making, target)
            except OSError:
                if not self.complete(target):  # another server moved its own in first: that one is used
                    raise MediaUnavailable("the media segments could not be moved into %s" % target)
            return target
        finally:
            shutil.rmtree(making, ignore_errors=True)

    def close(self):
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)


class HLSLibrary:
    """The server's HLS state: settings, the media segments, which session a folder is."""

    def __init__(self, feeds, media_folder=None):
        self.settings = Settings()
        self.segments = SegmentCache(media_folder)
        self.catalog = Catalog(feeds)
        self.root = feeds.root

    def cues(self, address):
        """The cues of the rendition or whole file `address` names, on the video's timeline."""
        session = self.catalog.session(address.folder)
        label = address.part + " file" if address.kind == "file" else address.part
        return cues(self.root, session, address.part, label)


# ------------------------------------------------------------------------------------------------
# Serving
# ------------------------------------------------------------------------------------------------

CONTENT_TYPES = {"master": PLAYLIST_TYPE, "variant": PLAYLIST_TYPE, "rendition": PLAYLIST_TYPE,
                 "vtt": WEBVTT_TYPE, "file": WEBVTT_TYPE, "ts": TS_TYPE}


def body(library, address, path):
    """The bytes (or, for a large playlist, the MediaPlaylist) that `path` names; HTTPError
    otherwise."""
    settings = library.settings
    if address.kind == "master":
        languages = settings.get(path, "languages", DEFAULT_LANGUAGES)
        return master_playlist(languages, settings.get(path, "uris", {}))
    if address.kind in ("variant", "rendition"):
        playlist = MediaPlaylist(settings.get(path, "segments", SEGMENTS), "ts" if address.kind == "variant" else "webvtt",
                                 settings.get(path, "segmentURIs", {}))
        return playlist if playlist.size > STREAM_ABOVE else playlist.bytes()
    count = settings.get(address.playlist, "segments", SEGMENTS)
    if address.kind == "vtt":
        if address.index >= count:
            raise HTTPError(404, "no such segment: %s (the playlist has %d)" % (path, count))
        return webvtt_segment(library.cues(address), address.index, settings.get(path, "timestampMap"))
    if address.kind == "ts":
        if address.index >= min(count, SEGMENTS):
            raise HTTPError(404, "no such segment: %s (the stream has %d)" % (path, SEGMENTS))
        try:
            return library.segments.segment(address.part, address.index)
        except MediaUnavailable as error:
            raise HTTPError(503, str(error))
    return webvtt_file(library.cues(address))


def serve(request, fallback):
    """An HLS name under /videos/ that is not a real file; anything else goes to `fallback`."""
    path = request.path
    address = classify(path)
    if address is None:
        return fallback(request)
    local = request.app.feeds.candidate(unquote(path))
    if local is None or os.path.isfile(local):
        return fallback(request)  # refused names answer 404 there; real files are served as they are
    library = request.app.hls
    content_type = CONTENT_TYPES[address.kind]
    size = library.settings.get(path, "size")
    if size is not None:
        # Generated bytes of that size, streamed, counted with the videos' (/_control/media/stats).
        request.app.media.stats.request(path)
        generated = media.MediaFile(path, size, 0)
        headers = [("ETag", generated.etag)]
        if not request.ignore_conditional and media.none_match(request.header("If-None-Match"), generated.etag):
            return Response(304, b"", None, headers)
        return media.MediaResponse(200, generated, 0, size, headers, content_type=content_type)
    made = body(library, address, path)
    etag = made.etag if isinstance(made, MediaPlaylist) else make_etag(made)
    headers = [("ETag", etag)]
    if not request.ignore_conditional and media.none_match(request.header("If-None-Match"), etag):
        return Response(304, b"", None, headers)
    if isinstance(made, MediaPlaylist):
        request.app.media.stats.request(path)
        return media.MediaResponse(200, made, 0, made.size, headers, content_type=content_type)
    return Response(200, made, content_type, headers)


def serving(fallback):
    return lambda request: serve(request, fallback)


# ------------------------------------------------------------------------------------------------
# Control endpoints
# ------------------------------------------------------------------------------------------------

def register(router):
    @router.route("GET", "/_control/hls")
    def list_settings(request):
        return Response.json(200, {"hls": request.app.hls.settings.list()})

    @router.route("POST", "/_control/hls")
    def configure(request):
        try:
            path, changes = validate(request.json())
        except ValueError as error:
            raise HTTPError(400, str(error))
        request.app.hls.settings.configure(path, changes)
        return Response.json(201, {"hls": request.app.hls.settings.list()})

    @router.route("DELETE", "/_control/hls")
    def clear(request):
        request.app.hls.settings.clear(request.query.get("path"))
        return Response.empty(204)

    @router.route("GET", "/_control/hls/cues")
    def get_cues(request):
        path = request.query.get("path") or ""
        address = classify(path)
        if address is None or address.kind not in ("rendition", "vtt", "file"):
            raise HTTPError(400, "path must name a subtitle rendition, one of its segments or a whole .vtt under /videos/")
        library = request.app.hls
        return Response.json(200, {"session": library.catalog.session(address.folder), "language": address.part,
                                   "firstMediaTimestamp": FIRST_TIMESTAMP, "duration": DURATION,
                                   "cues": [{"start": s, "end": e, "text": t} for s, e, t in library.cues(address)]})

    @router.route("GET", "/_control/hls/media")
    def media_state(request):
        return Response.json(200, request.app.hls.segments.state())

    @router.route("POST", "/_control/hls/media")
    def make_media(request):
        try:
            request.app.hls.segments.ready()
        except MediaUnavailable as error:
            raise HTTPError(503, str(error))
        return Response.json(200, request.app.hls.segments.state())
