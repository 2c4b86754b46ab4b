"""Self-test of the reference conference server, over real loopback HTTP.

    python3 -m unittest Tests/Server/test_server.py -v

Each server runs as a subprocess on an ephemeral port; readiness is its first stdout line.
The test passwords below are the documented test accounts (docs/api.md).
"""

import base64
import collections
import http.client
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SERVER = os.path.join(HERE, "conference_server.py")
FIXTURES = os.path.join(PACKAGE_ROOT, "Fixtures")
APPLE_2017 = os.path.normpath(os.path.join(PACKAGE_ROOT, "..", "shared", "apple-feeds", "2017"))
APPLE_2020B = os.path.normpath(os.path.join(PACKAGE_ROOT, "..", "shared", "apple-feeds", "2020b"))
APPLE_TRANSCRIPTS = os.path.normpath(os.path.join(PACKAGE_ROOT, "..", "shared", "apple-feeds", "transcripts"))
CORPUS = os.path.join(HERE, "transcript_corpus.py")

PASSWORDS = {"ada": "lovelace-1843", "bob": "builder-bob-42", "cy": "cy-has-no-cloud"}


class Server:
    """A server subprocess. Readiness is the first stdout line, never a sleep."""

    def __init__(self, *args, root=FIXTURES, env=None):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, SERVER, "--root", root] + list(args),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env)
        line = self.proc.stdout.readline().decode("utf-8", "replace")
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:(\d+))\n", line)
        if not match:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("bad first line %r; stderr: %s" % (line, self.stderr_text()))
        self.url, self.port = match.group(1), int(match.group(2))

    def stderr_text(self):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")

    def request(self, method, path, body=None, headers=None, token=None, timeout=60):
        # The timeout guards against a hang, it measures nothing: on a loaded machine a loopback
        # answer (a login's password hash among them) can take seconds.
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            headers = dict(headers or {})
            if token:
                headers["Authorization"] = "Bearer " + token
            if body is not None and not isinstance(body, bytes):
                body = json.dumps(body).encode("utf-8")
                headers.setdefault("Content-Type", "application/json")
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, resp, data
        finally:
            conn.close()

    def json(self, method, path, body=None, token=None, expect=200):
        status, _, data = self.request(method, path, body, token=token)
        if status != expect:
            raise AssertionError("%s %s: expected %d, got %d: %r" % (method, path, expect, status, data))
        return json.loads(data) if data else None

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        finally:
            self.proc.stdout.close()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


def login(server, username):
    return server.json("POST", "/account/login", {"username": username, "password": PASSWORDS[username]})["token"]


class Background:
    """One request on its own thread, for requests a hold keeps waiting. `answered` is set once it
    has its response (or failed); join() waits a bounded time for that."""

    def __init__(self, server, method, path, body=None, token=None):
        self.status, self.data, self.error = None, None, None
        self.answered = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(server, method, path, body, token), daemon=True)
        self.thread.start()

    def _run(self, server, method, path, body, token):
        try:
            self.status, _, self.data = server.request(method, path, body, token=token, timeout=30)
        except Exception as error:
            self.error = error
        finally:
            self.answered.set()

    def join(self, timeout=10):
        self.thread.join(timeout)
        if self.thread.is_alive():
            raise AssertionError("the request was not answered within %g seconds" % timeout)
        return self


class SharedServerTestCase(unittest.TestCase):
    """One server on a private copy of Fixtures; faults, log and account state reset per test."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="wwdc-server-test-")
        cls.root = os.path.join(cls.tmp, "feeds")
        shutil.copytree(FIXTURES, cls.root)
        cls.server = Server(root=cls.root)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.server.kill()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        for path in ("/_control/holds", "/_control/faults", "/_control/log", "/_control/state"):
            self.assertEqual(self.server.request("DELETE", path)[0], 204)

    def log(self):
        return self.server.json("GET", "/_control/log")["requests"]

    def fault(self, **spec):
        self.server.json("POST", "/_control/faults", spec, expect=201)

    def hold(self, **spec):
        return self.server.json("POST", "/_control/holds", spec, expect=201)["id"]

    def wait_held(self, hold_id, count=1, timeout=10):
        query = "?timeout=%g" % timeout + ("&count=%d" % count if count != 1 else "")
        status, _, data = self.server.request("GET", "/_control/holds/%d/wait%s" % (hold_id, query),
                                              timeout=timeout + 5)
        self.assertEqual(status, 200, data)
        return json.loads(data)


class BacklogTests(unittest.TestCase):
    def test_connections_opened_at_once_wait_in_the_backlog(self):
        """Clients open eight connections at once (wwdc, curl --parallel): with Python's default
        backlog of 5 the kernel dropped the seventh's SYN and the client retried a second later."""
        import conference_server
        self.assertGreaterEqual(conference_server.ConferenceServer.request_queue_size, 64)


class MakeServeTests(unittest.TestCase):
    """`make serve`, as the README tells a person to run it."""

    def test_make_serve_says_when_it_is_ready_and_serves_the_sample_with_its_videos(self):
        if shutil.which("make") is None:
            self.skipTest("make is not installed")
        environment = {name: value for name, value in os.environ.items() if name not in ("PORT", "MAKEFLAGS", "MFLAGS")}
        proc = subprocess.Popen(["make", "-s", "serve"], cwd=PACKAGE_ROOT, env=environment, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            line = proc.stdout.readline().decode("utf-8", "replace")
            match = re.fullmatch(r"listening on (http://127\.0\.0\.1:(\d+))\n", line)
            self.assertIsNotNone(match, line)
            url, port = match.group(1), int(match.group(2))
            # The line a person waits for, naming what to run (read on a thread: a server that never
            # says it fails the test after a bound instead of hanging it).
            lines = queue.Queue()
            threading.Thread(target=lambda: [lines.put(text.decode("utf-8", "replace")) for text in proc.stderr],
                             daemon=True).start()
            seen = []
            while not seen or not seen[-1].startswith("[server] ready"):
                try:
                    seen.append(lines.get(timeout=30))
                except queue.Empty:
                    self.fail("no ready line on stderr: %r" % seen)
            self.assertEqual(seen[-1], "[server] ready: wwdc sync --source %s/\n" % url)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/contents.json")
            contents = json.loads(conn.getresponse().read())
            media = next(item["media"] for item in contents["contents"] if item["id"] == "wwdc2026-101")
            self.assertTrue(media["downloadHD"].startswith(url + "/"), media["downloadHD"])
            conn.request("GET", media["downloadHD"][len(url):], headers={"Range": "bytes=0-99"})
            video = conn.getresponse()
            self.assertEqual((video.status, len(video.read())), (206, 100))
            conn.close()
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)


class FeedTests(SharedServerTestCase):
    def test_serves_files_with_strong_etag_and_304(self):
        with open(os.path.join(self.root, "contents.json"), "rb") as f:
            expected = f.read()
        status, resp, body = self.server.request("GET", "/contents.json")
        self.assertEqual(status, 200)
        self.assertEqual(body, expected)
        self.assertTrue(resp.getheader("Content-Type").startswith("application/json"))
        etag = resp.getheader("ETag")
        self.assertRegex(etag, r'^"[0-9a-f]{32}"$')
        status, resp, body = self.server.request("GET", "/contents.json", headers={"If-None-Match": etag})
        self.assertEqual((status, body), (304, b""))
        self.assertEqual(resp.getheader("ETag"), etag)
        for header in ('"nope", ' + etag, "W/" + etag, "*"):
            self.assertEqual(self.server.request("GET", "/contents.json",
                                                 headers={"If-None-Match": header})[0], 304, header)
        self.assertEqual(self.server.request("GET", "/contents.json",
                                             headers={"If-None-Match": '"other"'})[0], 200)
        log = self.log()
        self.assertEqual([(e["status"], e["ifNoneMatch"]) for e in log],
                         [(200, False), (304, True), (304, True), (304, True), (304, True), (200, True)])
        self.assertEqual([e["bytes"] for e in log], [len(expected), 0, 0, 0, 0, len(expected)])

    def test_second_fetch_of_every_feed_downloads_no_body(self):
        etags = {}
        for name in ("config.json", "contents.json", "contents_jpn.json", "news.json", "videos_live.json",
                     "articles.json", "articles_jpn.json", "transcripts/transcript-manifest-eng.json",
                     "transcripts/transcript-manifest-jpn.json", "transcripts/transcript-digest-eng.json"):
            status, resp, _ = self.server.request("GET", "/" + name)
            self.assertEqual(status, 200)
            etags[name] = resp.getheader("ETag")
        self.server.request("DELETE", "/_control/log")
        for name, etag in etags.items():
            self.server.request("GET", "/" + name, headers={"If-None-Match": etag})
        log = self.log()
        self.assertEqual(len(log), len(etags))
        self.assertTrue(all(e["status"] == 304 and e["bytes"] == 0 for e in log), log)

    def test_changed_file_gets_a_new_etag(self):
        path = os.path.join(self.root, "news.json")
        _, resp, _ = self.server.request("GET", "/news.json")
        old = resp.getheader("ETag")
        with open(path, "rb") as f:
            original = f.read()
        try:
            with open(path, "wb") as f:
                f.write(original.replace(b"Welcome to WWDC 2026", b"Welcome to WWDC 2026!"))
            status, resp, body = self.server.request("GET", "/news.json", headers={"If-None-Match": old})
            self.assertEqual(status, 200)
            self.assertNotEqual(resp.getheader("ETag"), old)
            self.assertIn(b"WWDC 2026!", body)
        finally:
            with open(path, "wb") as f:
                f.write(original)

    def test_head_sends_length_without_body(self):
        status, resp, body = self.server.request("HEAD", "/news.json")
        self.assertEqual(status, 200)
        self.assertEqual(body, b"")
        self.assertEqual(int(resp.getheader("Content-Length")), os.path.getsize(os.path.join(self.root, "news.json")))
        self.assertIsNotNone(resp.getheader("ETag"))

    def test_unknown_paths_and_traversal_are_404(self):
        for path in ("/missing.json", "/../accounts.json", "/%2e%2e/%2e%2e/etc/passwd", "/.hidden",
                     "/", "/Fixtures/../../etc/passwd"):
            status, _, body = self.server.request("GET", path)
            self.assertEqual(status, 404, path)
            self.assertIn("error", json.loads(body))

    def test_wrong_method_is_405(self):
        status, resp, _ = self.server.request("POST", "/contents.json", b"{}")
        self.assertEqual(status, 405)
        self.assertIn("GET", resp.getheader("Allow"))

    def test_keep_alive_connection_serves_several_requests(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            for name in ("/config.json", "/news.json", "/videos_live.json"):
                conn.request("GET", name)
                resp = conn.getresponse()
                self.assertEqual(resp.status, 200)
                json.loads(resp.read())
        finally:
            conn.close()

    def test_fixture_config_relative_urls_are_served_untouched(self):
        config = self.server.json("GET", "/config.json")
        self.assertEqual(config["feeds"]["en"]["contents"]["url"], "contents.json")
        self.assertEqual(config["accountService"]["url"], "account")


class FaultTests(SharedServerTestCase):
    def test_status_fault_with_times(self):
        self.fault(path="/contents.json", kind="status", value=500, times=2)
        for _ in range(2):
            status, _, body = self.server.request("GET", "/contents.json")
            self.assertEqual(status, 500)
            self.assertIn("injected", json.loads(body)["error"])
        self.assertEqual(self.server.request("GET", "/contents.json")[0], 200)
        self.assertEqual([e["fault"] for e in self.log()], ["status", "status", None])

    def test_status_fault_ignores_if_none_match(self):
        _, resp, _ = self.server.request("GET", "/news.json")
        self.fault(path="/news.json", kind="status", value=404)
        status, _, _ = self.server.request("GET", "/news.json", headers={"If-None-Match": resp.getheader("ETag")})
        self.assertEqual(status, 404)

    def test_delay_fault(self):
        self.fault(path="/news.json", kind="delay", value=0.3, times=1)
        started = time.monotonic()
        status, _, _ = self.server.request("GET", "/news.json")
        self.assertEqual(status, 200)
        self.assertGreaterEqual(time.monotonic() - started, 0.3)

    def test_delay_past_client_timeout(self):
        self.fault(path="/news.json", kind="delay", value=30)
        with self.assertRaises(socket.timeout):
            self.server.request("GET", "/news.json", timeout=0.2)

    def test_drip_fault_sends_a_byte_at_a_time(self):
        self.fault(path="/news.json", kind="drip", value=0.05)
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            conn.request("GET", "/news.json")
            resp = conn.getresponse()
            self.assertEqual(resp.status, 200)
            self.assertEqual(resp.read(3), b"{\n ")
        finally:
            conn.close()
        with open(os.path.join(self.root, "news.json"), "rb") as f:
            self.assertTrue(f.read().startswith(b"{\n "))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            entry = [e for e in self.server.json("GET", "/_control/log")["requests"] if e["path"] == "/news.json"][-1]
            if entry["bytes"] < os.path.getsize(os.path.join(self.root, "news.json")):
                break
            time.sleep(0.05)
        self.assertLess(entry["bytes"], 100, "the server stopped once the client went away")
        self.assertEqual(entry["fault"], "drip")

    def test_truncate_fault_sends_half_of_promised_length(self):
        self.fault(path="/contents.json", kind="truncate")
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            # Even a matching ETag gets the (broken) full response, so a client with a cache fails.
            _, resp, _ = self.server.request("GET", "/config.json")
            conn.request("GET", "/contents.json", headers={"If-None-Match": "*"})
            resp = conn.getresponse()
            self.assertEqual(resp.status, 200)
            promised = int(resp.getheader("Content-Length"))
            with self.assertRaises(http.client.IncompleteRead) as caught:
                resp.read()
            self.assertEqual(len(caught.exception.partial), promised // 2)
        finally:
            conn.close()
        self.assertEqual(promised, os.path.getsize(os.path.join(self.root, "contents.json")))

    def test_malformed_fault_is_valid_http_with_broken_json(self):
        self.fault(path="/videos_live.json", kind="malformed")
        status, resp, body = self.server.request("GET", "/videos_live.json")
        self.assertEqual(status, 200)
        self.assertEqual(int(resp.getheader("Content-Length")), len(body))
        with self.assertRaises(ValueError):
            json.loads(body)

    def test_drop_fault_closes_without_response(self):
        self.fault(path="/config.json", kind="drop", times=1)
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionResetError)):
            self.server.request("GET", "/config.json")
        self.assertEqual(self.server.request("GET", "/config.json")[0], 200)
        self.assertEqual(self.log()[0]["status"], None)

    def test_faults_on_account_paths_with_wildcard_and_method(self):
        token = login(self.server, "ada")
        self.fault(path="/account/favorites/*", kind="status", value=503, method="PUT")
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-101", token=token)[0], 503)
        self.assertEqual(self.server.request("DELETE", "/account/favorites/wwdc2026-101", token=token)[0], 204)
        state = self.server.json("GET", "/_control/state?username=ada")
        self.assertEqual(state["users"]["ada"]["favorites"], [])  # the faulted PUT never ran
        self.fault(path="/account/login", kind="drop")
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionResetError)):
            self.server.request("POST", "/account/login", {"username": "ada", "password": PASSWORDS["ada"]})

    def test_list_and_clear_faults(self):
        self.fault(path="/a.json", kind="malformed")
        self.fault(path="/b.json", kind="delay", value=1)
        self.fault(path="/a.json", kind="status", value=502)  # replaces the first
        faults = self.server.json("GET", "/_control/faults")["faults"]
        self.assertEqual([(f["path"], f["kind"]) for f in faults], [("/b.json", "delay"), ("/a.json", "status")])
        self.assertEqual(self.server.request("DELETE", "/_control/faults?path=/a.json")[0], 204)
        self.assertEqual(len(self.server.json("GET", "/_control/faults")["faults"]), 1)

    def test_bad_fault_specs_are_rejected(self):
        for spec in ({"path": "/x", "kind": "explode"}, {"path": "/x", "kind": "status"},
                     {"path": "/x", "kind": "status", "value": 99}, {"path": "x", "kind": "drop"},
                     {"path": "/_control/log", "kind": "drop"}, {"path": "/x", "kind": "delay", "value": -1},
                     {"path": "/x", "kind": "drop", "times": 0}):
            self.assertEqual(self.server.request("POST", "/_control/faults", spec)[0], 400, spec)

    def test_control_endpoints_are_never_logged(self):
        self.server.request("GET", "/_control/health")
        self.server.request("GET", "/news.json")
        self.assertEqual([e["path"] for e in self.log()], ["/news.json"])


class HoldTests(SharedServerTestCase):
    """Held requests make races deterministic: never a sleep, only bounded waits on the server."""

    def favorites(self, username="ada"):
        return [f["sessionId"] for f in self.server.json("GET", "/_control/state?username=" + username)
                ["users"][username]["favorites"]]

    def test_held_request_is_processed_only_when_released(self):
        token = login(self.server, "ada")
        hold = self.hold(path="/account/favorites/*", method="PUT")
        held = Background(self.server, "PUT", "/account/favorites/wwdc2026-101", token=token)
        self.assertEqual(self.wait_held(hold), {"held": 1, "released": False})
        # The server stays responsive while one of its threads holds a request, and the held
        # request has not been carried out.
        self.assertEqual(self.server.request("GET", "/news.json")[0], 200)
        self.assertEqual(self.server.request("DELETE", "/account/favorites/wwdc2026-102", token=token)[0], 204)
        self.assertEqual(self.favorites(), [])
        self.assertFalse(held.answered.is_set())
        self.assertEqual(self.server.json("GET", "/_control/holds")["holds"],
                         [{"id": hold, "path": "/account/favorites/*", "method": "PUT", "times": 1,
                           "stage": "request", "held": 1, "waiting": 1, "released": False}])
        self.assertEqual(self.server.json("POST", "/_control/holds/%d/release" % hold), {"released": 1})
        held.join()
        self.assertEqual((held.error, held.status, held.data), (None, 204, b""))
        self.assertEqual(self.favorites(), ["wwdc2026-101"])
        # Used up and released: the next matching request goes straight through.
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-103", token=token)[0], 204)
        self.assertEqual(self.wait_held(hold), {"held": 1, "released": True})
        self.assertEqual(self.server.json("POST", "/_control/holds/%d/release" % hold), {"released": 0})
        log = [(e["method"], e["path"], e["status"], e["hold"]) for e in self.log()]
        self.assertEqual(log, [("POST", "/account/login", 200, None), ("GET", "/news.json", 200, None),
                               ("DELETE", "/account/favorites/wwdc2026-102", 204, None),
                               ("PUT", "/account/favorites/wwdc2026-101", 204, hold),
                               ("PUT", "/account/favorites/wwdc2026-103", 204, None)])

    def test_response_hold_answers_what_was_true_when_it_was_carried_out(self):
        token = login(self.server, "ada")
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-101", token=token)[0], 204)
        hold = self.hold(path="/account/favorites", method="GET", stage="response")
        held = Background(self.server, "GET", "/account/favorites", token=token)
        self.assertEqual(self.wait_held(hold), {"held": 1, "released": False})
        # Carried out already: a change made now is not in the answer still waiting to be sent.
        self.assertEqual(self.server.request("DELETE", "/account/favorites/wwdc2026-101", token=token)[0], 204)
        self.assertEqual(self.favorites(), [])
        self.assertFalse(held.answered.is_set())
        self.assertEqual(self.server.json("POST", "/_control/holds/%d/release" % hold), {"released": 1})
        held.join()
        self.assertEqual(held.status, 200)
        self.assertEqual([item["sessionId"] for item in json.loads(held.data)["items"]], ["wwdc2026-101"])
        entry = [e for e in self.log() if e["method"] == "GET"][0]
        self.assertEqual((entry["status"], entry["hold"]), (200, hold))

    def test_hold_stage_is_checked(self):
        status, _, data = self.server.request("POST", "/_control/holds", {"path": "/x", "stage": "later"})
        self.assertEqual(status, 400, data)

    def test_released_requests_run_in_arrival_order(self):
        token = login(self.server, "ada")
        hold = self.hold(path="/account/favorites/*", times=3)
        # A PUT then a DELETE of the same favorite: only arrival order leaves no favorite behind.
        put = Background(self.server, "PUT", "/account/favorites/wwdc2026-201", token=token)
        self.assertEqual(self.wait_held(hold)["held"], 1)
        delete = Background(self.server, "DELETE", "/account/favorites/wwdc2026-201", token=token)
        self.assertEqual(self.wait_held(hold, count=2), {"held": 2, "released": False})
        self.server.request("DELETE", "/_control/log")
        self.assertEqual(self.server.json("POST", "/_control/holds/%d/release" % hold), {"released": 2})
        self.assertEqual((put.join().status, delete.join().status), (204, 204))
        self.assertEqual(self.favorites(), [])
        self.assertEqual([(e["method"], e["hold"]) for e in self.log()], [("PUT", hold), ("DELETE", hold)])
        # The hold had one more to take, but a released hold holds nothing more.
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-202", token=token)[0], 204)
        self.assertEqual(self.server.json("GET", "/_control/holds")["holds"][0]["held"], 2)

    def test_hold_comes_before_the_fault(self):
        token = login(self.server, "ada")
        hold = self.hold(path="/account/favorites/wwdc2026-301", method="PUT")
        held = Background(self.server, "PUT", "/account/favorites/wwdc2026-301", token=token)
        self.wait_held(hold)
        # The fault is chosen when the held request is released, so one added meanwhile applies.
        self.fault(path="/account/favorites/*", kind="status", value=503, times=1)
        self.server.json("POST", "/_control/holds/%d/release" % hold)
        self.assertEqual(held.join().status, 503)
        self.assertEqual(self.favorites(), [])
        entry = self.log()[-1]
        self.assertEqual((entry["status"], entry["fault"], entry["hold"]), (503, "status", hold))
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-301", token=token)[0], 204)

    def test_a_held_request_whose_client_gave_up_still_runs_when_released(self):
        token = login(self.server, "ada")
        hold = self.hold(path="/account/favorites*", times=2)
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        try:
            conn.request("PUT", "/account/favorites/wwdc2026-401", headers={"Authorization": "Bearer " + token})
            self.wait_held(hold)
        finally:
            conn.close()  # the client gives up once the server has its request
        # Held second, so answered only after the abandoned PUT has run.
        listing = Background(self.server, "GET", "/account/favorites", token=token)
        self.wait_held(hold, count=2)
        self.server.json("POST", "/_control/holds/%d/release" % hold)
        self.assertEqual(listing.join().status, 200)
        self.assertEqual([f["sessionId"] for f in json.loads(listing.data)["items"]], ["wwdc2026-401"])

    def test_delete_releases_every_hold(self):
        token = login(self.server, "ada")
        favorites = self.hold(path="/account/favorites/*")
        feedback = self.hold(path="/account/feedback", method="POST")
        item = {"id": "3F2A1B0C-4D5E-4F60-8192-A3B4C5D6E7F8", "sessionId": "wwdc2026-101", "overall": 4}
        put = Background(self.server, "PUT", "/account/favorites/wwdc2026-101", token=token)
        post = Background(self.server, "POST", "/account/feedback", item, token=token)
        self.wait_held(favorites)
        self.wait_held(feedback)
        self.assertEqual(self.server.request("DELETE", "/_control/holds")[0], 204)
        self.assertEqual((put.join().status, post.join().status), (204, 201))
        self.assertEqual(self.server.json("GET", "/_control/holds"), {"holds": []})
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-102", token=token)[0], 204)
        self.assertEqual(self.favorites(), ["wwdc2026-101", "wwdc2026-102"])
        self.assertEqual(self.server.request("GET", "/_control/holds/%d/wait?timeout=0" % favorites)[0], 404)

    def test_wait_returns_on_release_even_with_nothing_held(self):
        hold = self.hold(path="/news.json")
        waiter = {}

        def wait():
            waiter["result"] = self.server.request("GET", "/_control/holds/%d/wait?timeout=20" % hold, timeout=30)

        thread = threading.Thread(target=wait, daemon=True)
        thread.start()
        self.assertEqual(self.server.json("POST", "/_control/holds/%d/release" % hold), {"released": 0})
        thread.join(10)
        self.assertFalse(thread.is_alive())
        status, _, data = waiter["result"]
        self.assertEqual((status, json.loads(data)), (200, {"held": 0, "released": True}))
        self.assertEqual(self.server.request("GET", "/news.json")[0], 200)

    def test_wait_times_out_with_408(self):
        hold = self.hold(path="/news.json")
        started = time.monotonic()
        status, _, data = self.server.request("GET", "/_control/holds/%d/wait?timeout=0.2" % hold)
        self.assertGreaterEqual(time.monotonic() - started, 0.2)
        self.assertEqual(status, 408)
        self.assertIn("error", json.loads(data))
        self.assertEqual(self.server.request("GET", "/_control/holds/%d/wait?timeout=0" % hold)[0], 408)

    def test_bad_holds_and_unknown_ids(self):
        for spec in ({}, {"path": "news.json"}, {"path": "/_control/log"}, {"path": "/x", "times": 0},
                     {"path": "/x", "times": True}, {"path": "/x", "times": "2"}, {"path": "/x", "method": 5}):
            self.assertEqual(self.server.request("POST", "/_control/holds", spec)[0], 400, spec)
        self.assertEqual(self.server.request("POST", "/_control/holds", b"[]")[0], 400)
        hold = self.hold(path="/x")
        for query in ("?timeout=abc", "?timeout=-1", "?timeout=nan", "?timeout=1e9", "?count=0"):
            self.assertEqual(self.server.request("GET", "/_control/holds/%d/wait%s" % (hold, query))[0], 400, query)
        for path in ("/_control/holds/999/wait?timeout=0", "/_control/holds/abc/wait", "/_control/holds/999/release"):
            method = "POST" if path.endswith("release") else "GET"
            self.assertEqual(self.server.request(method, path)[0], 404, path)
        self.assertEqual(self.server.json("GET", "/_control/holds")["holds"][0]["times"], 1)


class AccountTests(SharedServerTestCase):
    def test_login_me_cloud(self):
        result = self.server.json("POST", "/account/login", {"username": "ada", "password": PASSWORDS["ada"]})
        self.assertEqual(result["name"], "Ada Lovelace")
        expires = datetime.strptime(result["expiresAt"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        self.assertGreater(expires, datetime.now(timezone.utc))
        token = result["token"]
        self.assertEqual(self.server.json("GET", "/account/me", token=token),
                         {"username": "ada", "name": "Ada Lovelace", "isDeveloper": True})
        self.assertEqual(self.server.json("GET", "/account/cloud", token=token), {"available": True})
        bob, cy = login(self.server, "bob"), login(self.server, "cy")
        self.assertFalse(self.server.json("GET", "/account/me", token=bob)["isDeveloper"])
        self.assertTrue(self.server.json("GET", "/account/cloud", token=bob)["available"])
        self.assertTrue(self.server.json("GET", "/account/me", token=cy)["isDeveloper"])
        self.assertFalse(self.server.json("GET", "/account/cloud", token=cy)["available"])

    def test_bad_credentials_are_401_and_bad_requests_400(self):
        for body in ({"username": "ada", "password": "wrong"}, {"username": "nobody", "password": "x"},
                     {"username": "ada", "password": PASSWORDS["bob"]}):
            status, _, data = self.server.request("POST", "/account/login", body)
            self.assertEqual(status, 401)
            self.assertEqual(json.loads(data), {"error": "invalid username or password"})
        for body in (b"not json", b"[]", b'{"username": "ada"}', b'{"username": 1, "password": "x"}'):
            self.assertEqual(self.server.request("POST", "/account/login", body)[0], 400, body)

    def test_missing_invalid_and_expired_tokens_are_401(self):
        status, resp, _ = self.server.request("GET", "/account/me")
        self.assertEqual(status, 401)
        self.assertTrue(resp.getheader("WWW-Authenticate").startswith("Bearer"))
        self.assertEqual(self.server.request("GET", "/account/me", token="wwdc_forged")[0], 401)
        self.assertEqual(self.server.request("GET", "/account/me", headers={"Authorization": "Basic YWRhOng="})[0], 401)
        ada, bob = login(self.server, "ada"), login(self.server, "bob")
        self.assertEqual(self.server.json("POST", "/_control/expire-tokens", {"username": "ada"}), {"expired": 1})
        status, _, data = self.server.request("GET", "/account/favorites", token=ada)
        self.assertEqual(status, 401)
        self.assertIn("expired", json.loads(data)["error"])
        self.assertEqual(self.server.request("GET", "/account/me", token=bob)[0], 200)

    def test_logout_revokes_the_token(self):
        token, other = login(self.server, "cy"), login(self.server, "cy")
        self.assertEqual(self.server.request("POST", "/account/logout", token=token)[0], 204)
        status, resp, data = self.server.request("GET", "/account/me", token=token)
        self.assertEqual(status, 401)
        self.assertIn("invalid token", json.loads(data)["error"])
        self.assertTrue(resp.getheader("WWW-Authenticate").startswith("Bearer"))
        self.assertEqual(self.server.request("POST", "/account/logout", token=token)[0], 401)
        # Only that token: the user's other session stays logged in.
        self.assertEqual(self.server.request("GET", "/account/me", token=other)[0], 200)
        self.assertEqual(self.server.json("GET", "/_control/state?username=cy")["users"]["cy"]["activeTokens"], 1)

    def test_uploads_need_a_registered_developer_with_cloud(self):
        item = {"id": "9B8A7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D", "sessionId": "wwdc2026-101", "overall": 5}
        expected = {"bob": "not a registered developer", "cy": "cloud storage is not available for this account"}
        for username, message in expected.items():
            self.server.json("POST", "/_control/seed", {"username": username, "favorites": ["wwdc2026-102"],
                                                        "feedback": 1})
            token = login(self.server, username)
            for method, path, body in (("PUT", "/account/favorites/wwdc2026-101", None),
                                       ("DELETE", "/account/favorites/wwdc2026-102", None),
                                       ("POST", "/account/feedback", item),
                                       ("POST", "/account/feedback", {"id": "invalid"}),  # 403 before 400
                                       ("PUT", "/account/favorites/%01", None)):
                status, _, data = self.server.request(method, path, body, token=token)
                self.assertEqual(status, 403, (username, method, path))
                self.assertTrue(json.loads(data)["error"].startswith(message), data)
            # Reading stays allowed, and nothing was written.
            self.assertEqual([f["sessionId"] for f in self.server.json("GET", "/account/favorites", token=token)["items"]],
                             ["wwdc2026-102"])
            self.assertEqual(len(self.server.json("GET", "/account/feedback", token=token)["items"]), 1)
            self.assertEqual(self.server.json("GET", "/account/me", token=token)["username"], username)
            self.assertEqual(self.server.request("GET", "/account/cloud", token=token)[0], 200)
        self.assertNotEqual(expected["bob"], expected["cy"])
        # A missing token is still 401, and ada may write.
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-101")[0], 401)
        ada = login(self.server, "ada")
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-101", token=ada)[0], 204)
        self.assertEqual(self.server.request("POST", "/account/feedback", item, token=ada)[0], 201)
        users = self.server.json("GET", "/_control/state")["users"]
        self.assertEqual([f["sessionId"] for f in users["bob"]["favorites"]], ["wwdc2026-102"])
        self.assertEqual(len(users["cy"]["feedback"]), 1)
        self.assertEqual([f["sessionId"] for f in users["ada"]["favorites"]], ["wwdc2026-101"])

    def test_log_counts_account_writes_per_session(self):
        ada, bob = login(self.server, "ada"), login(self.server, "bob")
        item = {"id": "1C2D3E4F-5A6B-4C7D-8E9F-0A1B2C3D4E5F", "sessionId": "wwdc2026-101", "overall": 3}
        for method, path, body, token in (
                ("PUT", "/account/favorites/wwdc2026-101", None, ada),
                ("PUT", "/account/favorites/wwdc2026-101", None, ada),
                ("PUT", "/account/favorites/wwdc2026-102", None, ada),
                ("DELETE", "/account/favorites/wwdc2026-102", None, ada),
                ("PUT", "/account/favorites/wwdc2026-101", None, bob),
                ("POST", "/account/feedback", item, ada),
                ("POST", "/account/feedback", item, ada),
                ("POST", "/account/logout", None, ada),
                ("PUT", "/account/favorites/wwdc2026-101", None, ada)):
            self.server.request(method, path, body, token=token)
        log = [(e["method"], e["path"], e["status"]) for e in self.log() if e["path"] != "/account/login"]
        self.assertEqual(log, [("PUT", "/account/favorites/wwdc2026-101", 204),
                               ("PUT", "/account/favorites/wwdc2026-101", 204),
                               ("PUT", "/account/favorites/wwdc2026-102", 204),
                               ("DELETE", "/account/favorites/wwdc2026-102", 204),
                               ("PUT", "/account/favorites/wwdc2026-101", 403),
                               ("POST", "/account/feedback", 201),
                               ("POST", "/account/feedback", 200),
                               ("POST", "/account/logout", 204),
                               ("PUT", "/account/favorites/wwdc2026-101", 401)])
        uploads = collections.Counter(path.rsplit("/", 1)[1] for method, path, status in log
                                      if method == "PUT" and status == 204)
        self.assertEqual(uploads, {"wwdc2026-101": 2, "wwdc2026-102": 1})

    def test_paging_250_favorites_by_50_is_5_pages(self):
        seeded = self.server.json("POST", "/_control/seed", {"username": "ada", "favorites": 250})
        self.assertEqual(seeded["favorites"], 250)
        token = login(self.server, "ada")
        pages, ids, cursor = 0, [], None
        while True:
            path = "/account/favorites" + ("?cursor=" + cursor if cursor else "")
            page = self.server.json("GET", path, token=token)
            pages += 1
            self.assertEqual(len(page["items"]), 50)
            ids += [item["sessionId"] for item in page["items"]]
            cursor = page["nextCursor"]
            if cursor is None:
                break
            self.assertLess(pages, 10)
        self.assertEqual(pages, 5)
        self.assertEqual(len(set(ids)), 250)
        self.assertEqual(ids, sorted(ids))
        with open(os.path.join(self.root, "contents.json"), encoding="utf-8") as f:
            known = {c["id"] for c in json.load(f)["contents"]}
        self.assertTrue(set(ids) <= known)
        page = self.server.json("GET", "/account/favorites?limit=100", token=token)
        self.assertEqual(len(page["items"]), 100)
        for bad in ("?limit=0", "?limit=abc", "?limit=100000", "?cursor=garbage", "?cursor=WyJmYiIsM10"):
            self.assertEqual(self.server.request("GET", "/account/favorites" + bad, token=token)[0], 400, bad)

    def test_put_and_delete_favorites_are_idempotent(self):
        token = login(self.server, "ada")
        for _ in range(2):
            status, _, body = self.server.request("PUT", "/account/favorites/wwdc2026-201", token=token)
            self.assertEqual((status, body), (204, b""))
        first = self.server.json("GET", "/_control/state?username=ada")["users"]["ada"]["favorites"]
        self.assertEqual([f["sessionId"] for f in first], ["wwdc2026-201"])
        # A repeated PUT leaves the stored favorite (and its updatedAt) alone.
        old = {"sessionId": "wwdc2026-202", "updatedAt": "2026-06-08T17:00:00Z"}
        self.server.json("POST", "/_control/seed", {"username": "ada", "favorites": [old]})
        self.assertEqual(self.server.request("PUT", "/account/favorites/wwdc2026-202", token=token)[0], 204)
        again = self.server.json("GET", "/_control/state?username=ada")["users"]["ada"]["favorites"]
        self.assertEqual(again, first + [old])
        self.server.request("DELETE", "/account/favorites/wwdc2026-202", token=token)
        page = self.server.json("GET", "/account/favorites", token=token)
        self.assertEqual(page, {"items": first, "nextCursor": None})
        for _ in range(2):
            self.assertEqual(self.server.request("DELETE", "/account/favorites/wwdc2026-201", token=token)[0], 204)
        self.assertEqual(self.server.json("GET", "/account/favorites", token=token)["items"], [])
        # Percent-encoded ids arrive decoded; other users do not see ada's favorites.
        self.server.request("PUT", "/account/favorites/wwdc2026%2D990", token=token)
        self.assertEqual(self.server.json("GET", "/account/favorites", token=token)["items"][0]["sessionId"],
                         "wwdc2026-990")
        self.assertEqual(self.server.json("GET", "/account/favorites", token=login(self.server, "bob"))["items"], [])

    def test_feedback_retry_never_duplicates(self):
        token = login(self.server, "ada")
        item = {"id": "6A1E3F44-3C5B-4D39-9C3E-3F4A5B6C7D8E", "sessionId": "wwdc2026-301",
                "overall": 5, "content": 4, "presentation": 3, "comment": "Great \u001b[31m session"}
        status, _, body = self.server.request("POST", "/account/feedback", item, token=token)
        self.assertEqual(status, 201)
        stored = json.loads(body)
        self.assertEqual({k: stored[k] for k in item}, item)
        self.assertRegex(stored["createdAt"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        for retry in (item, dict(item, comment="changed on retry")):
            status, _, body = self.server.request("POST", "/account/feedback", retry, token=token)
            self.assertEqual(status, 200)
            self.assertEqual(json.loads(body), stored)
        page = self.server.json("GET", "/account/feedback", token=token)
        self.assertEqual(page, {"items": [stored], "nextCursor": None})
        self.assertEqual(len(self.server.json("GET", "/_control/state")["users"]["ada"]["feedback"]), 1)

    def test_feedback_validation(self):
        token = login(self.server, "ada")
        good = {"id": "0E0C7B36-7C55-4C1A-8F39-1B2C3D4E5F60", "sessionId": "wwdc2026-301",
                "overall": 1, "content": 2, "presentation": 3, "comment": ""}
        for bad in (dict(good, id="not-a-uuid"), dict(good, overall=6), dict(good, content=True),
                    dict(good, presentation="3"), dict(good, sessionId=""), dict(good, comment=7),
                    {k: v for k, v in good.items() if k != "overall"}):
            self.assertEqual(self.server.request("POST", "/account/feedback", bad, token=token)[0], 400, bad)

    def test_feedback_paging(self):
        self.server.json("POST", "/_control/seed", {"username": "cy", "feedback": 120})
        token = login(self.server, "cy")
        seen, cursor, pages = [], None, 0
        while True:
            page = self.server.json("GET", "/account/feedback?limit=50" + ("&cursor=" + cursor if cursor else ""),
                                    token=token)
            pages += 1
            seen += [f["id"] for f in page["items"]]
            cursor = page["nextCursor"]
            if not cursor:
                break
        self.assertEqual((pages, len(seen), len(set(seen))), (3, 120, 120))

    def test_pass_only_for_developers(self):
        status, resp, body = self.server.request("GET", "/account/pass", token=login(self.server, "ada"))
        self.assertEqual(status, 200)
        text = body.decode("utf-8")
        self.assertTrue(text.startswith("-----BEGIN WWDC ATTENDEE PASS-----"))
        self.assertIn("Attendee: ada", text)
        encoded = "".join(text.split("\n\n", 1)[1].split("-----END")[0].split())
        self.assertEqual(json.loads(base64.b64decode(encoded))["username"], "ada")
        status, _, body = self.server.request("GET", "/account/pass", token=login(self.server, "bob"))
        self.assertEqual(status, 403)
        self.assertIn("registered developer", json.loads(body)["error"])
        self.assertEqual(self.server.request("GET", "/account/pass")[0], 401)

    def test_pass_as_given(self):
        hostile = b"\x1b]52;c;ZWNobyBoaQ==\x07\x9b31m\xe2\x80\xae"
        self.assertEqual(self.server.request("POST", "/_control/pass", {"base64": base64.b64encode(hostile).decode()})[0], 204)
        self.assertEqual(self.server.request("POST", "/_control/pass", {"base64": "not base64!"})[0], 400)
        status, _, body = self.server.request("GET", "/account/pass", token=login(self.server, "ada"))
        self.assertEqual((status, body), (200, hostile))
        self.assertEqual(self.server.request("DELETE", "/_control/state")[0], 204)
        _, _, body = self.server.request("GET", "/account/pass", token=login(self.server, "ada"))
        self.assertTrue(body.startswith(b"-----BEGIN WWDC ATTENDEE PASS-----"))

    def test_seed_validation(self):
        self.assertEqual(self.server.request("POST", "/_control/seed", {"username": "zed", "favorites": 1})[0], 404)
        self.assertEqual(self.server.request("POST", "/_control/seed", {"username": "ada", "favorites": 100000})[0], 400)
        seeded = self.server.json("POST", "/_control/seed", {"username": "ada", "favorites": [
            "wwdc2026-101", {"sessionId": "wwdc2026-102", "updatedAt": "2026-06-08T17:00:00Z"}]})
        self.assertEqual(seeded["favorites"], 2)
        favorites = self.server.json("GET", "/_control/state?username=ada")["users"]["ada"]["favorites"]
        self.assertEqual(favorites[1], {"sessionId": "wwdc2026-102", "updatedAt": "2026-06-08T17:00:00Z"})


class IsolatedServerTests(unittest.TestCase):
    """Command-line options, shutdown and secrecy, each on its own server."""

    def test_command_line_faults_and_page_size(self):
        server = Server("--fault", "/news.json=status:404,times=1", "--fault", "/contents.json=drop",
                        "--fault", "/videos_live.json=delay:0.2,method=GET", "--page-size", "7", "--quiet")
        try:
            self.assertEqual(server.request("GET", "/news.json")[0], 404)
            self.assertEqual(server.request("GET", "/news.json")[0], 200)
            with self.assertRaises((http.client.RemoteDisconnected, ConnectionResetError)):
                server.request("GET", "/contents.json")
            started = time.monotonic()
            self.assertEqual(server.request("GET", "/videos_live.json")[0], 200)
            self.assertGreaterEqual(time.monotonic() - started, 0.2)
            server.json("POST", "/_control/seed", {"username": "ada", "favorites": 20})
            token = login(server, "ada")
            sizes, cursor = [], None
            while True:
                page = server.json("GET", "/account/favorites" + ("?cursor=" + cursor if cursor else ""), token=token)
                sizes.append(len(page["items"]))
                cursor = page["nextCursor"]
                if not cursor:
                    break
            self.assertEqual(sizes, [7, 7, 6])
        finally:
            self.assertEqual(server.stop(), 0)
            self.assertEqual(server.stderr_text(), "")  # --quiet
            server.kill()

    def test_bad_command_line_fails_cleanly(self):
        for args in (["--fault", "/x=explode"], ["--fault", "nopath"], ["--root", "/nonexistent/dir"]):
            proc = subprocess.run([sys.executable, SERVER] + args, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=10)
            self.assertEqual(proc.returncode, 2, args)
            self.assertEqual(proc.stdout, b"")
        proc = subprocess.run([sys.executable, SERVER, "--accounts", "/nonexistent.json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=10)
        self.assertEqual(proc.returncode, 1)
        self.assertIn(b"accounts file", proc.stderr)

    def test_sigterm_and_sigint_shut_down_gracefully_even_mid_delay(self):
        for sig in (signal.SIGTERM, signal.SIGINT):
            server = Server("--fault", "/news.json=delay:60,times=1")
            errors = []

            def slow():
                try:
                    server.request("GET", "/news.json", timeout=30)
                except Exception as error:  # the connection is closed at shutdown
                    errors.append(error)

            client = threading.Thread(target=slow)
            client.start()
            # The server holds the request once it has consumed the one-shot delay fault.
            deadline = time.monotonic() + 5
            while server.json("GET", "/_control/faults")["faults"]:
                self.assertLess(time.monotonic(), deadline, "the slow request never arrived")
            started = time.monotonic()
            self.assertEqual(server.stop(sig), 0)
            self.assertLess(time.monotonic() - started, 5)
            client.join(10)
            self.assertFalse(client.is_alive())
            self.assertIn("stopped on " + signal.Signals(sig).name, server.stderr_text())
            server.kill()

    def test_sigterm_cuts_off_held_requests(self):
        server = Server()
        try:
            token = login(server, "ada")
            hold = server.json("POST", "/_control/holds", {"path": "/account/favorites/*"}, expect=201)["id"]
            held = Background(server, "PUT", "/account/favorites/wwdc2026-101", token=token)
            self.assertEqual(server.json("GET", "/_control/holds/%d/wait?timeout=10" % hold)["held"], 1)
            started = time.monotonic()
            self.assertEqual(server.stop(), 0)
            self.assertLess(time.monotonic() - started, 5)
            held.join()
            self.assertIsNone(held.status)  # cut off, never answered
            self.assertIsNotNone(held.error)
            self.assertIn("PUT /account/favorites/wwdc2026-101 - 0B", server.stderr_text())
        finally:
            server.kill()

    def test_secrets_never_reach_logs_or_fixture(self):
        with open(os.path.join(HERE, "accounts.json"), encoding="utf-8") as f:
            fixture = f.read()
        for password in PASSWORDS.values():
            self.assertNotIn(password, fixture)
        server = Server()
        try:
            token = login(server, "ada")
            server.request("POST", "/account/login", {"username": "bob", "password": "wrong-" + PASSWORDS["bob"]})
            server.request("GET", "/account/me", token=token)
            log = json.dumps(server.json("GET", "/_control/log"))
        finally:
            server.stop()
        stderr = server.stderr_text()
        server.kill()
        for text in (stderr, log):
            for password in PASSWORDS.values():
                self.assertNotIn(password, text)
            self.assertNotIn(token, text)
        self.assertIn("POST /account/login 200", stderr)

    def test_exit_with_stdin(self):
        proc = subprocess.Popen([sys.executable, SERVER, "--exit-with-stdin", "--quiet"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            self.assertTrue(proc.stdout.readline().startswith(b"listening on http://127.0.0.1:"))
            proc.stdin.close()
            self.assertEqual(proc.wait(10), 0)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.stdout.close()
            proc.stderr.close()


@unittest.skipUnless(os.path.isdir(APPLE_2017), "Apple's 2017 feeds not found at " + APPLE_2017)
class RebaseConfigTests(unittest.TestCase):
    def test_apple_2017_config_points_at_this_server(self):
        server = Server("--rebase-config", "--quiet", root=APPLE_2017)
        try:
            config = server.json("GET", "/config.json")
            feeds = config["feeds"]["en"]
            self.assertEqual(feeds["contents"]["url"], server.url + "/contents.json")
            self.assertEqual(feeds["liveVideos"]["url"], server.url + "/videos_live.json")
            # Feeds that are not in the folder point here too, and answer 404 from here.
            self.assertEqual(feeds["articles"]["url"], server.url + "/articles.json")
            self.assertEqual(feeds["layout"]["url"], server.url + "/layout.json")
            self.assertEqual(config["feeds"]["zho"]["contents"]["url"], server.url + "/contents_zho.json")
            for language in config["feeds"].values():
                for link in language.values():
                    self.assertTrue(link["url"].startswith(server.url + "/"), link["url"])
            self.assertEqual(server.request("GET", "/articles.json")[0], 404)
            self.assertEqual(server.request("GET", "/contents_zho.json")[0], 404)
            # The rewritten URL really serves the feed, with ETag and 304.
            path = feeds["contents"]["url"][len(server.url):]
            status, resp, body = server.request("GET", path)
            self.assertEqual(status, 200)
            doc = json.loads(body)
            self.assertEqual(len(doc["contents"]), 771)
            self.assertEqual(server.request("GET", path, headers={"If-None-Match": resp.getheader("ETag")})[0], 304)
            _, resp, _ = server.request("GET", "/config.json")
            self.assertEqual(server.request("GET", "/config.json",
                                            headers={"If-None-Match": resp.getheader("ETag")})[0], 304)
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    @unittest.skipUnless(os.path.isdir(APPLE_2020B), "Apple's 2020b feeds not found at " + APPLE_2020B)
    def test_apple_2020b_config_has_no_feed_left_outside(self):
        server = Server("--rebase-config", "--quiet", root=APPLE_2020B)
        try:
            config = server.json("GET", "/config.json")
            with open(os.path.join(APPLE_2020B, "config.json"), encoding="utf-8") as f:
                original = json.load(f)
            self.assertEqual(sorted(config["feeds"]), ["en", "jpn", "kor", "zho"])
            for language, links in config["feeds"].items():
                for name, link in links.items():
                    last = original["feeds"][language][name]["url"].rsplit("/", 1)[-1]
                    self.assertEqual(link["url"], server.url + "/" + last)
            self.assertEqual(server.request("GET", "/contents.json")[0], 200)
            self.assertEqual(server.request("GET", "/event.json")[0], 404)
            # Not read by clients, and no such file here: kept as they are.
            self.assertEqual(config["services"], original["services"])
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    def test_without_rebase_the_config_is_served_verbatim(self):
        server = Server("--quiet", root=APPLE_2017)
        try:
            _, _, body = server.request("GET", "/config.json")
            with open(os.path.join(APPLE_2017, "config.json"), "rb") as f:
                self.assertEqual(body, f.read())
        finally:
            server.stop()
            server.kill()


class RebaseRulesTests(unittest.TestCase):
    """--rebase-config on a config written here: feeds, accountService, other URLs, a sub-folder."""

    CONFIG = {
        "feeds": {
            "en": {"contents": {"url": "https://cdn.example.com/a/b/contents.json", "etag": "\"x\""},
                   "articles": {"url": "https://cdn.example.com/a/b/articles.json"},
                   "event": {"url": "HTTP://cdn.example.com/a/b/event.json?v=2"},
                   "news": {"url": "news.json"}},
            "jpn": {"contents": {"url": "https://cdn.example.com/a/b/contents_jpn.json"}},
        },
        "services": {"pushRegistration": {"url": "https://push.example.com/v2/device"},
                     "walletPass": {"url": "https://tickets.example.com/pass/notes.json"}},
        "eventHero": {"backgroundImage": "https://images.example.com/hero.heic"},
        "accountService": {"url": "https://accounts.example.com/api/account"},
    }

    def setUp(self):
        self.root = tempfile.mkdtemp()
        os.mkdir(os.path.join(self.root, "sub"))
        for folder in (self.root, os.path.join(self.root, "sub")):
            with open(os.path.join(folder, "config.json"), "w", encoding="utf-8") as f:
                json.dump(self.CONFIG, f)
            for name in ("contents.json", "notes.json"):
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write("{}")

    def tearDown(self):
        shutil.rmtree(self.root)

    def test_every_feed_points_here_present_or_not(self):
        server = Server("--rebase-config", "--quiet", root=self.root)
        try:
            for prefix in ("/", "/sub/"):
                config = server.json("GET", prefix + "config.json")
                feeds = config["feeds"]
                here = server.url + prefix
                self.assertEqual(feeds["en"]["contents"], {"url": here + "contents.json", "etag": "\"x\""})
                self.assertEqual(feeds["en"]["articles"]["url"], here + "articles.json")
                self.assertEqual(feeds["en"]["event"]["url"], here + "event.json")
                self.assertEqual(feeds["en"]["news"]["url"], "news.json")  # relative: as it was
                self.assertEqual(feeds["jpn"]["contents"]["url"], here + "contents_jpn.json")
                # The account API is this server's, whatever folder the config is in.
                self.assertEqual(config["accountService"]["url"], server.url + "/account")
                # Other URLs: here only when the file is beside the config.
                self.assertEqual(config["services"]["pushRegistration"]["url"], "https://push.example.com/v2/device")
                self.assertEqual(config["services"]["walletPass"]["url"], here + "notes.json")
                self.assertEqual(config["eventHero"], self.CONFIG["eventHero"])
                self.assertEqual(server.request("GET", prefix + "contents.json")[0], 200)
                self.assertEqual(server.request("GET", prefix + "articles.json")[0], 404)
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    def test_loopback_account_service_is_kept(self):
        config = dict(self.CONFIG, accountService={"url": "http://127.0.0.1:9/account"})
        with open(os.path.join(self.root, "config.json"), "w", encoding="utf-8") as f:
            json.dump(config, f)
        server = Server("--rebase-config", "--quiet", root=self.root)
        try:
            self.assertEqual(server.json("GET", "/config.json")["accountService"],
                             {"url": "http://127.0.0.1:9/account"})
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    def test_the_fixtures_config_is_unchanged_by_rebasing(self):
        server = Server("--rebase-config", "--quiet")
        try:
            with open(os.path.join(FIXTURES, "config.json"), encoding="utf-8") as f:
                self.assertEqual(server.json("GET", "/config.json"), json.load(f))
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()


class FixtureTests(unittest.TestCase):
    """The committed sample conference is what generate.py produces, with the documented counts."""

    @classmethod
    def setUpClass(cls):
        docs = {}
        for name in ("config.json", "contents.json", "contents_jpn.json", "news.json", "videos_live.json",
                     "articles.json", "articles_jpn.json"):
            with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
                docs[name] = json.load(f)
        cls.docs = docs
        cls.contents = docs["contents.json"]["contents"]

    def test_committed_files_are_up_to_date(self):
        proc = subprocess.run([sys.executable, os.path.join(FIXTURES, "generate.py"), "--check"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr.decode())

    def test_counts(self):
        def count(event, kind=None):
            return sum(1 for c in self.contents if c["eventId"] == event and (kind is None or c["type"] == kind))
        self.assertEqual(len(self.contents), 272)
        self.assertEqual([count("wwdc2026", k) for k in ("Session", "Lab", "Special Event", "Get-Together", "Video")],
                         [140, 64, 8, 6, 16])
        self.assertEqual((count("wwdc2027"), count("wwdc2025", "Video"), count("wwdc2025")), (10, 15, 15))
        self.assertEqual((count("news", "Article"), count("articles", "Article"), count("tech-talks", "Video")), (5, 4, 4))
        self.assertEqual((count("news"), count("articles"), count("tech-talks")), (5, 4, 4))
        doc = self.docs["contents.json"]
        self.assertEqual((len(doc["tracks"]), len(doc["rooms"]), len(doc["resources"])), (8, 10, 52))
        self.assertEqual((len(doc["topics"]), len(doc["topicCategories"])), (10, 3))
        self.assertEqual(len(self.docs["articles.json"]["articles"]), 8)
        self.assertEqual(len(self.docs["news.json"]["items"]), 12)
        self.assertEqual(sorted(self.docs["videos_live.json"]["live_sessions"]), ["101", "102", "103", "201", "301"])
        days = {c["startTime"][:10] for c in self.contents if c["eventId"] == "wwdc2026" and "startTime" in c}
        self.assertEqual(days, {"2026-06-%02d" % d for d in range(8, 13)})

    def test_format(self):
        doc = self.docs["contents.json"]
        tracks, rooms = {t["id"] for t in doc["tracks"]}, {r["id"] for r in doc["rooms"]}
        events = {e["id"]: e for e in doc["events"]}
        self.assertEqual([e["id"] for e in doc["events"] if e["current"]], ["wwdc2026"])
        self.assertEqual([e["id"] for e in doc["events"]],
                         ["wwdc2027", "wwdc2026", "wwdc2025", "news", "articles", "tech-talks"])
        self.assertFalse({"startTime", "endTime"} & set(events["tech-talks"]))
        for c in self.contents:
            for key in ("id", "staticContentId", "eventContentId", "eventId", "webPermalink",
                        "description", "title", "type"):
                self.assertIn(key, c, c["id"])
            self.assertIn(c["eventId"], events)
            if c["type"] == "Article":
                self.assertEqual((c["description"], c["topicIds"]), ("", []))
                self.assertNotIn("platforms", c)
                self.assertNotIn("media", c)
                self.assertRegex(c["articleID"], r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")
                continue
            self.assertTrue(set(c["platforms"]) <= {"iOS", "macOS", "tvOS", "watchOS", "visionOS"})
            if "startTime" in c:
                for key in ("startTime", "endTime"):
                    self.assertRegex(c[key], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-07:00$")
                self.assertLess(c["startTime"], c["endTime"])
                self.assertIn(c["roomId"], rooms)
            if c["eventId"] in ("wwdc2025", "tech-talks"):
                self.assertIn("topicIds", c)
                self.assertIn("originalPublishingDate", c)
                self.assertNotIn("trackId", c)
                self.assertNotIn("startTime", c)
            else:
                self.assertIn(c["trackId"], tracks)
            if c["type"] == "Lab" or c["eventId"] == "wwdc2027":
                self.assertNotIn("media", c)
            if c["eventId"] == "wwdc2026" and c["type"] in ("Session", "Video"):
                self.assertTrue({"hls", "downloadHD", "downloadSD", "duration"} <= set(c["media"]))
        feeds = self.docs["config.json"]["feeds"]
        self.assertEqual({k: v["url"] for k, v in feeds["en"].items()},
                         {"contents": "contents.json", "liveVideos": "videos_live.json", "news": "news.json",
                          "articles": "articles.json", "transcripts": "transcripts/transcript-manifest-eng.json"})
        self.assertEqual({k: v["url"] for k, v in feeds["jpn"].items()},
                         {"contents": "contents_jpn.json", "liveVideos": "videos_live.json", "news": "news.json",
                          "articles": "articles_jpn.json", "transcripts": "transcripts/transcript-manifest-jpn.json"})
        for language in feeds.values():
            for link in language.values():
                self.assertTrue(os.path.isfile(os.path.join(FIXTURES, link["url"])), link["url"])
        self.assertEqual(self.docs["config.json"]["accountService"], {"url": "account"})
        self.assertEqual(self.docs["config.json"]["analytics"], {"isEnabled": False})
        self.assertEqual(set(self.docs["config.json"]["eventHero"]),
                         {"identifier", "title", "titleColor", "body", "bodyColor", "backgroundImage"})

    def test_modern_shapes(self):
        doc = self.docs["contents.json"]
        by_id = {c["id"]: c for c in self.contents}
        topics = {t["id"]: t for t in doc["topics"]}
        self.assertTrue(all("title" in t and "name" not in t and "imageURL" in t for t in doc["topics"]))
        categorised = {t for c in doc["topicCategories"] for t in c["topicIds"]}
        self.assertEqual(set(topics) - categorised, {310})
        self.assertTrue(by_id["wwdc2026-101"]["hasLiveStream"])
        self.assertEqual(by_id["wwdc2025-201"]["primaryTopicID"], 306)
        with_chapters = [c["id"] for c in self.contents if c.get("media", {}).get("chapters")]
        self.assertEqual(len(with_chapters), 5)
        self.assertEqual(sum("summary" in ch for i in with_chapters for ch in by_id[i]["media"]["chapters"]), 1)
        self.assertTrue(any("\u202e" in ch["title"] for ch in by_id["wwdc2026-992"]["media"]["chapters"]))
        snippets = [s for c in self.contents for s in c.get("codeSnippets", [])]
        self.assertEqual(len(snippets), 7)
        self.assertEqual([s["title"] for s in by_id["wwdc2025-204"]["codeSnippets"] if "unstyledCode" not in s],
                         ["Model and fetch upcoming trips"])
        self.assertEqual(sum("unstyledCode" not in s for s in snippets), 1)
        hostile = by_id["wwdc2026-990"]["codeSnippets"][0]
        for text in (hostile["title"], hostile["unstyledCode"]):
            self.assertIn("\u001b[31m", text)
            self.assertIn("\u0007", text)
        signup = by_id["wwdc2026-8027"]["signupInformation"]
        self.assertLess(signup["endDate"], by_id["wwdc2026-8027"]["startTime"])
        self.assertEqual(sum("actionLinkURL" in c for c in self.contents), 30)

    def test_japanese_contents(self):
        en, jpn = self.docs["contents.json"], self.docs["contents_jpn.json"]
        self.assertEqual([c["id"] for c in en["contents"]], [c["id"] for c in jpn["contents"]])
        changed = [a["id"] for a, b in zip(en["contents"], jpn["contents"]) if a != b]
        self.assertEqual(sorted(changed), ["wwdc2025-214", "wwdc2026-101", "wwdc2026-102", "wwdc2026-201",
                                           "wwdc2026-206", "wwdc2026-301", "wwdc2026-303"])
        self.assertEqual({c["id"]: c["title"] for c in jpn["contents"]}["wwdc2026-101"], "基調講演")
        self.assertEqual([a["id"] for a in self.docs["articles.json"]["articles"]],
                         [a["id"] for a in self.docs["articles_jpn.json"]["articles"]])

    def test_hostile_items(self):
        by_id = {c["id"]: c for c in self.contents}
        self.assertIn("\u001b[2J\u001b]0;pwned\u0007", by_id["wwdc2026-990"]["title"])
        self.assertIn("'); DROP TABLE sessions;--", by_id["wwdc2026-991"]["title"])
        self.assertIn('"', by_id["wwdc2026-991"]["title"])
        self.assertIn("\u202e", by_id["wwdc2026-992"]["title"])
        self.assertIn("\u200b", by_id["wwdc2026-992"]["title"])
        self.assertGreaterEqual(len(by_id["wwdc2026-993"]["title"]), 290)
        news = {n["id"]: n for n in self.docs["news.json"]["items"]}
        self.assertIn("\u001b]0;pwned\u0007", news["NEWS-HOSTILE"]["title"])


# ------------------------------------------------------------------------------------------------
# Transcripts: fixtures, manifests kept true by the server, faults on them, the corpus script
# ------------------------------------------------------------------------------------------------

TRANSCRIPTS_JPN = ["wwdc2025-214", "wwdc2026-101", "wwdc2026-102", "wwdc2026-201", "wwdc2026-206", "wwdc2026-301"]
PHRASE = "the lighthouse protocol"


def etag_of(data):
    """What the reference server sends as the ETag of these bytes."""
    import hashlib
    return '"%s"' % hashlib.sha256(data).hexdigest()[:32]


def read_json(*path):
    with open(os.path.join(*path), encoding="utf-8") as f:
        return json.load(f)


class TranscriptFixtureTests(unittest.TestCase):
    """Fixtures/transcripts: Apple's format, English for every video, Japanese for a few."""

    @classmethod
    def setUpClass(cls):
        cls.folder = os.path.join(FIXTURES, "transcripts")
        cls.contents = read_json(FIXTURES, "contents.json")["contents"]
        cls.manifests = {lang: read_json(cls.folder, "transcript-manifest-%s.json" % lang) for lang in ("eng", "jpn")}

    def test_config_names_a_manifest_per_language(self):
        feeds = read_json(FIXTURES, "config.json")["feeds"]
        self.assertEqual(feeds["en"]["transcripts"], {"url": "transcripts/transcript-manifest-eng.json"})
        self.assertEqual(feeds["jpn"]["transcripts"], {"url": "transcripts/transcript-manifest-jpn.json"})

    def test_english_for_every_video_japanese_for_some(self):
        videos = sorted(c["id"] for c in self.contents if "media" in c)
        self.assertEqual(len(videos), 178)
        self.assertEqual(sorted(self.manifests["eng"]["individual"]), videos)
        self.assertEqual(sorted(self.manifests["jpn"]["individual"]), TRANSCRIPTS_JPN)
        self.assertEqual(sorted(f for f in os.listdir(self.folder) if f.endswith("-jpn.json")),
                         sorted(["transcript-manifest-jpn.json", "transcript-digest-jpn.json"]
                                + ["%s-transcript-jpn.json" % i for i in TRANSCRIPTS_JPN]))

    def test_files_manifests_and_digests_have_apples_shapes(self):
        durations = {c["id"]: c["media"]["duration"] for c in self.contents if "media" in c}
        for lang, manifest in self.manifests.items():
            self.assertEqual(set(manifest), {"updated", "digest", "individual"})
            self.assertRegex(manifest["updated"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$")
            with open(os.path.join(self.folder, manifest["digest"]["url"]), "rb") as f:
                raw = f.read()
            self.assertEqual(manifest["digest"]["etag"], etag_of(raw))
            digest = json.loads(raw)
            self.assertEqual(sorted(digest), sorted(manifest["individual"]))
            for content_id, link in manifest["individual"].items():
                self.assertEqual(set(link), {"etag", "url"})
                self.assertEqual(link["url"], "%s-transcript-%s.json" % (content_id, lang))
                with open(os.path.join(self.folder, link["url"]), "rb") as f:
                    raw = f.read()
                self.assertEqual(link["etag"], etag_of(raw), content_id)
                doc = json.loads(raw)
                self.assertEqual(list(doc), [content_id])
                self.assertEqual(doc[content_id], digest[content_id])
                self.assertEqual(set(doc[content_id]), {"language", "transcript"})
                self.assertEqual(doc[content_id]["language"], lang)
                segments = doc[content_id]["transcript"]
                self.assertTrue(20 <= len(segments) <= 60, (content_id, len(segments)))
                seconds = [s[0] for s in segments]
                self.assertTrue(all(isinstance(t, int) for t in seconds))
                self.assertTrue(all(a < b for a, b in zip(seconds, seconds[1:])), content_id)
                self.assertLess(seconds[-1], durations[content_id])
                self.assertGreaterEqual(sum(s[1].endswith("\n\n") for s in segments), 2, content_id)
                self.assertTrue(all(isinstance(s[1], str) and s[1].strip() for s in segments))
        japanese = read_json(self.folder, "wwdc2026-201-transcript-jpn.json")["wwdc2026-201"]["transcript"]
        self.assertTrue(any("\u3040" <= ch <= "\u30ff" for ch in japanese[0][1] + japanese[1][1]))

    def test_the_distinctive_phrase_is_in_one_transcript_at_a_known_time(self):
        hits = []
        for name in sorted(os.listdir(self.folder)):
            if name.startswith("transcript-"):
                continue
            doc = read_json(self.folder, name)
            for content_id, value in doc.items():
                paragraph = 1
                for seconds, text in value["transcript"]:
                    if PHRASE in text.lower():
                        hits.append((name, content_id, seconds, paragraph))
                    if text.endswith("\n\n"):
                        paragraph += 1
        self.assertEqual(hits, [("wwdc2026-303-transcript-eng.json", "wwdc2026-303", 1742, 5)])
        # Nowhere else in the fixtures, but the English digest (every transcript) and the README
        # (and the generator, which writes it).
        holders = []
        for directory, _, names in os.walk(FIXTURES):
            for name in names:
                if name == "generate.py" or name.endswith(".pyc"):
                    continue
                with open(os.path.join(directory, name), "rb") as f:
                    if b"lighthouse" in f.read().lower():
                        holders.append(os.path.relpath(os.path.join(directory, name), FIXTURES))
        self.assertEqual(sorted(holders), sorted(["README.md", os.path.join("transcripts", "transcript-digest-eng.json"),
                                                  os.path.join("transcripts", "wwdc2026-303-transcript-eng.json")]))
        chapters = {c["id"]: c for c in self.contents}["wwdc2026-303"]["media"]["chapters"]
        self.assertEqual([ch["title"] for ch in chapters if ch["start"] <= 1742 < ch["end"]], ["Custom layouts"])


class TranscriptServerTests(SharedServerTestCase):
    """A served manifest's etags are the ETags of the files it names, even after a file changes."""

    MANIFEST = "/transcripts/transcript-manifest-eng.json"

    def manifest(self, path=None, headers=None):
        status, resp, body = self.server.request("GET", path or self.MANIFEST, headers=headers)
        return status, resp.getheader("ETag"), (json.loads(body) if body else None), body

    def test_served_manifests_are_the_files_and_their_etags_are_true(self):
        for lang in ("eng", "jpn"):
            path = "/transcripts/transcript-manifest-%s.json" % lang
            status, _, manifest, body = self.manifest(path)
            self.assertEqual(status, 200)
            with open(os.path.join(self.root, path[1:]), "rb") as f:
                self.assertEqual(body, f.read())  # already true: served byte for byte
            for link in list(manifest["individual"].values()) + [manifest["digest"]]:
                status, resp, _ = self.server.request("HEAD", "/transcripts/" + link["url"])
                self.assertEqual((status, resp.getheader("ETag")), (200, link["etag"]), link["url"])

    def test_editing_a_transcript_changes_the_manifest_and_its_etag(self):
        _, old_manifest_etag, old, _ = self.manifest()
        path = os.path.join(self.root, "transcripts", "wwdc2026-201-transcript-eng.json")
        with open(path, "rb") as f:
            original = f.read()
        try:
            with open(path, "wb") as f:
                f.write(original.replace(b"Hello", b"Howdy", 1).replace(b"Hi", b"Yo", 1).replace(b"Good", b"Fine", 1))
            _, resp, _ = self.server.request("GET", "/transcripts/wwdc2026-201-transcript-eng.json")
            new_file_etag = resp.getheader("ETag")
            self.assertNotEqual(new_file_etag, old["individual"]["wwdc2026-201"]["etag"])
            status, new_manifest_etag, new, _ = self.manifest(headers={"If-None-Match": old_manifest_etag})
            self.assertEqual(status, 200)  # the old manifest ETag no longer matches
            self.assertNotEqual(new_manifest_etag, old_manifest_etag)
            self.assertEqual(new["individual"]["wwdc2026-201"]["etag"], new_file_etag)
            self.assertEqual({k: v for k, v in new["individual"].items() if k != "wwdc2026-201"},
                             {k: v for k, v in old["individual"].items() if k != "wwdc2026-201"})
            self.assertEqual(new["digest"], old["digest"])  # the digest file itself did not change
            self.assertEqual(self.manifest(headers={"If-None-Match": new_manifest_etag})[0], 304)
        finally:
            with open(path, "wb") as f:
                f.write(original)
        status, etag, _, body = self.manifest()
        self.assertEqual(etag, old_manifest_etag)

    def test_an_absent_file_leaves_its_entry_as_it_is(self):
        _, etag, before, _ = self.manifest()
        path = os.path.join(self.root, "transcripts", "wwdc2026-301-transcript-eng.json")
        os.rename(path, path + ".away")
        try:
            self.assertEqual(self.server.request("GET", "/transcripts/wwdc2026-301-transcript-eng.json")[0], 404)
            _, etag_now, now, _ = self.manifest()
            self.assertEqual(now, before)
            self.assertEqual(etag_now, etag)
        finally:
            os.rename(path + ".away", path)

    def test_manifest_304_and_the_log_counts_per_path(self):
        _, etag, _, _ = self.manifest()
        self.assertEqual(self.manifest(headers={"If-None-Match": etag})[0], 304)
        self.server.request("GET", "/transcripts/wwdc2026-201-transcript-eng.json")
        summary = self.server.json("GET", "/_control/log/summary")
        self.assertEqual(summary["requests"], 3)
        self.assertEqual(summary["paths"][self.MANIFEST]["requests"], 2)
        self.assertEqual(summary["paths"][self.MANIFEST]["ifNoneMatch"], 1)
        self.assertEqual(summary["paths"][self.MANIFEST]["statuses"], {"200": 1, "304": 1})
        only = self.server.json("GET", "/_control/log?path=/transcripts/*-transcript-eng.json")["requests"]
        self.assertEqual([(e["path"], e["status"], e["ifNoneMatch"]) for e in only],
                         [("/transcripts/wwdc2026-201-transcript-eng.json", 200, False)])
        narrowed = self.server.json("GET", "/_control/log/summary?path=/transcripts/transcript-manifest-*&method=GET")
        self.assertEqual(list(narrowed["paths"]), [self.MANIFEST])

    def test_manifest_urls_resolve_against_the_manifest_and_this_server_only(self):
        folder = os.path.join(self.root, "transcripts", "more")
        os.makedirs(folder, exist_ok=True)
        try:
            for name in ("a.json", "b.json"):
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write('{"x": {"language": "eng", "transcript": [[1, "%s"]]}}' % name)
            manifest = {"updated": "2026-06-13T01:30:00+00:00",
                        "digest": {"etag": "\"stale\"", "url": "../transcript-digest-eng.json"},
                        "individual": {
                            "a": {"etag": "\"stale\"", "url": "a.json"},
                            "b": {"etag": "\"stale\"", "url": "%s/transcripts/more/b.json" % self.server.url},
                            "c": {"etag": "\"kept\"", "url": "https://cdn.example.com/more/a.json"},
                            "d": {"etag": "\"kept\"", "url": "missing.json"},
                            "e": {"url": "/transcripts/wwdc2026-201-transcript-eng.json"}}}
            with open(os.path.join(folder, "manifest.json"), "w", encoding="utf-8") as f:
                json.dump(manifest, f)
            _, _, served, _ = self.manifest("/transcripts/more/manifest.json")

            def served_etag(path):
                return self.server.request("HEAD", path)[1].getheader("ETag")

            self.assertEqual(served["digest"]["etag"], served_etag("/transcripts/transcript-digest-eng.json"))
            self.assertEqual(served["individual"]["a"]["etag"], served_etag("/transcripts/more/a.json"))
            self.assertEqual(served["individual"]["b"]["etag"], served_etag("/transcripts/more/b.json"))
            self.assertEqual(served["individual"]["c"], manifest["individual"]["c"])  # another host
            self.assertEqual(served["individual"]["d"], manifest["individual"]["d"])  # absent
            self.assertEqual(served["individual"]["e"]["etag"],
                             served_etag("/transcripts/wwdc2026-201-transcript-eng.json"))  # added
            self.assertEqual([e["url"] for e in served["individual"].values()],
                             [e["url"] for e in manifest["individual"].values()])  # no rebasing here
        finally:
            shutil.rmtree(folder)


class TranscriptFaultTests(SharedServerTestCase):
    T = "/transcripts/%s-transcript-eng.json"

    def test_retry_after_on_an_injected_429_and_503(self):
        self.fault(path=self.T % "wwdc2026-201", kind="status", value=429, retryAfter=1, times=1)
        status, resp, body = self.server.request("GET", self.T % "wwdc2026-201")
        self.assertEqual((status, resp.getheader("Retry-After")), (429, "1"))
        self.assertIn("injected", json.loads(body)["error"])
        status, resp, _ = self.server.request("GET", self.T % "wwdc2026-201")
        self.assertEqual((status, resp.getheader("Retry-After")), (200, None))
        self.fault(**{"path": self.T % "wwdc2026-301", "kind": "status", "value": 503, "retry-after": 30})
        status, resp, _ = self.server.request("GET", self.T % "wwdc2026-301")
        self.assertEqual((status, resp.getheader("Retry-After")), (503, "30"))
        faults = self.server.json("GET", "/_control/faults")["faults"]
        self.assertEqual([f["retryAfter"] for f in faults], [30])
        self.fault(path=self.T % "wwdc2026-301", kind="status", value=503)  # replaces it: no header
        self.assertIsNone(self.server.request("GET", self.T % "wwdc2026-301")[1].getheader("Retry-After"))
        for spec in ({"path": "/x", "kind": "drop", "retryAfter": 1},
                     {"path": "/x", "kind": "status", "value": 429, "retryAfter": -1},
                     {"path": "/x", "kind": "status", "value": 429, "retryAfter": "soon"}):
            self.assertEqual(self.server.request("POST", "/_control/faults", spec)[0], 400, spec)

    def test_500_on_three_transcripts_every_time_and_429_once_on_another(self):
        failing = ["wwdc2026-201", "wwdc2026-301", "wwdc2026-303"]
        self.server.json("POST", "/_control/faults", {"faults": [
            {"path": self.T % i, "kind": "status", "value": 500} for i in failing] + [
            {"path": self.T % "wwdc2026-206", "kind": "status", "value": 429, "retryAfter": 1, "times": 1}]},
            expect=201)
        for _ in range(3):
            for content_id in failing:
                self.assertEqual(self.server.request("GET", self.T % content_id)[0], 500)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-206")[0], 429)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-206")[0], 200)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-102")[0], 200)
        summary = self.server.json("GET", "/_control/log/summary")["paths"]
        for content_id in failing:
            self.assertEqual(summary[self.T % content_id]["statuses"], {"500": 3})
        self.assertEqual(summary[self.T % "wwdc2026-206"]["statuses"], {"429": 1, "200": 1})

    def test_glob_faults_match_several_paths_and_times_counts_per_fault(self):
        self.fault(path="/transcripts/*-eng.json", kind="status", value=500)
        for path in (self.T % "wwdc2026-201", self.T % "tech-talks-3101",
                     "/transcripts/transcript-manifest-eng.json", "/transcripts/transcript-digest-eng.json"):
            self.assertEqual(self.server.request("GET", path)[0], 500, path)  # manifest and digest too
        self.assertEqual(self.server.request("GET", "/transcripts/wwdc2026-201-transcript-jpn.json")[0], 200)
        self.server.request("DELETE", "/_control/faults")
        # Only the individual files, and times counted for the fault as a whole, not per path.
        self.fault(path="/transcripts/wwdc*-transcript-eng.json", kind="status", value=503, times=2)
        self.assertEqual(self.server.request("GET", "/transcripts/transcript-manifest-eng.json")[0], 200)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-201")[0], 503)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-301")[0], 503)
        self.assertEqual(self.server.request("GET", self.T % "wwdc2026-303")[0], 200)
        self.assertEqual(self.server.json("GET", "/_control/faults")["faults"], [])

    def test_command_line_retry_after(self):
        server = Server("--quiet", "--fault", "/transcripts/*-eng.json=status:429,retry-after=1,times=1")
        try:
            status, resp, _ = server.request("GET", self.T % "wwdc2026-201")
            self.assertEqual((status, resp.getheader("Retry-After")), (429, "1"))
            self.assertEqual(server.request("GET", self.T % "wwdc2026-201")[0], 200)
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()
        for spec in ("/x=status:429,retry-after=x", "/x=drop,retry-after=1"):
            proc = subprocess.run([sys.executable, SERVER, "--fault", spec], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=10)
            self.assertEqual(proc.returncode, 2, spec)


class TranscriptRebaseTests(unittest.TestCase):
    """--rebase-config points a manifest's absolute URLs here, as it does a config's feeds."""

    def setUp(self):
        self.root = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, relative, obj):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(obj if isinstance(obj, str) else json.dumps(obj))

    def test_absolute_manifest_urls_point_here_present_or_not(self):
        self.write("sub/a-transcript-eng.json", '{"a": {"language": "eng", "transcript": [[1, "A"]]}}')
        manifest = {"updated": "2026-06-13T01:30:00+00:00",
                    "digest": {"etag": "\"d\"", "url": "https://cdn.example.com/t/digests/transcript-digest-eng.json"},
                    "individual": {
                        "a": {"etag": "\"a\"", "url": "https://cdn.example.com/t/a-transcript-eng.json?v=2"},
                        "b": {"etag": "\"b\"", "url": "http://localhost:9042/b-transcript-eng.json"},
                        "c": {"etag": "\"c\"", "url": "c-transcript-eng.json"}}}
        self.write("sub/transcript-manifest-eng.json", manifest)
        server = Server("--rebase-config", "--quiet", root=self.root)
        try:
            served = server.json("GET", "/sub/transcript-manifest-eng.json")
            here = server.url + "/sub/"
            self.assertEqual(served["digest"], {"etag": "\"d\"", "url": here + "transcript-digest-eng.json"})
            etag = server.request("HEAD", "/sub/a-transcript-eng.json")[1].getheader("ETag")
            self.assertEqual(served["individual"]["a"], {"etag": etag, "url": here + "a-transcript-eng.json"})
            self.assertEqual(served["individual"]["b"], {"etag": "\"b\"", "url": here + "b-transcript-eng.json"})
            self.assertEqual(served["individual"]["c"], manifest["individual"]["c"])  # relative: kept
            self.assertEqual(server.request("GET", "/sub/b-transcript-eng.json")[0], 404)  # from here
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()
        server = Server("--quiet", root=self.root)  # without --rebase-config: URLs as they are
        try:
            served = server.json("GET", "/sub/transcript-manifest-eng.json")
            self.assertEqual([v["url"] for v in served["individual"].values()],
                             [v["url"] for v in manifest["individual"].values()])
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()

    @unittest.skipUnless(os.path.isdir(APPLE_2020B) and os.path.isdir(APPLE_TRANSCRIPTS),
                         "Apple's feeds not found at " + APPLE_2020B)
    def test_apples_config_and_manifest_never_point_at_the_internet(self):
        shutil.copy(os.path.join(APPLE_2020B, "config.json"), self.root)
        for name in os.listdir(APPLE_TRANSCRIPTS):
            shutil.copy(os.path.join(APPLE_TRANSCRIPTS, name), self.root)
        server = Server("--rebase-config", "--quiet", root=self.root)
        try:
            config = server.json("GET", "/config.json")
            url = config["feeds"]["en"]["transcripts"]["url"]
            self.assertEqual(url, server.url + "/transcript-manifest-eng.json")
            manifest = server.json("GET", url[len(server.url):])
            links = list(manifest["individual"].values()) + [manifest["digest"]]
            self.assertTrue(all(link["url"].startswith(server.url + "/") for link in links), links)
            for content_id, link in manifest["individual"].items():
                status, resp, body = server.request("GET", link["url"][len(server.url):])
                self.assertEqual(status, 200)
                self.assertEqual(link["etag"], resp.getheader("ETag"))
                self.assertIn(content_id, json.loads(body))
            self.assertEqual(server.request("GET", manifest["digest"]["url"][len(server.url):])[0], 404)
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()


class TranscriptCorpusTests(unittest.TestCase):
    """Tests/Server/transcript_corpus.py: a complete feed folder of any size, deterministic."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def corpus(self, name, *args):
        out, text = os.path.join(self.tmp, name), os.path.join(self.tmp, name + "-text")
        proc = subprocess.run([sys.executable, CORPUS, "--out", out, "--text-dir", text] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        self.assertEqual(proc.returncode, 0, proc.stderr.decode())
        lines = proc.stdout.decode().splitlines()
        self.assertEqual(len(lines), 1)
        return out, text, json.loads(lines[0])

    def test_output_is_a_valid_feed_folder_with_the_requested_counts_and_sizes(self):
        out, text_dir, info = self.corpus("a", "--sessions", "40", "--transcript-bytes", "8000", "--seed", "5",
                                          "--rare-sessions", "3", "--common-fraction", "0.75")
        self.assertEqual((info["sessions"], info["transcripts"], info["language"]), (40, 40, "eng"))
        config = read_json(out, "config.json")
        self.assertEqual(config["feeds"], {"en": {"contents": {"url": "contents.json"},
                                                  "transcripts": {"url": "transcripts/transcript-manifest-eng.json"}}})
        contents = read_json(out, "contents.json")
        self.assertEqual(len(contents["events"]), 1)
        items = contents["contents"]
        self.assertEqual(len(items), 40)
        topics = {t["id"] for t in contents["topics"]}
        for item in items:
            for key in ("id", "staticContentId", "eventContentId", "eventId", "webPermalink", "description",
                        "title", "type", "topicIds", "media", "originalPublishingDate", "platforms"):
                self.assertIn(key, item)
            self.assertEqual((item["type"], item["eventId"]), ("Video", contents["events"][0]["id"]))
            self.assertTrue({"hls", "downloadHD", "downloadSD", "duration"} <= set(item["media"]))
            self.assertTrue(set(item["topicIds"]) <= topics)
        manifest = read_json(out, info["manifest"])
        self.assertEqual(sorted(manifest["individual"]), sorted(i["id"] for i in items))
        folder = os.path.dirname(os.path.join(out, info["manifest"]))
        with open(os.path.join(folder, manifest["digest"]["url"]), "rb") as f:
            raw = f.read()
        self.assertEqual((manifest["digest"]["etag"], len(raw)), (etag_of(raw), info["digestBytes"]))
        digest = json.loads(raw)
        durations = {i["id"]: i["media"]["duration"] for i in items}
        texts, total_segments, total_bytes = {}, 0, 0
        for content_id, link in manifest["individual"].items():
            with open(os.path.join(folder, link["url"]), "rb") as f:
                raw = f.read()
            self.assertEqual(link["etag"], etag_of(raw))
            doc = json.loads(raw)
            self.assertEqual(doc, {content_id: digest[content_id]})
            segments = doc[content_id]["transcript"]
            seconds = [s[0] for s in segments]
            self.assertTrue(all(a < b for a, b in zip(seconds, seconds[1:])))
            self.assertLess(seconds[-1], durations[content_id])
            self.assertTrue(any(s[1].endswith("\n\n") for s in segments))
            text = "".join(s[1] for s in segments)
            with open(os.path.join(text_dir, content_id + ".txt"), encoding="utf-8") as f:
                self.assertEqual(f.read(), text)
            self.assertTrue(6000 <= len(text.encode("utf-8")) <= 10000, len(text))
            texts[content_id] = (segments, text)
            total_segments += len(segments)
            total_bytes += len(text.encode("utf-8"))
        self.assertEqual((info["segments"], info["textBytes"]), (total_segments, total_bytes))
        with_rare = sorted(i for i, (_, t) in texts.items() if re.search(r"\b%s\b" % info["rareWord"], t))
        self.assertEqual(with_rare, info["rareSessions"])
        self.assertEqual(len(with_rare), 3)
        self.assertEqual(sum(1 for _, t in texts.values() if info["commonWord"] in t), info["commonSessions"])
        self.assertEqual(info["commonSessions"], 30)
        hits = [(i, n, s[0]) for i, (segs, _) in texts.items() for n, s in enumerate(segs) if info["phrase"] in s[1]]
        self.assertEqual(hits, [(info["phraseSession"], info["phraseSegment"], info["phraseSeconds"])])
        self.assertEqual(sum(t.count(info["phrase"].split()[1]) for _, t in texts.values()), 1)

    def test_same_seed_same_bytes_other_seed_other_text(self):
        _, _, one = self.corpus("one", "--sessions", "12", "--transcript-bytes", "3000", "--seed", "9")
        _, _, two = self.corpus("two", "--sessions", "12", "--transcript-bytes", "3000", "--seed", "9")
        _, _, three = self.corpus("three", "--sessions", "12", "--transcript-bytes", "3000", "--seed", "10")

        def tree(name):
            files = {}
            for directory, _, names in os.walk(os.path.join(self.tmp, name)):
                for n in names:
                    with open(os.path.join(directory, n), "rb") as f:
                        files[os.path.relpath(os.path.join(directory, n), os.path.join(self.tmp, name))] = f.read()
            return files

        self.assertEqual(tree("one"), tree("two"))
        self.assertEqual(tree("one-text"), tree("two-text"))
        self.assertEqual({k: v for k, v in one.items() if k not in ("out", "textDir")},
                         {k: v for k, v in two.items() if k not in ("out", "textDir")})
        self.assertNotEqual(tree("one")["transcripts/transcript-digest-eng.json"],
                            tree("three")["transcripts/transcript-digest-eng.json"])
        # A second, smaller run in the same folder leaves nothing of the first behind.
        out, text_dir, info = self.corpus("one", "--sessions", "5", "--transcript-bytes", "3000", "--seed", "9")
        self.assertEqual(len(os.listdir(os.path.join(out, "transcripts"))), 5 + 2)
        self.assertEqual(len(os.listdir(text_dir)), 5)

    def test_served_by_the_reference_server(self):
        out, _, info = self.corpus("served", "--sessions", "30", "--transcript-bytes", "2000", "--seed", "2")
        server = Server("--quiet", root=out)
        try:
            config = server.json("GET", "/config.json")
            path = "/" + config["feeds"]["en"]["transcripts"]["url"]
            status, resp, body = server.request("GET", path)
            self.assertEqual(status, 200)
            with open(os.path.join(out, info["manifest"]), "rb") as f:
                self.assertEqual(body, f.read())  # its etags are already the served ones
            manifest = json.loads(body)
            for link in list(manifest["individual"].values())[:5] + [manifest["digest"]]:
                served = server.request("HEAD", "/transcripts/" + link["url"])[1].getheader("ETag")
                self.assertEqual(served, link["etag"])
            self.assertEqual(server.request("GET", path, headers={"If-None-Match": resp.getheader("ETag")})[0], 304)
        finally:
            self.assertEqual(server.stop(), 0)
            server.kill()


if __name__ == "__main__":
    unittest.main()
