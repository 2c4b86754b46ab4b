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

PASSWORDS = {"ada": "lovelace-1843", "bob": "builder-bob-42", "cy": "cy-has-no-cloud"}


class Server:
    """A server subprocess. Readiness is the first stdout line, never a sleep."""

    def __init__(self, *args, root=FIXTURES):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, SERVER, "--root", root] + list(args),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=self.stderr)
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

    def request(self, method, path, body=None, headers=None, token=None, timeout=5):
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
                     "articles.json", "articles_jpn.json"):
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
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=5)
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

    def test_truncate_fault_sends_half_of_promised_length(self):
        self.fault(path="/contents.json", kind="truncate")
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=5)
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
                          "articles": "articles.json"})
        self.assertEqual({k: v["url"] for k, v in feeds["jpn"].items()},
                         {"contents": "contents_jpn.json", "liveVideos": "videos_live.json", "news": "news.json",
                          "articles": "articles_jpn.json"})
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


if __name__ == "__main__":
    unittest.main()
