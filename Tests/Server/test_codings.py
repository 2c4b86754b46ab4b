"""The reference server's compressed bodies (codings.py), over real loopback HTTP.

    python3 -m unittest Tests/Server/test_codings.py -v
"""

import gzip
import io
import os
import subprocess
import sys
import unittest
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import codings  # noqa: E402
from test_server import FIXTURES, HERE, Server, SharedServerTestCase  # noqa: E402

CODINGS = os.path.join(HERE, "codings.py")


def gzip_members(data):
    """How many gzip members `data` holds."""
    count = 0
    while data:
        decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
        decompressor.decompress(data)
        data = decompressor.unused_data
        count += 1
    return count


class EncodingTests(SharedServerTestCase):
    def setUp(self):
        super().setUp()
        self.assertEqual(self.server.request("DELETE", "/_control/encodings")[0], 204)
        with open(os.path.join(self.root, "news.json"), "rb") as f:
            self.plain = f.read()

    def encode(self, path, encoding, expect=201):
        return self.server.json("POST", "/_control/encodings", {"path": path, "encoding": encoding}, expect=expect)

    def fetch(self, path="/news.json", headers=None):
        status, response, body = self.server.request("GET", path, headers=headers)
        return status, response, body

    def test_each_encoding_decodes_to_the_file(self):
        decoders = {
            "gzip": gzip.decompress,
            "gzip-members": gzip.decompress,  # reads every member
            "deflate": zlib.decompress,
            "raw-deflate": lambda body: zlib.decompress(body, -zlib.MAX_WBITS),
            "gzip-unlabelled": gzip.decompress,
        }
        labels = {"gzip": "gzip", "gzip-members": "gzip", "deflate": "deflate", "raw-deflate": "deflate",
                  "gzip-unlabelled": None}
        for encoding, decode in decoders.items():
            with self.subTest(encoding=encoding):
                self.encode("/news.json", encoding)
                status, response, body = self.fetch()
                self.assertEqual(status, 200)
                self.assertEqual(response.getheader("Content-Encoding"), labels[encoding])
                self.assertEqual(int(response.getheader("Content-Length")), len(body))
                self.assertNotEqual(body, self.plain)
                self.assertEqual(decode(body), self.plain)

    def test_gzip_members_is_two_halves_and_an_empty_member(self):
        self.encode("/news.json", "gzip-members")
        _, _, body = self.fetch()
        self.assertEqual(gzip_members(body), 3)
        self.assertTrue(body.endswith(codings.gzip_member(b"")))

    def test_raw_deflate_has_no_zlib_header_and_deflate_has_one(self):
        self.encode("/news.json", "raw-deflate")
        raw = self.fetch()[2]
        with self.assertRaises(zlib.error):
            zlib.decompress(raw)
        self.encode("/news.json", "deflate")
        wrapped = self.fetch()[2]
        self.assertEqual(((wrapped[0] << 8) | wrapped[1]) % 31, 0)
        self.assertEqual(wrapped[0] & 0x0F, 8)

    def test_truncated_and_corrupt_bodies_do_not_decode(self):
        for encoding in ("gzip-truncated", "gzip-corrupt"):
            with self.subTest(encoding=encoding):
                self.encode("/news.json", encoding)
                status, response, body = self.fetch()
                self.assertEqual(status, 200)
                self.assertEqual(response.getheader("Content-Encoding"), "gzip")
                self.assertEqual(int(response.getheader("Content-Length")), len(body))
                self.assertEqual(body[:2], b"\x1f\x8b")
                with self.assertRaises((EOFError, OSError, zlib.error)):
                    gzip.decompress(body)

    def test_labelled_gzip_serves_the_file_as_it_is(self):
        self.encode("/news.json", "labelled-gzip")
        status, response, body = self.fetch()
        self.assertEqual((status, response.getheader("Content-Encoding"), body), (200, "gzip", self.plain))

    def test_each_coding_has_its_own_etag_and_answers_304_to_it(self):
        plain_etag = self.fetch()[1].getheader("ETag")
        self.encode("/news.json", "gzip")
        etag = self.fetch()[1].getheader("ETag")
        self.assertNotEqual(etag, plain_etag)
        self.assertTrue(etag.endswith('-gzip"'), etag)
        status, _, body = self.fetch(headers={"If-None-Match": etag})
        self.assertEqual((status, body), (304, b""))

    def test_only_matching_paths_and_first_rule_wins(self):
        self.encode("/news.*", "deflate")
        self.encode("/*.json", "gzip")
        self.assertEqual(self.fetch("/news.json")[1].getheader("Content-Encoding"), "deflate")
        self.assertEqual(self.fetch("/contents.json")[1].getheader("Content-Encoding"), "gzip")
        self.assertEqual(self.fetch("/Fixtures-does-not-exist.json")[0], 404)
        listed = self.server.json("GET", "/_control/encodings")["encodings"]
        self.assertEqual(listed, [{"path": "/news.*", "encoding": "deflate"}, {"path": "/*.json", "encoding": "gzip"}])
        self.assertEqual(self.server.request("DELETE", "/_control/encodings?path=/news.*")[0], 204)
        self.assertEqual(self.fetch("/news.json")[1].getheader("Content-Encoding"), "gzip")
        self.assertEqual(self.server.request("DELETE", "/_control/encodings")[0], 204)
        self.assertIsNone(self.fetch("/news.json")[1].getheader("Content-Encoding"))

    def test_account_answers_are_never_encoded(self):
        self.encode("/*", "gzip")
        status, response, _ = self.server.request("POST", "/account/login", {"username": "ada", "password": "lovelace-1843"})
        self.assertEqual(status, 200)
        self.assertIsNone(response.getheader("Content-Encoding"))

    def test_bad_rules_are_refused(self):
        for body in ({"path": "/news.json", "encoding": "brotli"}, {"path": "news.json", "encoding": "gzip"},
                     {"path": "/_control/log", "encoding": "gzip"}, {"path": "/a", "encoding": "gzip", "times": 1},
                     {"encoding": "gzip"}):
            with self.subTest(body=body):
                status, _, data = self.server.request("POST", "/_control/encodings", body)
                self.assertEqual(status, 400, data)
        self.assertEqual(self.server.json("GET", "/_control/encodings")["encodings"], [])


class EncodingCommandLineTests(unittest.TestCase):
    def test_encoding_option(self):
        server = Server("--encoding", "/news.json=gzip-members", root=FIXTURES)
        try:
            status, response, body = server.request("GET", "/news.json")
            self.assertEqual((status, response.getheader("Content-Encoding")), (200, "gzip"))
            with open(os.path.join(FIXTURES, "news.json"), "rb") as f:
                self.assertEqual(gzip.decompress(body), f.read())
        finally:
            server.stop()
            server.kill()

    def test_bad_encoding_option_exits_2(self):
        result = subprocess.run([sys.executable, os.path.join(HERE, "conference_server.py"), "--encoding", "/a=zip"],
                                capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn("encoding must be one of", result.stderr)

    def test_bomb_is_one_valid_member_of_zeros(self):
        out = io.BytesIO()
        codings.bomb(3 << 20, out)
        body = out.getvalue()
        self.assertEqual(gzip_members(body), 1)
        self.assertEqual(gzip.decompress(body), b"\0" * (3 << 20))
        self.assertLess(len(body), 8000)
        with self.assertRaises(ValueError):
            codings.bomb(1000, io.BytesIO())

    def test_encode_command(self):
        data = b'{"items": []}' * 100
        result = subprocess.run([sys.executable, CODINGS, "encode", "raw-deflate"], input=data, capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(zlib.decompress(result.stdout, -zlib.MAX_WBITS), data)


if __name__ == "__main__":
    unittest.main()
