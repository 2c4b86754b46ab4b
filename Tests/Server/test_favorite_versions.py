"""Versioned favorite writes (Change-Writer, Change-Version) and waiting for held requests to be
answered, over real loopback HTTP.

    python3 -m unittest Tests/Server/test_favorite_versions.py -v
"""

import json
import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_server import SharedServerTestCase, login  # noqa: E402

FAVORITE = "/account/favorites/wwdc2026-101"


class FavoriteVersionTests(SharedServerTestCase):
    def setUp(self):
        super().setUp()
        self.token = login(self.server, "ada")

    def write(self, method, writer=None, version=None, path=FAVORITE, headers=None):
        headers = dict(headers or {})
        if writer is not None:
            headers["Change-Writer"] = writer
        if version is not None:
            headers["Change-Version"] = str(version)
        headers["Authorization"] = "Bearer " + self.token
        status, _, data = self.server.request(method, path, headers=headers)
        return status, data

    def favorites(self):
        users = self.server.json("GET", "/_control/state?username=ada")["users"]
        return [f["sessionId"] for f in users["ada"]["favorites"]]

    def test_a_writers_earlier_change_arriving_later_is_refused(self):
        self.assertEqual(self.write("PUT", "store-a", 2)[0], 204)
        status, data = self.write("DELETE", "store-a", 1)
        self.assertEqual(status, 409, data)
        body = json.loads(data)
        self.assertEqual(body["version"], 2)
        self.assertIn("later change", body["error"])
        self.assertEqual(self.favorites(), ["wwdc2026-101"])
        # A later one applies.
        self.assertEqual(self.write("DELETE", "store-a", 3)[0], 204)
        self.assertEqual(self.favorites(), [])
        self.assertEqual(self.write("PUT", "store-a", 2)[0], 409)
        self.assertEqual(self.favorites(), [])

    def test_the_same_version_again_is_a_retry_and_applies(self):
        self.assertEqual(self.write("PUT", "store-a", 5)[0], 204)
        self.assertEqual(self.write("PUT", "store-a", 5)[0], 204)
        self.assertEqual(self.favorites(), ["wwdc2026-101"])

    def test_writers_and_favorites_are_ordered_apart(self):
        self.assertEqual(self.write("PUT", "store-a", 9)[0], 204)
        # Another writer's lower version is not behind store-a's: it applies.
        self.assertEqual(self.write("DELETE", "store-b", 1)[0], 204)
        self.assertEqual(self.favorites(), [])
        # Another favorite of the same writer has its own versions.
        self.assertEqual(self.write("PUT", "store-a", 1, path="/account/favorites/wwdc2026-102")[0], 204)
        self.assertEqual(self.favorites(), ["wwdc2026-102"])

    def test_unversioned_writes_always_apply(self):
        self.assertEqual(self.write("PUT", "store-a", 7)[0], 204)
        self.assertEqual(self.write("DELETE")[0], 204)
        self.assertEqual(self.favorites(), [])
        self.assertEqual(self.write("PUT")[0], 204)
        self.assertEqual(self.favorites(), ["wwdc2026-101"])

    def test_bad_change_headers_are_400_and_change_nothing(self):
        for writer, version in (("store-a", None), (None, "3"), ("store-a", "x"), ("store-a", "0"), ("store-a", "-2"),
                                ("store a", "3"), ("", "3"), ("w" * 65, "3"), ("store-a", str(2 ** 63))):
            with self.subTest(writer=writer, version=version):
                status, data = self.write("PUT", writer, version)
                self.assertEqual(status, 400, data)
        self.assertEqual(self.favorites(), [])

    def test_a_held_stale_put_released_after_the_later_delete_is_refused(self):
        hold = self.hold(path="/account/favorites/*", method="PUT")
        result = {}

        def put():
            result["status"], result["data"] = self.write("PUT", "store-a", 1)

        thread = threading.Thread(target=put, daemon=True)
        thread.start()
        self.wait_held(hold)
        # Not answered yet: waiting for it times out.
        status, _, _ = self.server.request("GET", "/_control/holds/%d/wait?done=1&timeout=0.2" % hold)
        self.assertEqual(status, 408)
        self.assertEqual(self.write("DELETE", "store-a", 2)[0], 204)
        self.server.json("POST", "/_control/holds/%d/release" % hold)
        answered = self.server.json("GET", "/_control/holds/%d/wait?done=1&timeout=10" % hold)
        self.assertEqual(answered, {"held": 1, "released": True, "done": 1})
        thread.join(10)
        self.assertEqual(result["status"], 409, result)
        self.assertEqual(self.favorites(), [])
        writes = [(e["method"], e["status"]) for e in self.log() if e["path"] == FAVORITE]
        self.assertEqual(writes, [("DELETE", 204), ("PUT", 409)])

    def test_done_counts_must_be_sane(self):
        hold = self.hold(path="/news.json")
        status, _, _ = self.server.request("GET", "/_control/holds/%d/wait?done=-1" % hold)
        self.assertEqual(status, 400)
        # Nothing held, nothing to answer: done=0 is reached at once.
        self.assertEqual(self.server.json("GET", "/_control/holds/%d/wait?done=0" % hold)["done"], 0)

if __name__ == "__main__":
    unittest.main()
