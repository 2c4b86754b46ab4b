"""Self-test of the reference server's generated pictures (pictures.py), over real loopback HTTP.

    python3 -m unittest Tests/Server/test_pictures.py -v

Each picture is read back independently of the generator: its dimensions from the JPEG's frame
header or the PNG's IHDR, and, where libjpeg's `djpeg` is installed (Debian's
libjpeg-turbo-progs, which .ci/run installs), decoded in full.
"""

import email.utils
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_server import APPLE_2017, APPLE_2020B, FIXTURES, Server  # noqa: E402

SESSION = "/images/2026/7001/7001_wide_900x506_1x.jpg"


def jpeg_size(data):
    """(width, height) from a JPEG's start-of-frame segment; fails on anything else."""
    assert data[:2] == b"\xff\xd8", "no SOI"
    assert data[-2:] == b"\xff\xd9", "no EOI"
    i = 2
    while i < len(data):
        assert data[i] == 0xFF, "bad marker at %d" % i
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    raise AssertionError("no frame header")


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "no PNG signature"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    crc = struct.unpack(">I", data[29:33])[0]
    assert crc == zlib.crc32(data[12:29]) & 0xFFFFFFFF, "bad IHDR CRC"
    return width, height


def decoded_size(data):
    """(width, height) as libjpeg decodes the file (PGM header of djpeg's output), or None without djpeg."""
    djpeg = shutil.which("djpeg")
    if not djpeg:
        return None
    out = subprocess.run([djpeg, "-pnm"], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    assert not out.stderr, out.stderr
    fields = out.stdout.split(None, 4)
    return int(fields[1]), int(fields[2])


class PicturesTest(unittest.TestCase):
    def setUp(self):
        self.server = Server("--quiet", "--rebase-images")
        self.addCleanup(self.server.stop)

    def get(self, path, headers=None):
        return self.server.request("GET", path, headers=headers)

    def test_contents_point_pictures_here(self):
        status, _, data = self.get("/contents.json")
        self.assertEqual(status, 200)
        events = json.loads(data)["events"]
        paths = [e["imagesPath"] for e in events if "imagesPath" in e]
        self.assertTrue(paths)
        for path in paths:
            self.assertTrue(path.startswith(self.server.url + "/images/"), path)
        self.assertIn(self.server.url + "/images/2026", paths)

    def test_session_picture_is_a_jpeg_of_its_size(self):
        status, response, data = self.get(SESSION)
        self.assertEqual(status, 200)
        self.assertEqual(response.getheader("Content-Type"), "image/jpeg")
        self.assertEqual(jpeg_size(data), (900, 506))
        decoded = decoded_size(data)
        if decoded is not None:
            self.assertEqual(decoded, (900, 506))
        self.assertTrue(response.getheader("ETag"))
        self.assertIsNotNone(email.utils.parsedate_tz(response.getheader("Last-Modified")))

    def test_scale_and_news_photo_sizes(self):
        status, _, data = self.get("/images/7/1925/1925_square_162x162_2x.jpg")
        self.assertEqual(status, 200)
        self.assertEqual(jpeg_size(data), (324, 324))
        status, _, data = self.get("/047E4F0B-2B8C-499A-BB23-F2CFDB3EB730/512.jpeg")
        self.assertEqual(status, 200)
        self.assertEqual(jpeg_size(data), (512, 341))
        decoded = decoded_size(data)
        if decoded is not None:
            self.assertEqual(decoded, (512, 341))

    def test_pictures_differ_and_stay_the_same(self):
        _, first, a = self.get(SESSION)
        _, again, b = self.get(SESSION)
        _, _, c = self.get("/images/2026/7002/7002_wide_900x506_1x.jpg")
        self.assertEqual(a, b)
        self.assertEqual(first.getheader("ETag"), again.getheader("ETag"))
        self.assertNotEqual(a, c)

    def test_conditional_requests(self):
        _, response, _ = self.get(SESSION)
        etag, modified = response.getheader("ETag"), response.getheader("Last-Modified")
        self.assertEqual(self.get(SESSION, {"If-None-Match": etag})[0], 304)
        self.assertEqual(self.get(SESSION, {"If-None-Match": '"other"'})[0], 200)
        self.assertEqual(self.get(SESSION, {"If-Modified-Since": modified})[0], 304)
        self.assertEqual(self.get(SESSION, {"If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"})[0], 200)
        # If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
        self.assertEqual(self.get(SESSION, {"If-None-Match": '"other"', "If-Modified-Since": modified})[0], 200)

    def test_every_size_of_image_types(self):
        """Each size the sample's and Apple's `imageTypes` list, and the bounds of the sizes wwdc
        accepts (1 to 10,000 pixels a side), comes at exactly that size."""
        sizes = {("wide", 900, 506), ("square", 162, 162), ("wide", 1, 1), ("wide", 10000, 1), ("square", 1, 10000)}
        for root in (FIXTURES, APPLE_2017, APPLE_2020B):
            path = os.path.join(root, "contents.json")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                for kind in json.load(f).get("imageTypes", []):
                    sizes.update((kind["name"], v["width"], v["height"]) for v in kind["variants"])
        self.assertIn(("wide", 304, 171) if os.path.exists(APPLE_2017) else ("wide", 320, 180), sizes)
        for kind, width, height in sorted(sizes):
            status, _, data = self.get("/images/2026/7001/7001_%s_%dx%d_1x.jpg" % (kind, width, height))
            self.assertEqual(status, 200, (kind, width, height))
            self.assertEqual(jpeg_size(data), (width, height))

    def test_other_paths_are_not_pictures(self):
        for path in ("/images/2026/7001/7002_wide_900x506_1x.jpg",  # another id in the name
                     "/images/2026/7001/7001_wide_0x506_1x.jpg",
                     "/images/2026/7001/7001_wide_10001x506_1x.jpg",
                     "/images/2026/7001/7001_wide_5000x506_3x.jpg",
                     "/images/2026/7001/7001_wide_900x506_1x.png",
                     "/images/2026/../7001/7001_wide_900x506_1x.jpg",
                     "/x/../../etc/512.jpeg"):
            self.assertEqual(self.get(path)[0], 404, path)

    def test_faults_apply_to_pictures(self):
        self.server.json("POST", "/_control/faults", {"path": SESSION, "kind": "status", "value": 404, "times": 1}, expect=201)
        self.assertEqual(self.get(SESSION)[0], 404)
        self.assertEqual(self.get(SESSION)[0], 200)


class PictureFormatTest(unittest.TestCase):
    def test_png_at_the_same_url(self):
        server = Server("--quiet", "--rebase-images", "--picture-format", "png")
        self.addCleanup(server.stop)
        status, response, data = server.request("GET", SESSION)
        self.assertEqual(status, 200)
        self.assertEqual(response.getheader("Content-Type"), "image/png")
        self.assertEqual(png_size(data), (900, 506))

    def test_without_the_option_no_pictures(self):
        server = Server("--quiet")
        self.addCleanup(server.stop)
        self.assertEqual(server.request("GET", SESSION)[0], 404)
        status, _, data = server.request("GET", "/contents.json")
        self.assertIn(b"https://images.example.com/wwdc/2026", data)

    def test_a_real_file_wins(self):
        root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, root)
        shutil.copy(os.path.join(FIXTURES, "config.json"), root)
        os.makedirs(os.path.join(root, "images", "2026", "7001"))
        with open(os.path.join(root, "images", "2026", "7001", "7001_wide_900x506_1x.jpg"), "wb") as f:
            f.write(b"not generated")
        server = Server("--quiet", "--rebase-images", root=root)
        self.addCleanup(server.stop)
        self.assertEqual(server.request("GET", SESSION)[2], b"not generated")


@unittest.skipUnless(os.path.isdir(APPLE_2017) and os.path.isdir(APPLE_2020B), "needs ../shared/apple-feeds (2017, 2020b)")
class ApplePicturesTest(unittest.TestCase):
    def test_real_feeds_point_pictures_here(self):
        for root in (APPLE_2017, APPLE_2020B):
            server = Server("--quiet", "--rebase-images", root=root)
            try:
                _, _, data = server.request("GET", "/contents.json")
                doc = json.loads(data)
                with open(os.path.join(root, "contents.json"), "rb") as f:
                    original = json.load(f)
                self.assertEqual(len(doc["events"]), len(original["events"]))
                for event, before in zip(doc["events"], original["events"]):
                    last = before["imagesPath"].rstrip("/").rsplit("/", 1)[-1]
                    self.assertEqual(event["imagesPath"], "%s/images/%s" % (server.url, last))
                # Everything else is as Apple wrote it.
                for event in doc["events"]:
                    del event["imagesPath"]
                for event in original["events"]:
                    del event["imagesPath"]
                self.assertEqual(doc, original)
            finally:
                server.stop()


if __name__ == "__main__":
    unittest.main()
