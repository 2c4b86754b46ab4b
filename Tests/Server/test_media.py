"""Self-test of the reference server's generated videos (media.py), over real loopback HTTP.

    python3 -m unittest Tests/Server/test_media.py -v

The expected bytes are computed here from the format docs/api.md gives, independently of the
server's code, so that a client's test may do the same.
"""

import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
import unittest
from email.utils import formatdate, parsedate_to_datetime

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_server import APPLE_2017, FIXTURES, Server  # noqa: E402

CHUNK = 65536
VIDEO = "/videos/wwdc/2026/abc/101/101_hd_keynote.mp4"


def expected_bytes(path, version=0, size=None, start=0, end=None):
    """The documented bytes of a generated file, [start, end)."""
    if size is None:
        size = 1000000 + int.from_bytes(hashlib.sha256(path.encode()).digest()[:8], "big") % 1000000
    end = size if end is None else end
    seed = hashlib.sha256(("%s\0%d" % (path, version)).encode()).digest()
    block = b"".join(hashlib.sha256(seed + i.to_bytes(4, "big")).digest() for i in range(2048))[:CHUNK - 8]
    first, last = start // CHUNK, (end - 1) // CHUNK if end > start else start // CHUNK - 1
    data = b"".join(i.to_bytes(8, "big") + block for i in range(first, last + 1))
    return data[start - first * CHUNK: end - first * CHUNK]


def default_size(path):
    return 1000000 + int.from_bytes(hashlib.sha256(path.encode()).digest()[:8], "big") % 1000000


class Download:
    """One GET on its own connection and thread, read to the end or to the connection's end:
    `body` is what arrived, `complete` whether it is all that Content-Length promised."""

    def __init__(self, server, path, headers=None, start=True):
        self.server, self.path, self.headers = server, path, dict(headers or {})
        self.status, self.response, self.body, self.complete, self.error = None, None, b"", False, None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        if start:
            self.thread.start()

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        try:
            conn.request("GET", self.path, headers=self.headers)
            self.response = conn.getresponse()
            self.status = self.response.status
            try:
                self.body = self.response.read()
                self.complete = True
            except http.client.IncompleteRead as partial:
                self.body = partial.partial
        except Exception as error:
            self.error = error
        finally:
            conn.close()
            self.done.set()

    def join(self, timeout=10):
        if not self.done.wait(timeout):
            raise AssertionError("%s was not answered within %g seconds" % (self.path, timeout))
        if self.error is not None:
            raise self.error
        return self

    @classmethod
    def now(cls, server, path, headers=None):
        download = cls(server, path, headers, start=False)
        download.run()
        return download.join()


class MediaTestCase(unittest.TestCase):
    """One server on a small folder holding one real video; media settings, pauses, counters,
    faults, holds and the log reset per test."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="wwdc-media-test-")
        cls.real = os.path.join(cls.tmp, "videos", "real", "clip.mp4")
        os.makedirs(os.path.dirname(cls.real))
        with open(cls.real, "wb") as f:
            f.write(b"a real file, served as it is")
        cls.server = Server("--quiet", root=cls.tmp)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.server.kill()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        # A response of the previous test may still be ending at the server after its client
        # read it all: the counters start from no response in flight.
        self.server.request("DELETE", "/_control/media")
        self.idle_stats()
        for path in ("/_control/media", "/_control/media/stats", "/_control/faults", "/_control/holds",
                     "/_control/log"):
            self.assertEqual(self.server.request("DELETE", path)[0], 204)

    def configure(self, expect=201, **setting):
        status, _, data = self.server.request("POST", "/_control/media", setting)
        self.assertEqual(status, expect, data)
        return json.loads(data)

    def get(self, path=VIDEO, **headers):
        return self.server.request("GET", path, headers=headers)

    def info(self, path=VIDEO):
        return self.server.json("GET", "/_control/media/info?path=" + path)

    def stats(self):
        return self.server.json("GET", "/_control/media/stats")

    def idle_stats(self, timeout=10):
        """The counters once every response has ended at the server (a client can hold the whole
        body before the server's handler has ended)."""
        status, _, data = self.server.request("GET", "/_control/media/stats/idle/wait?timeout=%g" % timeout,
                                              timeout=timeout + 5)
        self.assertEqual(status, 200, data)
        return json.loads(data)

    def wait_paused(self, path, count=1, timeout=10):
        status, _, data = self.server.request(
            "GET", "/_control/media/paused/wait?path=%s&count=%d&timeout=%g" % (path, count, timeout),
            timeout=timeout + 5)
        self.assertEqual(status, 200, data)
        return json.loads(data)

    def release(self, path=None):
        return self.server.json("POST", "/_control/media/release", {"path": path} if path else None)["released"]


class GeneratedFileTests(MediaTestCase):
    def test_bytes_are_deterministic_and_documented(self):
        status, resp, body = self.get()
        self.assertEqual(status, 200)
        self.assertEqual(resp.getheader("Content-Type"), "video/mp4")
        self.assertEqual(resp.getheader("Accept-Ranges"), "bytes")
        self.assertRegex(resp.getheader("ETag"), r'^"[0-9a-f]{32}"$')
        self.assertEqual(resp.getheader("Last-Modified"), "Mon, 10 Jun 2024 00:00:00 GMT")
        self.assertEqual(int(resp.getheader("Content-Length")), default_size(VIDEO))
        self.assertEqual(body, expected_bytes(VIDEO))
        self.assertEqual(self.get()[2], body)  # the same bytes twice
        info = self.info()
        self.assertEqual(info, {"path": VIDEO, "size": len(body), "version": 0, "etag": resp.getheader("ETag"),
                                "lastModified": resp.getheader("Last-Modified"),
                                "sha256": hashlib.sha256(body).hexdigest()})
        other = self.get("/videos/other.m4v")[2]
        self.assertNotEqual(other[8:CHUNK], body[8:CHUNK])

    def test_every_chunk_starts_with_its_index(self):
        body = self.get()[2]
        chunks = [body[i:i + CHUNK] for i in range(0, len(body), CHUNK)]
        self.assertEqual([int.from_bytes(c[:8], "big") for c in chunks], list(range(len(chunks))))
        self.assertEqual(len(set(c[8:] for c in chunks[:-1])), 1)  # the same block after each index
        self.assertTrue(chunks[0][8:].startswith(chunks[-1][8:]))  # the last one cut at the size

    def test_head_sends_headers_without_body(self):
        status, resp, body = self.server.request("HEAD", VIDEO)
        self.assertEqual((status, body), (200, b""))
        self.assertEqual(int(resp.getheader("Content-Length")), default_size(VIDEO))
        self.assertEqual(resp.getheader("ETag"), self.info()["etag"])
        status, resp, body = self.server.request("HEAD", VIDEO, headers={"Range": "bytes=10-19"})
        self.assertEqual((status, body, resp.getheader("Content-Length")), (206, b"", "10"))
        self.assertEqual(self.stats()["files"][VIDEO]["bytes"], 0)

    def test_only_video_names_under_videos_are_generated(self):
        # (Streams and subtitles under /videos/ are hls.py's: test_hls.py.)
        for path in ("/videos/a/slides.pdf", "/movies/a.mp4", "/videos/../a.mp4", "/videos/.hidden.mp4"):
            self.assertEqual(self.get(path)[0], 404, path)
        for path in ("/videos/a.MOV", "/videos/a/b/c.mov", "/videos/x%20y.mp4"):
            self.assertEqual(self.get(path)[0], 200, path)

    def test_a_real_file_is_served_as_it_is(self):
        status, resp, body = self.get("/videos/real/clip.mp4")
        self.assertEqual((status, body), (200, b"a real file, served as it is"))
        status, _, data = self.server.request("GET", "/_control/media/info?path=/videos/real/clip.mp4")
        self.assertEqual(status, 400, data)

    def test_size_version_and_globs(self):
        self.configure(path="/videos/sized/*", size=200000)
        self.configure(path="/videos/sized/a.mp4", version=3)
        body = self.get("/videos/sized/a.mp4")[2]
        self.assertEqual(body, expected_bytes("/videos/sized/a.mp4", 3, 200000))
        self.assertEqual(len(self.get("/videos/sized/b.mp4")[2]), 200000)
        self.configure(path="/videos/empty.mp4", size=0)
        status, resp, body = self.get("/videos/empty.mp4")
        self.assertEqual((status, body, resp.getheader("Content-Length")), (200, b"", "0"))
        self.assertEqual(self.get("/videos/empty.mp4", Range="bytes=0-")[0], 416)

    def test_a_new_version_changes_bytes_etag_and_date(self):
        _, old, old_body = self.get()
        self.configure(path=VIDEO, version=2)
        status, new, body = self.get(**{"If-None-Match": old.getheader("ETag")})
        self.assertEqual(status, 200)
        self.assertNotEqual(new.getheader("ETag"), old.getheader("ETag"))
        self.assertGreater(parsedate_to_datetime(new.getheader("Last-Modified")),
                           parsedate_to_datetime(old.getheader("Last-Modified")))
        self.assertEqual(len(body), len(old_body))
        self.assertNotEqual(body[8:CHUNK], old_body[8:CHUNK])
        self.assertEqual(body, expected_bytes(VIDEO, 2))
        self.assertEqual(self.get(**{"If-None-Match": new.getheader("ETag")})[0], 304)
        # A resume that names the old file gets the whole new one.
        status, _, body = self.get(Range="bytes=100-", **{"If-Range": old.getheader("ETag")})
        self.assertEqual((status, len(body)), (200, len(old_body)))


class RangeTests(MediaTestCase):
    SIZE = 300000

    def setUp(self):
        super().setUp()
        self.configure(path=VIDEO, size=self.SIZE)
        self.whole = expected_bytes(VIDEO, 0, self.SIZE)

    def test_single_ranges(self):
        size = self.SIZE
        cases = {"bytes=0-99": (0, 100), "bytes=65530-65545": (65530, 65546), "bytes=250000-": (250000, size),
                 "bytes=-1000": (size - 1000, size), "bytes=-999999": (0, size), "bytes=299990-400000": (299990, size),
                 "Bytes = 5 - 9": (5, 10)}
        for header, (start, end) in cases.items():
            status, resp, body = self.get(Range=header)
            self.assertEqual(status, 206, header)
            self.assertEqual(resp.getheader("Content-Range"), "bytes %d-%d/%d" % (start, end - 1, size), header)
            self.assertEqual(body, self.whole[start:end], header)

    def test_a_start_at_or_past_the_end_is_416(self):
        for header in ("bytes=%d-" % self.SIZE, "bytes=%d-%d" % (self.SIZE + 5, self.SIZE + 9), "bytes=-0"):
            status, resp, body = self.get(Range=header)
            self.assertEqual(status, 416, header)
            self.assertEqual(resp.getheader("Content-Range"), "bytes */%d" % self.SIZE)
            self.assertIn("error", json.loads(body))

    def test_several_ranges_and_garbage_are_ignored(self):
        for header in ("bytes=0-1,5-6", "bytes=abc", "items=0-5", "bytes=5-1", "bytes=-", "bytes=0x10-", "bytes 0-5"):
            status, resp, body = self.get(Range=header)
            self.assertEqual((status, len(body)), (200, self.SIZE), header)
            self.assertIsNone(resp.getheader("Content-Range"))

    def test_if_range(self):
        _, resp, _ = self.get()
        etag, date = resp.getheader("ETag"), resp.getheader("Last-Modified")
        for validator in (etag, date):
            status, _, body = self.get(Range="bytes=1000-", **{"If-Range": validator})
            self.assertEqual((status, body), (206, self.whole[1000:]), validator)
        later = formatdate(parsedate_to_datetime(date).timestamp() + 1, usegmt=True)
        for validator in ("W/" + etag, '"other"', later, "yesterday"):
            status, _, body = self.get(Range="bytes=1000-", **{"If-Range": validator})
            self.assertEqual((status, len(body)), (200, self.SIZE), validator)

    def test_a_server_without_ranges(self):
        self.configure(path="/videos/*", ranges=False)
        status, resp, body = self.get(Range="bytes=1000-")
        self.assertEqual((status, len(body)), (200, self.SIZE))
        self.assertIsNone(resp.getheader("Accept-Ranges"))
        self.assertEqual(self.get(Range="bytes=%d-" % self.SIZE)[0], 200)  # not even a 416
        self.configure(path="/videos/*", ranges=None)
        self.assertEqual(self.get(Range="bytes=1000-")[0], 206)

    def test_a_cache_that_ignores_if_range(self):
        self.configure(path="/videos/*", ranges="always")
        status, _, body = self.get(Range="bytes=1000-", **{"If-Range": '"another version"'})
        self.assertEqual((status, len(body)), (206, self.SIZE - 1000))
        self.configure(path="/videos/*", ranges=True)
        self.assertEqual(self.get(Range="bytes=1000-", **{"If-Range": '"another version"'})[0], 200)


class FaultInBodyTests(MediaTestCase):
    SIZE = 1000000

    def setUp(self):
        super().setUp()
        self.configure(path=VIDEO, size=self.SIZE)
        self.whole = expected_bytes(VIDEO, 0, self.SIZE)

    def test_drop_at_cuts_the_connection_at_a_file_offset(self):
        self.configure(path=VIDEO, dropAt=400000)
        first = Download.now(self.server, VIDEO)
        self.assertEqual((first.status, first.complete, len(first.body)), (200, False, 400000))
        # The resume starts at the drop point: not affected.
        resume = {"Range": "bytes=400000-", "If-Range": first.response.getheader("ETag")}
        rest = Download.now(self.server, VIDEO, resume)
        self.assertEqual((rest.status, rest.complete), (206, True))
        self.assertEqual(hashlib.sha256(first.body + rest.body).hexdigest(), self.info()["sha256"])
        # A range that contains the offset is cut there too.
        middle = Download.now(self.server, VIDEO, {"Range": "bytes=300000-"})
        self.assertEqual((middle.status, middle.body), (206, self.whole[300000:400000]))
        entries = self.server.json("GET", "/_control/log")["requests"]
        self.assertEqual([(e["status"], e["bytes"], e["fault"]) for e in entries],
                         [(200, 400000, "dropAt"), (206, 600000, None), (206, 100000, "dropAt")])

    def test_times_limits_the_fault_and_the_file_settings_stay(self):
        self.configure(path=VIDEO, dropAt=500000, times=1)
        self.assertEqual(len(Download.now(self.server, VIDEO).body), 500000)
        again = Download.now(self.server, VIDEO)
        self.assertEqual((again.complete, again.body), (True, self.whole))
        self.assertEqual(self.server.json("GET", "/_control/media")["media"],
                         [{"path": VIDEO, "size": self.SIZE, "version": None, "ranges": None,
                           "dropAt": None, "pauseAt": None, "times": None}])

    def test_pause_waits_for_release_then_sends_the_rest(self):
        self.configure(path=VIDEO, pauseAt=300000)
        download = Download(self.server, VIDEO)
        self.assertEqual(self.wait_paused(VIDEO), {"paused": 1})
        self.assertEqual(self.server.json("GET", "/_control/media/paused"),
                         {"paused": [{"path": VIDEO, "offset": 300000}]})
        stats = self.stats()
        self.assertEqual((stats["inFlight"], stats["files"][VIDEO]["bytes"]), (1, 300000))
        self.assertFalse(download.done.is_set())
        self.assertEqual(self.release(VIDEO), 1)
        download.join()
        self.assertEqual((download.status, download.complete, download.body), (200, True, self.whole))
        self.assertEqual(self.idle_stats()["inFlight"], 0)

    def test_pause_then_drop(self):
        self.configure(path=VIDEO, pauseAt=100000, dropAt=200000, times=1)
        download = Download(self.server, VIDEO)
        self.wait_paused(VIDEO)
        self.release()
        self.assertEqual(download.join().body, self.whole[:200000])
        self.assertEqual(self.server.json("GET", "/_control/log")["requests"][0]["fault"], "pauseAt,dropAt")

    def test_counters_with_three_responses_held_at_their_pause(self):
        self.configure(path=VIDEO, pauseAt=CHUNK)
        downloads = [Download(self.server, VIDEO) for _ in range(3)]
        self.wait_paused(VIDEO, count=3)
        stats = self.stats()
        self.assertEqual((stats["inFlight"], stats["maxInFlight"]), (3, 3))
        self.assertEqual(stats["files"][VIDEO], {"requests": 3, "bytes": 3 * CHUNK, "inFlight": 3, "maxInFlight": 3})
        self.assertEqual(self.release(), 3)
        for download in downloads:
            self.assertEqual(download.join().body, self.whole)
        self.assertEqual(self.idle_stats(), {"inFlight": 0, "maxInFlight": 3, "files": {
            VIDEO: {"requests": 3, "bytes": 3 * self.SIZE, "inFlight": 0, "maxInFlight": 3}}})
        self.assertEqual(self.server.request("DELETE", "/_control/media/stats")[0], 204)
        self.assertEqual(self.stats(), {"inFlight": 0, "maxInFlight": 0, "files": {}})

    def test_a_paused_response_whose_client_leaves_ends(self):
        self.configure(path=VIDEO, pauseAt=CHUNK)
        sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=60)
        sock.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % VIDEO).encode())
        self.wait_paused(VIDEO)
        sock.close()
        self.assertEqual(self.idle_stats()["inFlight"], 0)
        self.assertEqual(self.server.json("GET", "/_control/media/paused"), {"paused": []})

    def test_waiting_for_a_pause_times_out_with_408(self):
        status, _, data = self.server.request("GET", "/_control/media/paused/wait?path=/videos/*&timeout=0.1")
        self.assertEqual(status, 408, data)
        for query in ("count=0", "timeout=abc", "timeout=-1", "count=x"):
            self.assertEqual(self.server.request("GET", "/_control/media/paused/wait?" + query)[0], 400, query)

    def test_clearing_the_settings_releases_paused_responses(self):
        self.configure(path=VIDEO, pauseAt=CHUNK)
        download = Download(self.server, VIDEO)
        self.wait_paused(VIDEO)
        self.assertEqual(self.server.request("DELETE", "/_control/media")[0], 204)
        self.assertEqual(download.join().body, self.whole)


class ServerFeatureTests(MediaTestCase):
    """The server's own faults and holds apply to media paths as to any other."""

    def test_status_fault_with_retry_after(self):
        self.server.json("POST", "/_control/faults", {"path": "/videos/*.mp4", "kind": "status", "value": 503,
                                                      "retryAfter": 7, "times": 1}, expect=201)
        status, resp, body = self.get()
        self.assertEqual((status, resp.getheader("Retry-After")), (503, "7"))
        self.assertIn("injected", json.loads(body)["error"])
        self.assertEqual(self.get()[0], 200)
        self.assertEqual(self.stats()["files"][VIDEO]["requests"], 1)  # the faulted one never reached media

    def test_truncate_fault_sends_half(self):
        self.configure(path=VIDEO, size=100000)
        self.server.json("POST", "/_control/faults", {"path": VIDEO, "kind": "truncate", "times": 1}, expect=201)
        download = Download.now(self.server, VIDEO)
        self.assertEqual((download.complete, download.body), (False, expected_bytes(VIDEO, 0, 100000, 0, 50000)))

    def test_malformed_fault_replaces_the_video(self):
        self.server.json("POST", "/_control/faults", {"path": VIDEO, "kind": "malformed", "times": 1}, expect=201)
        status, resp, body = self.get(Range="bytes=0-99")
        self.assertEqual((status, resp.getheader("Content-Range")), (200, None))
        self.assertTrue(resp.getheader("Content-Type").startswith("application/json"))
        with self.assertRaises(ValueError):
            json.loads(body)
        self.assertEqual(self.get(Range="bytes=0-99")[0], 206)

    def test_hold_on_a_media_path(self):
        hold = self.server.json("POST", "/_control/holds", {"path": "/videos/*"}, expect=201)["id"]
        download = Download(self.server, VIDEO)
        self.assertEqual(self.server.json("GET", "/_control/holds/%d/wait?timeout=10" % hold)["held"], 1)
        self.assertFalse(download.done.is_set())
        self.server.json("POST", "/_control/holds/%d/release" % hold)
        self.assertEqual(download.join().body, expected_bytes(VIDEO))


class ControlTests(MediaTestCase):
    def test_settings_merge_per_path_and_clear(self):
        self.configure(path=VIDEO, size=5000)
        self.configure(path=VIDEO, pauseAt=100, times=2)
        listed = self.configure(path="/videos/*", ranges=False)["media"]
        self.assertEqual(listed, [
            {"path": VIDEO, "size": 5000, "version": None, "ranges": None, "dropAt": None, "pauseAt": 100, "times": 2},
            {"path": "/videos/*", "size": None, "version": None, "ranges": False, "dropAt": None, "pauseAt": None,
             "times": None}])
        self.configure(path=VIDEO, dropAt=200)  # the fault is replaced as a whole
        self.assertEqual(self.server.json("GET", "/_control/media")["media"][0]["pauseAt"], None)
        self.assertEqual(self.server.request("DELETE", "/_control/media?path=/videos/*")[0], 204)
        self.assertEqual([m["path"] for m in self.server.json("GET", "/_control/media")["media"]], [VIDEO])

    def test_bad_settings_are_rejected(self):
        for setting in ({"size": 1}, {"path": "videos/a.mp4"}, {"path": "/_control/media"},
                        {"path": VIDEO, "size": -1}, {"path": VIDEO, "size": "big"}, {"path": VIDEO, "size": True},
                        {"path": VIDEO, "version": 1.5}, {"path": VIDEO, "ranges": "no"},
                        {"path": VIDEO, "dropAt": 0}, {"path": VIDEO, "pauseAt": -5}, {"path": VIDEO, "times": 2},
                        {"path": VIDEO, "dropAt": 10, "times": 0}, {"path": VIDEO, "drop": 10}, ["not", "an object"]):
            status, _, data = self.server.request("POST", "/_control/media", setting)
            self.assertEqual(status, 400, setting)
            self.assertTrue(json.loads(data)["error"], setting)
        self.assertEqual(self.server.json("GET", "/_control/media"), {"media": []})
        for query in ("", "?path=/news.json", "?path=/videos/a.m3u8"):
            self.assertEqual(self.server.request("GET", "/_control/media/info" + query)[0], 400, query)

    def test_stats_count_written_bytes_and_requests(self):
        self.configure(path=VIDEO, size=150000)
        self.get(Range="bytes=0-9")
        self.idle_stats()  # one response at a time, each ended at the server before the next
        self.get()
        self.idle_stats()
        self.server.request("HEAD", VIDEO)
        self.get(Range="bytes=999999-")
        self.assertEqual(self.idle_stats()["files"][VIDEO],
                         {"requests": 4, "bytes": 150010, "inFlight": 0, "maxInFlight": 1})


class ShutdownTests(unittest.TestCase):
    def test_sigterm_cuts_off_a_paused_response(self):
        server = Server("--quiet")
        try:
            server.json("POST", "/_control/media", {"path": VIDEO, "size": 500000, "pauseAt": 100000}, expect=201)
            download = Download(server, VIDEO)
            server.json("GET", "/_control/media/paused/wait?path=%s&timeout=10" % VIDEO)
            started = time.monotonic()
            self.assertEqual(server.stop(), 0)
            self.assertLess(time.monotonic() - started, 5)
            download.join()
            self.assertEqual((download.complete, download.body), (False, expected_bytes(VIDEO, 0, 500000, 0, 100000)))
        finally:
            server.kill()


class RebaseMediaTests(unittest.TestCase):
    """--rebase-media on the fixtures (and Apple's 2017 feeds when present)."""

    def check(self, root, names):
        server = Server("--rebase-media", "--quiet", root=root)
        try:
            self.assertTrue(server.json("GET", "/_control/health")["rebaseMedia"])
            for name in names:
                status, resp, body = server.request("GET", "/" + name)
                self.assertEqual(status, 200)
                self.assertEqual(resp.getheader("ETag"), '"%s"' % hashlib.sha256(body).hexdigest()[:32])
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    original = {c["id"]: c.get("media") for c in json.load(f)["contents"]}
                served = {c["id"]: c.get("media") for c in json.loads(body)["contents"]}
                self.assertEqual(set(served), set(original))
                rebased = 0
                for item_id, media in served.items():
                    if not media:
                        continue
                    for key, value in media.items():
                        before = original[item_id][key]
                        if key in ("downloadHD", "downloadSD", "hls", "tvOShls", "subtitles"):
                            self.assertTrue(value.startswith(server.url + "/"), value)
                            self.assertEqual(value[len(server.url):], re.sub(r"^https?://[^/]+", "", before))
                            rebased += 1
                        else:
                            self.assertEqual(value, before)
                self.assertGreater(rebased, 100)
                again = server.request("GET", "/" + name, headers={"If-None-Match": resp.getheader("ETag")})
                self.assertEqual(again[0], 304)
            video = next(m["downloadHD"] for m in served.values() if m and m.get("downloadHD"))
            status, resp, body = server.request("GET", video[len(server.url):].split("?")[0])
            self.assertEqual((status, resp.getheader("Content-Type")), (200, "video/mp4"))
            self.assertEqual(len(body), int(resp.getheader("Content-Length")))
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    def test_fixtures(self):
        self.check(FIXTURES, ["contents.json", "contents_jpn.json"])

    @unittest.skipUnless(os.path.isdir(APPLE_2017), "Apple's 2017 feeds not found at " + APPLE_2017)
    def test_apple_2017(self):
        self.check(APPLE_2017, ["contents.json"])

    def test_without_the_flag_contents_are_served_as_they_are(self):
        server = Server("--quiet")
        try:
            with open(os.path.join(FIXTURES, "contents.json"), "rb") as f:
                self.assertEqual(server.request("GET", "/contents.json")[2], f.read())
        finally:
            server.stop()
            server.kill()


if __name__ == "__main__":
    unittest.main()
