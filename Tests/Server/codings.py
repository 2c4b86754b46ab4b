"""Compressed bodies for the reference server's feed files (Python 3.8+, standard library only).

A test names a path pattern and a coding; the files it matches are then served in that coding,
whatever the request's Accept-Encoding says, as a CDN or a misconfigured server would:

    POST /_control/encodings {"path": "/contents.json", "encoding": "gzip-members"}

| encoding | body | Content-Encoding |
| --- | --- | --- |
| gzip | one gzip member | gzip |
| gzip-members | the file in two gzip members, then an empty member (Apple's CDN sends a body and an empty member) | gzip |
| deflate | zlib-wrapped deflate (RFC 1950), what `deflate` means | deflate |
| raw-deflate | deflate without a wrapper (RFC 1951), as some servers send `deflate` | deflate |
| gzip-unlabelled | one gzip member | none |
| gzip-truncated | the first half of a gzip member (the HTTP answer itself is complete) | gzip |
| gzip-corrupt | a gzip member with a byte of its compressed data changed | gzip |
| labelled-gzip | the file's bytes as they are (a file that is gzip already) | gzip |

The ETag is the file's with the coding's name, so each coding of a file has its own and
If-None-Match still answers 304 for the one sent. See docs/api.md.

From the command line, for files to serve or to put in a folder source:

    python3 Tests/Server/codings.py encode gzip-members < contents.json > contents.json.gz
    python3 Tests/Server/codings.py bomb 4294967296 > news.json   # one gzip member of 4 GiB of zeros, 4 MB
"""

import fnmatch
import gzip
import struct
import sys
import threading
import zlib

from routing import HTTPError, Response

ENCODINGS = ("gzip", "gzip-members", "deflate", "raw-deflate", "gzip-unlabelled", "gzip-truncated",
             "gzip-corrupt", "labelled-gzip")


def gzip_member(data):
    # mtime 0: the same file always compresses to the same bytes.
    return gzip.compress(data, compresslevel=6, mtime=0)


def deflate(data, wbits):
    compressor = zlib.compressobj(6, zlib.DEFLATED, wbits)
    return compressor.compress(data) + compressor.flush()


def encode(encoding, data):
    """(body, Content-Encoding or None) of `data` in `encoding`."""
    if encoding == "gzip":
        return gzip_member(data), "gzip"
    if encoding == "gzip-members":
        half = len(data) // 2
        return gzip_member(data[:half]) + gzip_member(data[half:]) + gzip_member(b""), "gzip"
    if encoding == "deflate":
        return deflate(data, zlib.MAX_WBITS), "deflate"
    if encoding == "raw-deflate":
        return deflate(data, -zlib.MAX_WBITS), "deflate"
    if encoding == "gzip-unlabelled":
        return gzip_member(data), None
    if encoding == "gzip-truncated":
        member = gzip_member(data)
        return member[: len(member) // 2], "gzip"
    if encoding == "gzip-corrupt":
        member = bytearray(gzip_member(data))
        # A byte of the compressed data (past the 10-byte header, before the 8-byte trailer).
        middle = 10 + (len(member) - 18) // 2
        member[middle] ^= 0xFF
        return bytes(member), "gzip"
    if encoding == "labelled-gzip":
        return data, "gzip"
    raise ValueError("encoding must be one of " + ", ".join(ENCODINGS))


def bomb(size, out):
    """Writes one gzip member that inflates to `size` zero bytes (a multiple of 1 MiB) to `out`: a
    block compressed after a full flush is the same for the same input, so it is written again and
    again instead of compressing gigabytes."""
    chunk = b"\0" * (1 << 20)
    if size <= 0 or size % len(chunk):
        raise ValueError("the size must be a positive multiple of 1 MiB")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    out.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff")  # gzip header: deflate, no name, mtime 0
    out.write(compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH))
    block = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(chunk)
    for _ in range(size // len(chunk) - 1):
        out.write(block)
        crc = zlib.crc32(chunk, crc)
    out.write(compressor.flush(zlib.Z_FINISH))
    out.write(struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF))


class EncodingRule:
    def __init__(self, path, encoding):
        self.path, self.encoding = path, encoding

    @classmethod
    def from_json(cls, obj):
        if not isinstance(obj, dict):
            raise ValueError("an encoding is a JSON object")
        unknown = set(obj) - {"path", "encoding"}
        if unknown:
            raise ValueError("unknown key(s): " + ", ".join(sorted(unknown)))
        path, encoding = obj.get("path"), obj.get("encoding")
        if not isinstance(path, str) or not path.startswith("/") or path.startswith("/_control/"):
            raise ValueError("path must be a pattern starting with /, not under /_control/")
        if encoding not in ENCODINGS:
            raise ValueError("encoding must be one of " + ", ".join(ENCODINGS))
        return cls(path, encoding)

    @classmethod
    def from_spec(cls, spec):
        """PATH=ENCODING, e.g. /contents.json=gzip-members"""
        path, sep, encoding = spec.partition("=")
        if not sep:
            raise ValueError("expected PATH=ENCODING: %r" % spec)
        return cls.from_json({"path": path, "encoding": encoding})

    def to_json(self):
        return {"path": self.path, "encoding": self.encoding}


class EncodingTable:
    """Rules in the order they were added; one for the same path replaces the old one, and the
    first that matches a path is its coding. Encoded bodies are cached by (ETag, coding)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rules = []
        self._cache = {}

    def add(self, rule):
        with self._lock:
            self._rules = [r for r in self._rules if r.path != rule.path] + [rule]

    def clear(self, path=None):
        with self._lock:
            self._rules = [r for r in self._rules if path is not None and r.path != path]

    def list(self):
        with self._lock:
            return [r.to_json() for r in self._rules]

    def coding(self, path):
        with self._lock:
            for rule in self._rules:
                if fnmatch.fnmatchcase(path, rule.path):
                    return rule.encoding
        return None

    def apply(self, path, body, etag):
        """(body, etag, Content-Encoding or None) as served for `path`."""
        encoding = self.coding(path)
        if encoding is None:
            return body, etag, None
        key = (etag, encoding)
        with self._lock:
            hit = self._cache.get(key)
        if hit is None:
            hit = encode(encoding, body)
            with self._lock:
                if len(self._cache) > 64:
                    self._cache.clear()
                self._cache[key] = hit
        encoded, label = hit
        return encoded, etag[:-1] + "-" + encoding + '"', label


def register(router):
    """Adds /_control/encodings."""

    @router.route("GET", "/_control/encodings")
    def list_encodings(request):
        return Response.json(200, {"encodings": request.app.encodings.list()})

    @router.route("POST", "/_control/encodings")
    def add_encoding(request):
        body = request.json()
        specs = body.get("encodings") if "encodings" in body else [body]
        if not isinstance(specs, list):
            raise HTTPError(400, "encodings must be a list")
        try:
            rules = [EncodingRule.from_json(spec) for spec in specs]
        except ValueError as error:
            raise HTTPError(400, str(error))
        for rule in rules:
            request.app.encodings.add(rule)
        return Response.json(201, {"encodings": request.app.encodings.list()})

    @router.route("DELETE", "/_control/encodings")
    def clear_encodings(request):
        request.app.encodings.clear(request.query.get("path"))
        return Response.empty(204)


def main(argv):
    import argparse
    parser = argparse.ArgumentParser(description="Compressed bodies, as the reference server serves them.")
    sub = parser.add_subparsers(dest="command", required=True)
    enc = sub.add_parser("encode", help="stdin in ENCODING to stdout")
    enc.add_argument("encoding", choices=ENCODINGS)
    bmb = sub.add_parser("bomb", help="a gzip member inflating to BYTES zero bytes, to stdout")
    bmb.add_argument("bytes", type=int)
    args = parser.parse_args(argv)
    if args.command == "encode":
        body, _ = encode(args.encoding, sys.stdin.buffer.read())
        sys.stdout.buffer.write(body)
    else:
        try:
            bomb(args.bytes, sys.stdout.buffer)
        except ValueError as error:
            parser.error(str(error))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
