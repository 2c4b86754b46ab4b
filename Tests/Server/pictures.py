"""Generated pictures for the reference server (standard library only).

With --rebase-images, a served contents document has every absolute `events[].imagesPath` pointed
at this server, `<base>/images/<last path component>`, and the server answers the picture URLs the
rules of docs/feed-format.md give with generated pictures:

    /images/<n>/<sid>/<sid>_<kind>_<width>x<height>_<scale>x.jpg    a session's picture
    .../<photo id>/<width>.jpeg                                       a news photo, height width/1.5

(anywhere a real file is absent), any kind and any size up to 10,000 pixels a side (the most the
sizes of `imageTypes` may say, so every address wwdc's rules give is answered). A picture is a valid baseline greyscale JPEG of exactly that many
pixels (scaled by <scale>), a gradient seeded by its path, with the path in a comment, so that two
pictures never share their bytes; with --picture-format png, a PNG of the same size instead (at the
same URL: clients must look at the bytes, not the name). Each answer carries a strong ETag (a hash
of the bytes) and a Last-Modified date (the server's start), and answers 304 to a matching
If-None-Match, else to an If-Modified-Since not before that date.
"""

import email.utils
import hashlib
import json
import os
import re
import struct
import threading
import time
import zlib
from urllib.parse import unquote

from routing import Response

SESSION_PICTURE = re.compile(r"^/images/[^/]+/(\d+)/\1_([A-Za-z0-9]+)_(\d{1,5})x(\d{1,5})_([1-3])x\.jpg$")
NEWS_PHOTO = re.compile(r"^/(?:[^/]+/)*[A-Za-z0-9-]+/(\d{1,4})\.jpeg$")
# The largest side wwdc's picture rules can give: a size of `imageTypes` is 1 to 10,000 pixels.
MAX_SIDE = 10000

# The DC table of the JPEG standard (Annex K.3.1): code lengths 1..16, then the categories.
DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_VALUES = list(range(12))


def _codes(bits, values):
    """The canonical Huffman codes (code, length) of `values` for the code length counts `bits`."""
    codes, code, k = {}, 0, 0
    for length, count in enumerate(bits, start=1):
        for _ in range(count):
            codes[values[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


DC_CODES = _codes(DC_BITS, DC_VALUES)


class _Bits:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.count = 0

    def put(self, value, length):
        for i in range(length - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)  # byte stuffing
                self.acc, self.count = 0, 0

    def flush(self):
        if self.count:
            self.put((1 << (8 - self.count)) - 1, 8 - self.count)  # pad with ones
        return bytes(self.out)


def _segment(marker, payload):
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def jpeg(width, height, seed):
    """A baseline greyscale JPEG of width x height pixels: one flat shade per 8x8 block, a gradient
    that depends on `seed` (bytes), which also goes in a comment."""
    shift = seed[0] if seed else 0
    bits = _Bits()
    previous = 0
    # The only AC code: end of block, one bit.
    for by in range((height + 7) // 8):
        for bx in range((width + 7) // 8):
            shade = 40 + (bx * 5 + by * 3 + shift) % 176
            dc = 8 * (shade - 128)  # the DCT's DC term of a flat block, quantised by 1
            diff, previous = dc - previous, dc
            category = abs(diff).bit_length()
            code, length = DC_CODES[category]
            bits.put(code, length)
            if category:
                bits.put(diff if diff >= 0 else diff + (1 << category) - 1, category)
            bits.put(0, 1)  # end of block
    data = bits.flush()
    out = b"\xff\xd8"
    out += _segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    out += _segment(0xFE, b"wwdc reference server " + seed.hex().encode())
    out += _segment(0xDB, b"\x00" + b"\x01" * 64)
    out += _segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")
    out += _segment(0xC4, b"\x00" + bytes(DC_BITS) + bytes(DC_VALUES))
    out += _segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    out += _segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
    return out + data + b"\xff\xd9"


def png(width, height, seed):
    """An 8-bit RGB PNG of width x height pixels, a gradient that depends on `seed`."""
    shift = seed[0] if seed else 0
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes(((x + shift) % 256, (y * 2) % 256, (x + y) % 256))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


def size_of(path):
    """(width, height) of the picture a URL path names, or None when it names none."""
    match = SESSION_PICTURE.match(path)
    if match:
        scale = int(match.group(5))
        width, height = int(match.group(3)) * scale, int(match.group(4)) * scale
    else:
        match = NEWS_PHOTO.match(path)
        if not match:
            return None
        width = int(match.group(1))
        height = max(1, round(width / 1.5))
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        return None
    return width, height


class PictureLibrary:
    """Generated pictures, made once per path, and the date they all carry."""

    def __init__(self, picture_format="jpeg"):
        self.format = picture_format
        self.modified = int(time.time())
        self._lock = threading.Lock()
        self._made = {}

    @property
    def last_modified(self):
        return email.utils.formatdate(self.modified, usegmt=True)

    def picture(self, path):
        """(body, ETag, content type) of the picture at `path`, or None."""
        size = size_of(path)
        if size is None:
            return None
        with self._lock:
            hit = self._made.get(path)
        if hit:
            return hit
        seed = hashlib.sha256(path.encode()).digest()
        body = png(*size, seed) if self.format == "png" else jpeg(*size, seed)
        made = (body, '"%s"' % hashlib.sha256(body).hexdigest()[:32], "image/png" if self.format == "png" else "image/jpeg")
        with self._lock:
            self._made[path] = made
        return made

    def not_modified(self, request, etag, matches):
        """Whether the request's validators say the client has this version."""
        none_match = request.header("If-None-Match")
        if none_match is not None:
            return matches(none_match, etag)
        since = request.header("If-Modified-Since")
        if since is None:
            return False
        try:
            parsed = email.utils.parsedate_tz(since)
        except (TypeError, ValueError):
            return False
        return parsed is not None and email.utils.mktime_tz(parsed) >= self.modified


def rebase_images(body, base_url):
    """A contents document with each absolute events[].imagesPath pointed here, or None when it
    has none to change."""
    if b'"imagesPath"' not in body:
        return None
    try:
        doc = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    events = doc.get("events") if isinstance(doc, dict) else None
    if not isinstance(events, list):
        return None
    changed = False
    for event in events:
        path = event.get("imagesPath") if isinstance(event, dict) else None
        if isinstance(path, str) and re.match(r"^https?://", path, re.IGNORECASE):
            last = next((s for s in reversed(path.split("/")) if s), "")
            if last and re.match(r"^[A-Za-z0-9._-]+$", last) and not last.startswith("."):
                event["imagesPath"] = "%s/images/%s" % (base_url, last)
                changed = True
    if not changed:
        return None
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def serve(request, fallback, matches):
    """A generated picture for a picture path with no real file; anything else goes to `fallback`."""
    app = request.app
    path = unquote(request.path)
    library = getattr(app, "pictures", None)
    if library is None or size_of(path) is None:
        return fallback(request)
    local = app.feeds.candidate(path)
    if local is None:
        return fallback(request)
    if os.path.isfile(local):
        return fallback(request)
    body, etag, content_type = library.picture(path)
    headers = [("ETag", etag), ("Last-Modified", library.last_modified)]
    if not request.ignore_conditional and library.not_modified(request, etag, matches):
        return Response(304, b"", None, headers)
    return Response(200, body, content_type, headers)
