#!/usr/bin/env python3
"""Reference conference server for tests and demos (Python 3.8+, standard library only).

Serves a feed folder with strong ETags and If-None-Match -> 304, the account API of
`accounts.py` under /account/, fault injection per path, held requests (parked until a test
releases them, so races are deterministic), and control endpoints under /_control/.
Binds 127.0.0.1 on an ephemeral port by default and prints exactly one first line on stdout:

    listening on http://127.0.0.1:PORT

and then, unless --quiet, "[server] ready: wwdc sync --source URL" on stderr, for a person.

Examples:
    python3 Tests/Server/conference_server.py --root Fixtures
    python3 Tests/Server/conference_server.py --root ../shared/apple-feeds/2017 --rebase-config
    python3 Tests/Server/conference_server.py --root Fixtures --fault /news.json=status:500,times=1

With --rebase-config, a served config.json has every absolute feed URL (feeds.<language>.<name>.url)
pointed at this server by its last path component, whether or not that file is in the folder (an
absent feed answers 404 from here), and an absolute accountService URL pointed at this server's
account API, so that a client syncing Apple's real configs through it never reaches the internet
for them; a served transcript manifest has its absolute URLs pointed here the same way.

A transcript manifest (recognised by content: {"individual": {"<id>": {"url", "etag"}}, "digest"})
is always served with each etag set to the ETag this server sends for the file the URL names, when
that file is here, so editing a transcript changes the manifest and its own ETag.

Paths under /videos/ ending in .mp4, .m4v or .mov that are not real files are generated videos
(`media.py`: ranges, faults inside the body, counters), and a video's HLS stream, its subtitle
renditions and whole-file subtitles are answered in the shape of Apple's (`hls.py`: playlists,
WebVTT segments made from the transcripts, media segments made by ffmpeg, hostile variants); with
--rebase-media, a served contents document has its media URLs pointed here.

With --rebase-images, a served contents document has its events' imagesPath pointed here, and the
picture URLs docs/feed-format.md gives are answered with generated pictures (`pictures.py`).
See docs/api.md for the endpoints.
"""

import argparse
import collections
import fnmatch
import hashlib
import json
import os
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, quote, unquote, urljoin, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import accounts  # noqa: E402
import codings  # noqa: E402
import hls  # noqa: E402
import media  # noqa: E402
import pictures  # noqa: E402
from routing import JSON_TYPE, HTTPError, Request, Response, Router  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_BODY = 1 << 20
FAULT_KINDS = ("status", "delay", "truncate", "malformed", "drop", "drip")
MALFORMED_BODY = b'{"error": "deliberately malformed by the reference server", "items": [1, 2, '
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
# A file changed this recently may change again within the file system's timestamp granularity
# without its size changing: it is read again instead of trusting the cache.
FRESH_NS = 2 * 10**9
CONTENT_TYPES = {".json": JSON_TYPE, ".md": "text/markdown; charset=utf-8",
                 ".txt": "text/plain; charset=utf-8", ".pem": "application/x-pem-file"}


# ------------------------------------------------------------------------------------------------
# Faults
# ------------------------------------------------------------------------------------------------

class Fault:
    """One injected fault. `times` counts the requests this fault takes, whatever their paths: a
    glob fault with times=3 fails 3 requests in all, not 3 per path."""

    def __init__(self, path, kind, value=None, times=None, method=None, retry_after=None):
        self.path, self.kind, self.value, self.times = path, kind, value, times
        self.method = method.upper() if method else None
        self.retry_after = retry_after

    @classmethod
    def from_json(cls, obj):
        if not isinstance(obj, dict):
            raise ValueError("a fault is a JSON object")
        path, kind = obj.get("path"), obj.get("kind")
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("fault path must be a string starting with /")
        if path.startswith("/_control/"):
            raise ValueError("control endpoints cannot be faulted")
        if kind not in FAULT_KINDS:
            raise ValueError("fault kind must be one of " + ", ".join(FAULT_KINDS))
        value = obj.get("value")
        if kind == "status":
            if isinstance(value, bool) or not isinstance(value, int) or not 200 <= value <= 599:
                raise ValueError("status fault needs an integer value between 200 and 599")
        elif kind == "delay":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 3600:
                raise ValueError("delay fault needs a number of seconds between 0 and 3600")
        elif kind == "drip":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 3600:
                raise ValueError("drip fault needs a number of seconds between bytes, more than 0 and at most 3600")
        else:
            value = None
        times = obj.get("times")
        if times is not None and (isinstance(times, bool) or not isinstance(times, int) or times < 1):
            raise ValueError("times must be a positive integer")
        method = obj.get("method")
        if method is not None and not isinstance(method, str):
            raise ValueError("method must be a string")
        retry_after = obj.get("retryAfter", obj.get("retry-after"))
        if retry_after is not None:
            if kind != "status":
                raise ValueError("retryAfter needs a status fault")
            if isinstance(retry_after, bool) or not isinstance(retry_after, int) or not 0 <= retry_after <= 86400:
                raise ValueError("retryAfter must be a whole number of seconds between 0 and 86400")
        return cls(path, kind, value, times, method, retry_after)

    @classmethod
    def from_spec(cls, spec):
        """PATH=KIND[:VALUE][,times=N][,method=M][,retry-after=N], e.g. /contents.json=status:500,times=1
        or /transcripts/*-eng.json=status:429,retry-after=1,times=1"""
        path, sep, rest = spec.partition("=")
        if not sep:
            raise ValueError("expected PATH=KIND[:VALUE][,times=N][,method=M][,retry-after=N]: %r" % spec)
        parts = rest.split(",")
        kind, _, raw = parts[0].partition(":")
        obj = {"path": path, "kind": kind}
        if raw:
            try:
                obj["value"] = int(raw) if kind == "status" else float(raw)
            except ValueError:
                raise ValueError("bad fault value %r in %r" % (raw, spec))
        for option in parts[1:]:
            key, _, val = option.partition("=")
            if key == "times":
                try:
                    obj["times"] = int(val)
                except ValueError:
                    raise ValueError("bad times %r in %r" % (val, spec))
            elif key == "method":
                obj["method"] = val
            elif key == "retry-after":
                try:
                    obj["retryAfter"] = int(val)
                except ValueError:
                    raise ValueError("bad retry-after %r in %r" % (val, spec))
            else:
                raise ValueError("unknown fault option %r in %r" % (key, spec))
        return cls.from_json(obj)

    def matches(self, method, path):
        return (self.method is None or self.method == method) and fnmatch.fnmatchcase(path, self.path)

    def to_json(self):
        return {"path": self.path, "kind": self.kind, "value": self.value, "times": self.times,
                "method": self.method, "retryAfter": self.retry_after}


class FaultTable:
    """Faults in the order they were added; a new fault for the same path and method replaces the
    old one. Each request consumes at most one fault: the first that matches."""

    def __init__(self):
        self._lock = threading.Lock()
        self._faults = []

    def add(self, fault):
        with self._lock:
            self._faults = [f for f in self._faults
                            if (f.path, f.method) != (fault.path, fault.method)]
            self._faults.append(fault)

    def clear(self, path=None):
        with self._lock:
            self._faults = [f for f in self._faults if path is not None and f.path != path]

    def take(self, method, path):
        with self._lock:
            for f in self._faults:
                if f.matches(method, path):
                    if f.times is not None:
                        f.times -= 1
                        if f.times == 0:
                            self._faults.remove(f)
                    return f
        return None

    def list(self):
        with self._lock:
            return [f.to_json() for f in self._faults]


# ------------------------------------------------------------------------------------------------
# Holds
# ------------------------------------------------------------------------------------------------

class Ticket:
    """One held request: its handling thread waits on `gate`. Released tickets run one at a time,
    in arrival order: each opens the next one's gate when it is done."""

    def __init__(self, seq, hold_id):
        self.seq, self.hold_id = seq, hold_id
        self.gate = threading.Event()
        self.successor = None


class Hold:
    STAGES = ("request", "response")

    def __init__(self, hold_id, path, method=None, times=1, stage="request"):
        self.id, self.path, self.times, self.stage = hold_id, path, times, stage
        self.method = method.upper() if method else None
        self.held = 0           # requests held so far, released or not
        self.done = 0           # held requests answered (or cut off) since
        self.waiting = []       # tickets not yet released, in arrival order
        self.released = False

    @staticmethod
    def validate(obj):
        if not isinstance(obj, dict):
            raise ValueError("a hold is a JSON object")
        path = obj.get("path")
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("hold path must be a string starting with /")
        if path.startswith("/_control/"):
            raise ValueError("control endpoints cannot be held")
        times = obj.get("times", 1)
        if times is None:
            times = 1
        if isinstance(times, bool) or not isinstance(times, int) or times < 1:
            raise ValueError("times must be a positive integer")
        method = obj.get("method")
        if method is not None and not isinstance(method, str):
            raise ValueError("method must be a string")
        stage = obj.get("stage", "request")
        if stage not in Hold.STAGES:
            raise ValueError("stage must be \"request\" or \"response\"")
        return path, method, times, stage

    def matches(self, method, path, stage):
        return (not self.released and self.held < self.times and self.stage == stage
                and (self.method is None or self.method == method)
                and fnmatch.fnmatchcase(path, self.path))

    def to_json(self):
        return {"id": self.id, "path": self.path, "method": self.method, "times": self.times,
                "stage": self.stage, "held": self.held, "waiting": len(self.waiting), "released": self.released}


class HoldTable:
    """Requests parked before they are processed, until a test releases them. The table's lock is
    only taken for bookkeeping; a held request waits on its own ticket, so holding blocks nothing
    but that request's thread."""

    def __init__(self):
        self._cond = threading.Condition()
        self._holds = {}          # id -> Hold, in the order they were added
        self._unfinished = set()  # tickets taken and not yet done, released or not
        self._next_id = 0
        self._seq = 0
        self._closed = False

    def add(self, path, method=None, times=1, stage="request"):
        with self._cond:
            self._next_id += 1
            hold = Hold(self._next_id, path, method, times, stage)
            self._holds[hold.id] = hold
            return hold.id

    def take(self, method, path, stage="request"):
        """A ticket to wait on when the first active matching hold of `stage` takes this request,
        else None."""
        with self._cond:
            if self._closed:
                return None
            for hold in self._holds.values():
                if hold.matches(method, path, stage):
                    self._seq += 1
                    ticket = Ticket(self._seq, hold.id)
                    hold.held += 1
                    hold.waiting.append(ticket)
                    self._unfinished.add(ticket)
                    self._cond.notify_all()
                    return ticket
        return None

    def wait(self, hold_id, count, timeout, stopping, done=None):
        """Waits until the hold has held `count` requests or is released; with `done`, until that
        many of its requests have been answered (or cut off) instead. Returns the hold's {"held",
        "released"} (and "done" when asked), None when there is no such hold, False on timeout."""
        with self._cond:
            hold = self._holds.get(hold_id)
            if hold is None:
                return None
            if done is None:
                reached = lambda: hold.held >= count or hold.released or stopping.is_set()  # noqa: E731
            else:
                reached = lambda: hold.done >= done or stopping.is_set()  # noqa: E731
            if not self._cond.wait_for(reached, timeout):
                return False
            result = {"held": hold.held, "released": hold.released}
            if done is not None:
                result["done"] = hold.done
            return result

    def release(self, hold_id):
        """Releases a hold's waiting requests, in arrival order; returns how many, None if unknown."""
        with self._cond:
            hold = self._holds.get(hold_id)
            if hold is None:
                return None
            tickets = self._release(hold)
            self._cond.notify_all()
        self._start(tickets)
        return len(tickets)

    def clear(self):
        """Releases every waiting request (all holds together, in arrival order), forgets all holds."""
        with self._cond:
            tickets = []
            for hold in self._holds.values():
                tickets += self._release(hold)
            self._holds.clear()
            self._cond.notify_all()
        self._start(sorted(tickets, key=lambda t: t.seq))
        return len(tickets)

    def finish(self, ticket):
        """A held request is done (answered, dropped or cut off): the next released one may run."""
        with self._cond:
            self._unfinished.discard(ticket)
            hold = self._holds.get(ticket.hold_id)
            if hold is not None:
                hold.done += 1
            self._cond.notify_all()
        if ticket.successor is not None:
            ticket.successor.gate.set()

    def close(self):
        """At shutdown: no more holding, and every held request, waiting or queued behind another
        released one, is woken at once (to be cut off)."""
        with self._cond:
            self._closed = True
            for hold in self._holds.values():
                self._release(hold)
            tickets = list(self._unfinished)
            self._cond.notify_all()
        for ticket in tickets:
            ticket.gate.set()

    def list(self):
        with self._cond:
            return [h.to_json() for h in self._holds.values()]

    @staticmethod
    def _release(hold):
        hold.released = True
        tickets, hold.waiting = hold.waiting, []
        return tickets

    @staticmethod
    def _start(tickets):
        for ticket, successor in zip(tickets, tickets[1:]):
            ticket.successor = successor
        if tickets:
            tickets[0].gate.set()


# ------------------------------------------------------------------------------------------------
# Request log
# ------------------------------------------------------------------------------------------------

class RequestLog:
    """What clients asked for and what they got: never bodies, never headers' values."""

    def __init__(self, limit=100000):
        self._lock = threading.Lock()
        self._entries = collections.deque(maxlen=limit)
        self._seq = 0

    def record(self, **entry):
        with self._lock:
            self._seq += 1
            entry = dict(seq=self._seq, **entry)
            self._entries.append(entry)
            return entry

    def update(self, entry, **changes):
        with self._lock:
            entry.update(changes)

    def entries(self):
        with self._lock:
            return list(self._entries)

    def clear(self):
        with self._lock:
            self._entries.clear()


# ------------------------------------------------------------------------------------------------
# Feed files
# ------------------------------------------------------------------------------------------------

def make_etag(body):
    return '"%s"' % hashlib.sha256(body).hexdigest()[:32]


def etag_matches(header, etag):
    """If-None-Match uses the weak comparison (RFC 9110 13.1.2)."""
    if header is None:
        return False
    if header.strip() == "*":
        return True
    bare = etag[2:] if etag.startswith("W/") else etag
    for candidate in header.split(","):
        candidate = candidate.strip()
        if candidate.startswith("W/"):
            candidate = candidate[2:]
        if candidate == bare:
            return True
    return False


class FeedFolder:
    """Files under root, read on demand (so tests may change them between requests), with the
    body and ETag cached by (inode, size, mtime)."""

    def __init__(self, root, rebase_config=False, rebase_media=False, rebase_images=False):
        self.root = os.path.realpath(root)
        self.rebase_config = rebase_config
        self.rebase_media = rebase_media
        self.rebase_images = rebase_images
        self._images = {}  # full path -> (ETag served before, base URL, (body, ETag) or None)
        self._contents = media.ContentsRebaser(make_etag) if rebase_media else None
        self._lock = threading.Lock()
        self._cache = {}
        self._manifests = {}  # full path -> (ETag of the file, parsed manifest or None)
        self._resolved = {}   # (manifest URL, url, base URL) -> path under root or None

    def locate(self, url_path):
        full = self.candidate(url_path)
        if full is None or not os.path.isfile(full):
            return None
        return full

    def candidate(self, url_path):
        """The path under root that a URL path names (present or not), or None when it may not be
        served: '..', hidden names, or outside root."""
        segments = [s for s in url_path.split("/") if s]
        if not segments or any(s in (".", "..") or s.startswith(".") or "\0" in s or "\\" in s
                               for s in segments):
            return None
        full = os.path.realpath(os.path.join(self.root, *segments))
        if not full.startswith(self.root + os.sep):
            return None
        return full

    def read(self, full):
        st = os.stat(full)
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        settled = time.time_ns() - st.st_mtime_ns > FRESH_NS
        with self._lock:
            hit = self._cache.get(full)
            if hit and hit[0] == key and settled:
                return hit[1], hit[2]
        with open(full, "rb") as f:
            body = f.read()
        etag = make_etag(body)
        with self._lock:
            self._cache[full] = (key, body, etag)
        return body, etag

    def content_ids(self):
        """Ids of the items in root/contents.json (for seeding), sorted; [] when unavailable."""
        full = self.locate("/contents.json")
        if not full:
            return []
        try:
            body, _ = self.read(full)
            doc = json.loads(body.decode("utf-8"))
            return sorted({c["id"] for c in doc.get("contents", []) if isinstance(c.get("id"), str)})
        except (OSError, ValueError, AttributeError, TypeError, KeyError):
            return []

    def rebased(self, full, body, base_url):
        """The config with its absolute URLs pointing here, so that a client syncing it through this
        server never reaches another host for what it reads:

        - every absolute http(s) `url` of a feed (`feeds.<language>.<name>.url`) becomes
          `<base_url>/<prefix><last path component>`, whether or not that file exists (an absent
          one then answers 404 from this server, never from the internet);
        - an absolute `accountService.url` that is not already on a loopback host becomes this
          server's account API, `<base_url>/account`;
        - any other absolute `url` (`services`, ...: not read by the client) points here only when
          a file with its last path component exists beside the config, and is kept otherwise.

        Relative URLs are left alone. A config that is not JSON is served as it is."""
        try:
            doc = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return body  # serve broken configs as they are
        directory = os.path.dirname(full)
        prefix = self.prefix(full)
        absolute = absolute_url

        def here(parts, fallback):
            return rebased_url(parts, base_url, prefix, fallback)

        if not isinstance(doc, dict):
            return body
        feeds = doc.get("feeds")
        if isinstance(feeds, dict):
            for language in feeds.values():
                if not isinstance(language, dict):
                    continue
                for feed_name, link in language.items():
                    if isinstance(link, dict):
                        parts = absolute(link.get("url"))
                        if parts:
                            link["url"] = here(parts, "%s.json" % feed_name)
        account = doc.get("accountService")
        if isinstance(account, dict):
            parts = absolute(account.get("url"))
            if parts and (parts.hostname or "").lower() not in ("127.0.0.1", "localhost", "::1"):
                account["url"] = base_url + "/account"

        def walk(node, skip=()):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in skip:
                        continue
                    if key == "url" and absolute(value):
                        name = urlsplit(value).path.rsplit("/", 1)[-1]
                        if name and not name.startswith(".") and os.path.isfile(os.path.join(directory, name)):
                            node[key] = "%s/%s%s" % (base_url, prefix, name)
                    else:
                        walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)

        walk(doc, skip=("feeds", "accountService"))
        return (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


    def prefix(self, full):
        """The folder of `full` under root, as a URL path prefix: "" or "sub/dir/"."""
        prefix = os.path.relpath(os.path.dirname(full), self.root).replace(os.sep, "/")
        return "" if prefix == "." else prefix + "/"

    def render(self, full, base_url, depth=0):
        """(body, ETag) of a file as this server serves it: a config.json rebased (with
        --rebase-config), a transcript manifest with its etags kept true (and, with
        --rebase-config, its absolute URLs pointed here), a contents document with its media URLs
        pointed here (with --rebase-media), any other file as it is on disk."""
        body, etag = self.read(full)
        if self.rebase_config and os.path.basename(full) == "config.json":
            body = self.rebased(full, body, base_url)
            return body, make_etag(body)
        if self._contents is not None:
            rebased = self._contents.render(full, body, etag, base_url)
            if rebased is not None:
                body, etag = rebased
                if not self.rebase_images:
                    return rebased
        if self.rebase_images:
            rebased = self.images_rebased(full, body, etag, base_url)
            if rebased is not None:
                return rebased
        doc = self.manifest(full, body, etag)
        if doc is None:
            return body, etag
        rewritten = self.rewritten_manifest(full, doc, base_url, depth)
        if rewritten is None:
            return body, etag  # already true: served byte for byte
        return rewritten, make_etag(rewritten)

    def images_rebased(self, full, body, etag, base_url):
        """(body, ETag) of a contents document with its events' imagesPath pointed here
        (--rebase-images), remembered per file and content; None when it has none."""
        with self._lock:
            hit = self._images.get(full)
            if hit and hit[0] == etag and hit[1] == base_url:
                return hit[2]
        rewritten = pictures.rebase_images(body, base_url)
        result = None if rewritten is None else (rewritten, make_etag(rewritten))
        with self._lock:
            self._images[full] = (etag, base_url, result)
        return result

    def manifest(self, full, body, etag):
        """The parsed transcript manifest when `body` is one, else None. A manifest is recognised
        by its content: a JSON object whose `individual` is an object of objects with a string `url`.
        Remembered per file and content, so other files are looked at once per version."""
        with self._lock:
            hit = self._manifests.get(full)
            if hit and hit[0] == etag:
                return hit[1]
        doc = None
        if b'"individual"' in body:
            try:
                parsed = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                parsed = None
            if is_manifest(parsed):
                doc = parsed
        with self._lock:
            self._manifests[full] = (etag, doc)
        return doc

    def rewritten_manifest(self, full, doc, base_url, depth):
        """The manifest with every `etag` (the digest's and each individual entry's) set to the ETag
        this server sends for the file its `url` names, when that file is here; with
        --rebase-config, absolute URLs to other hosts first point here, as a config's feeds do.
        URLs are resolved against the manifest's own URL. Returns None when nothing changes."""
        manifest_url = base_url + quote("/" + os.path.relpath(full, self.root).replace(os.sep, "/"))
        prefix = self.prefix(full)
        links = []
        if isinstance(doc.get("digest"), dict):
            links.append(("digest", None, doc["digest"]))
        links += [("individual", key, link) for key, link in doc["individual"].items()]
        changes = []  # (section, key, field, value)
        for section, key, link in links:
            url = link.get("url")
            if not isinstance(url, str):
                continue
            if self.rebase_config:
                parts = absolute_url(url)
                if parts and not same_origin(parts, base_url):
                    fallback = "%s.json" % key if key is not None else "transcript-digest.json"
                    url = rebased_url(parts, base_url, prefix, fallback)
                    changes.append((section, key, "url", url))
            target = self.local_file(url, manifest_url, base_url)
            if target is None or target == full:
                continue
            try:
                _, etag = self.render(target, base_url, depth + 1) if depth < 1 else self.read(target)
            except OSError:
                continue  # absent (or not a file): left as it is
            if link.get("etag") != etag:
                changes.append((section, key, "etag", etag))
        if not changes:
            return None
        # Copies of what changes only: the parsed manifest stays as the file has it.
        doc = dict(doc, individual=dict(doc["individual"]))
        if isinstance(doc.get("digest"), dict):
            doc["digest"] = dict(doc["digest"])
        for section, key, field, value in changes:
            if section == "digest":
                doc["digest"][field] = value
            else:
                doc["individual"][key] = dict(doc["individual"][key], **{field: value})
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    def local_file(self, url, manifest_url, base_url):
        """The path under root that `url` (relative to the manifest's URL) names on this server,
        present or not; None for another host or a path that may not be served."""
        cache_key = (manifest_url, url, base_url)
        with self._lock:
            if cache_key in self._resolved:
                return self._resolved[cache_key]
        try:
            parts = urlsplit(urljoin(manifest_url, url))
        except ValueError:
            parts = None
        target = None
        if parts is not None and parts.scheme.lower() == "http" and same_origin(parts, base_url):
            target = self.candidate(unquote(parts.path))
        with self._lock:
            if len(self._resolved) > 200000:
                self._resolved.clear()
            self._resolved[cache_key] = target
        return target


def absolute_url(value):
    """The split URL when `value` is an absolute http(s) URL, else None."""
    if not isinstance(value, str):
        return None
    try:
        parts = urlsplit(value)
    except ValueError:
        return None
    return parts if parts.scheme.lower() in ("http", "https") and parts.netloc else None


def rebased_url(parts, base_url, prefix, fallback):
    """This server's URL for the last path component of `parts`, in the folder `prefix`."""
    name = next((s for s in reversed(parts.path.split("/")) if s), "") or fallback
    return "%s/%s%s" % (base_url, prefix, name)


def same_origin(parts, base_url):
    """Whether the split URL `parts` names this server (any loopback name, same port)."""
    base = urlsplit(base_url)
    try:
        port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    except ValueError:
        return False
    host = (parts.hostname or "").lower()
    return port == base.port and (host == (base.hostname or "").lower() or host in LOOPBACK_HOSTS)


def is_manifest(doc):
    """A transcript manifest: {"individual": {"<content id>": {"url": ..., ...}, ...}, ...}."""
    if not isinstance(doc, dict) or not isinstance(doc.get("individual"), dict):
        return False
    return all(isinstance(link, dict) and isinstance(link.get("url"), str)
               for link in doc["individual"].values())


def serve_file(request):
    app = request.app
    full = app.feeds.locate(request.params["path"])
    if not full:
        raise HTTPError(404, "no such feed file: /%s" % request.params["path"])
    body, etag = app.feeds.render(full, app.base_url)
    body, etag, coding = app.encodings.apply(request.path, body, etag)
    headers = [("ETag", etag)]
    if not request.ignore_conditional and etag_matches(request.header("If-None-Match"), etag):
        return Response(304, b"", None, headers)
    content_type = CONTENT_TYPES.get(os.path.splitext(full)[1].lower(), "application/octet-stream")
    if coding:
        headers.append(("Content-Encoding", coding))
    return Response(200, body, content_type, headers)


# ------------------------------------------------------------------------------------------------
# Control endpoints
# ------------------------------------------------------------------------------------------------

def register_control(router):
    @router.route("GET", "/_control/health")
    def health(request):
        app = request.app
        return Response.json(200, {"status": "ok", "url": app.base_url, "root": app.feeds.root,
                                   "rebaseConfig": app.feeds.rebase_config,
                                   "rebaseMedia": app.feeds.rebase_media,
                                   "rebaseImages": app.feeds.rebase_images,
                                   "accounts": len(app.accounts.accounts),
                                   "pageSize": app.accounts.page_size})

    @router.route("GET", "/_control/faults")
    def list_faults(request):
        return Response.json(200, {"faults": request.app.faults.list()})

    @router.route("POST", "/_control/faults")
    def add_fault(request):
        body = request.json()
        specs = body.get("faults") if "faults" in body else [body]
        if not isinstance(specs, list):
            raise HTTPError(400, "faults must be a list")
        try:
            faults = [Fault.from_json(spec) for spec in specs]
        except ValueError as error:
            raise HTTPError(400, str(error))
        for fault in faults:
            request.app.faults.add(fault)
        return Response.json(201, {"faults": request.app.faults.list()})

    @router.route("DELETE", "/_control/faults")
    def clear_faults(request):
        request.app.faults.clear(request.query.get("path"))
        return Response.empty(204)

    @router.route("GET", "/_control/holds")
    def list_holds(request):
        return Response.json(200, {"holds": request.app.holds.list()})

    @router.route("POST", "/_control/holds")
    def add_hold(request):
        try:
            path, method, times, stage = Hold.validate(request.json())
        except ValueError as error:
            raise HTTPError(400, str(error))
        return Response.json(201, {"id": request.app.holds.add(path, method, times, stage)})

    @router.route("DELETE", "/_control/holds")
    def clear_holds(request):
        request.app.holds.clear()
        return Response.empty(204)

    def hold_id(request):
        raw = request.params["id"]
        if not raw.isdigit():
            raise HTTPError(404, "no such hold: %s" % raw)
        return int(raw)

    @router.route("GET", "/_control/holds/{id}/wait")
    def wait_hold(request):
        app = request.app
        raw = request.query.get("timeout") or "30"
        try:
            timeout = float(raw)
        except ValueError:
            timeout = -1.0
        if not 0 <= timeout <= 3600:  # also refuses nan
            raise HTTPError(400, "timeout must be a number of seconds between 0 and 3600")
        count = request.int_query("count", 1, 1, 1000000)
        done = request.int_query("done", 0, 0, 1000000) if "done" in request.query else None
        result = app.holds.wait(hold_id(request), count, timeout, app.stopping, done)
        if result is None:
            raise HTTPError(404, "no such hold: %s" % request.params["id"])
        if result is False:
            what = "answered fewer than %d" % done if done is not None else "held fewer than %d" % count
            raise HTTPError(408, "hold %s %s request(s) within %g seconds" % (request.params["id"], what, timeout))
        return Response.json(200, result)

    @router.route("POST", "/_control/holds/{id}/release")
    def release_hold(request):
        released = request.app.holds.release(hold_id(request))
        if released is None:
            raise HTTPError(404, "no such hold: %s" % request.params["id"])
        return Response.json(200, {"released": released})

    def logged(request):
        """The log's entries, narrowed by ?path=GLOB (fnmatch, as for faults) and ?method=M."""
        pattern, method = request.query.get("path"), (request.query.get("method") or "").upper()
        return [e for e in request.app.log.entries()
                if (not pattern or fnmatch.fnmatchcase(e["path"], pattern))
                and (not method or e["method"] == method)]

    @router.route("GET", "/_control/log")
    def get_log(request):
        return Response.json(200, {"requests": logged(request)})

    @router.route("GET", "/_control/log/summary")
    def get_log_summary(request):
        paths = {}
        entries = logged(request)
        for e in entries:
            counts = paths.setdefault(e["path"], {"requests": 0, "ifNoneMatch": 0, "bytes": 0,
                                                  "statuses": {}, "faults": 0})
            counts["requests"] += 1
            counts["ifNoneMatch"] += 1 if e["ifNoneMatch"] else 0
            counts["bytes"] += e["bytes"]
            counts["faults"] += 1 if e["fault"] else 0
            key = "dropped" if e["status"] is None else str(e["status"])
            counts["statuses"][key] = counts["statuses"].get(key, 0) + 1
        return Response.json(200, {"requests": len(entries), "paths": paths})

    @router.route("DELETE", "/_control/log")
    def clear_log(request):
        request.app.log.clear()
        return Response.empty(204)


def build_router():
    router = Router()
    register_control(router)
    codings.register(router)
    accounts.register(router)
    media.register(router)
    hls.register(router)
    # The catch-all: generated videos, their streams and subtitles, generated pictures, the feed folder.
    router.add("GET", "/{path*}", media.serving(hls.serving(lambda request: pictures.serve(request, serve_file,
                                                                                            etag_matches))))
    return router


# ------------------------------------------------------------------------------------------------
# HTTP plumbing
# ------------------------------------------------------------------------------------------------

class ConferenceServer(ThreadingHTTPServer):
    daemon_threads = True
    # Python's default backlog is 5: a client opening eight connections at once (wwdc, curl
    # --parallel) could have one refused and retried a second later, as no real server does.
    request_queue_size = 128

    def __init__(self, address, feeds, account_service, faults, quiet=False, encodings=None, picture_format=None,
                 hls_media=None):
        super().__init__(address, Handler)
        self.feeds = feeds
        self.encodings = encodings or codings.EncodingTable()
        self.accounts = account_service
        self.faults = faults
        self.holds = HoldTable()
        self.log = RequestLog()
        self.media = media.MediaLibrary()
        self.hls = hls.HLSLibrary(feeds, hls_media)
        self.pictures = pictures.PictureLibrary(picture_format) if picture_format else None
        self.router = build_router()
        self.quiet = quiet
        self.stopping = threading.Event()
        host, port = self.server_address[:2]
        self.base_url = "http://%s:%d" % (("[%s]" % host) if ":" in host else host, port)

    def access_log(self, line):
        if not self.quiet:
            sys.stderr.write("[server] %s\n" % line)
            sys.stderr.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "wwdc-reference-server/1.0"
    timeout = 60  # idle keep-alive connections

    def do_GET(self):
        self.dispatch()

    do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def log_message(self, format, *args):
        pass  # our own access log, without request lines' details beyond method and path

    # -- request ---------------------------------------------------------------------------------

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks, total = [], 0
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                total += size
                if total > MAX_BODY:
                    raise HTTPError(413, "request body too large")
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = self.headers.get("Content-Length")
        if not length:
            return b""
        try:
            length = int(length)
        except ValueError:
            raise HTTPError(400, "bad Content-Length")
        if length < 0 or length > MAX_BODY:
            raise HTTPError(413, "request body too large")
        return self.rfile.read(length)

    def dispatch(self):
        app = self.server
        self.hold = None  # the hold that held this request, for the log
        split = urlsplit(self.path)
        path = split.path or "/"
        query = dict(parse_qsl(split.query, keep_blank_values=True))
        method = self.command
        is_control = path.startswith("/_control/")
        has_inm = self.headers.get("If-None-Match") is not None
        try:
            body = self.read_body()
        except (HTTPError, ValueError) as error:
            self.close_connection = True
            err = error if isinstance(error, HTTPError) else HTTPError(400, "bad chunked body")
            self.write(err.response(), method, path, is_control, has_inm, None)
            return
        request = Request(method, path, query, self.headers, body, app)

        # Holds first: a held request is taken in full, then parked here until released.
        self.held(request, "request", has_inm, lambda: self.respond(request, has_inm))

    def held(self, request, stage, has_inm, go_on):
        """Runs `go_on` at once, or, when a hold of `stage` takes the request, once it is released.
        A server shutting down meanwhile cuts the connection off instead."""
        app = self.server
        is_control = request.path.startswith("/_control/")
        ticket = None if is_control else app.holds.take(request.method, request.path, stage)
        if ticket is None:
            go_on()
            return
        self.hold = ticket.hold_id
        try:
            ticket.gate.wait()
            if app.stopping.is_set():
                self.record(request.method, request.path, None, 0, has_inm, None, is_control)
                self.drop()
                return
            go_on()
        finally:
            app.holds.finish(ticket)

    def respond(self, request, has_inm):
        """Faults, then the route: what every request gets once it is no longer held."""
        app = self.server
        method, path = request.method, request.path
        is_control = path.startswith("/_control/")
        fault = None if is_control else app.faults.take(method, path)
        if fault is not None and fault.kind == "drop":
            self.record(method, path, None, 0, has_inm, "drop", is_control)
            self.drop()
            return
        if fault is not None and fault.kind == "delay":
            if app.stopping.wait(fault.value):
                self.drop()  # shutting down
                return
        if fault is not None and fault.kind == "status":
            status = fault.value
            if status in (204, 304):
                response = Response.empty(status)
            else:
                response = HTTPError(status, "injected fault: HTTP %d" % status).response()
            if fault.retry_after is not None:
                response.replace_header("Retry-After", str(fault.retry_after))
            self.write(response, method, path, is_control, has_inm, fault)
            return
        if fault is not None and fault.kind in ("truncate", "malformed"):
            request.ignore_conditional = True

        try:
            handler, request.params = app.router.resolve(method, path)
            response = handler(request)
        except HTTPError as error:
            response = error.response()
        except Exception as error:  # a bug in the server: report it, keep serving
            sys.stderr.write("[server] internal error on %s %s: %r\n" % (method, path, error))
            response = HTTPError(500, "internal server error").response()

        if fault is not None and fault.kind == "malformed":
            if response.status in (204, 304):
                response.status = 200
            response.body = MALFORMED_BODY
            response.replace_header("Content-Type", JSON_TYPE)
            response.replace_header("ETag", make_etag(MALFORMED_BODY))

        # Response holds: the request has been carried out; its answer waits until released.
        self.held(request, "response", has_inm,
                  lambda: self.write(response, method, path, is_control, has_inm, fault))

    # -- response --------------------------------------------------------------------------------

    def write(self, response, method, path, is_control, has_inm, fault):
        if isinstance(response, media.MediaResponse) and media.send(self, response, method, path, has_inm, fault):
            return  # a generated video, streamed
        truncate = fault is not None and fault.kind == "truncate"
        body = response.body
        if truncate and not body:
            response.status, body = 200, b"{}"
        payload = b""
        if method != "HEAD" and response.status not in (204, 304):
            payload = body[: len(body) // 2] if truncate else body
        # Logged before the first byte goes out, so a client that has its answer always finds it
        # in /_control/log.
        entry = self.record(method, path, response.status, len(payload), has_inm,
                            fault.kind if fault is not None else None, is_control)
        self.send_response(response.status)
        for key, value in response.headers:
            self.send_header(key, value)
        self.send_header("Cache-Control", "no-store")
        if response.status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        if truncate or self.close_connection:
            self.send_header("Connection", "close")
        try:
            self.end_headers()
            if payload and fault is not None and fault.kind == "drip":
                self.drip(payload, fault.value, entry)
            elif payload:
                self.wfile.write(payload)
        except (ConnectionError, socket.timeout):
            self.close_connection = True
            if entry is not None:
                self.server.log.update(entry, bytes=0, error="client went away")
        if truncate:
            self.drop()

    def drip(self, payload, seconds, entry):
        """Sends `payload` a byte at a time, `seconds` apart, until it is all sent, the client goes
        away or the server stops; the log's entry then says how many bytes were sent."""
        sent = 0
        try:
            for index in range(len(payload)):
                if index > 0 and self.server.stopping.wait(seconds):
                    break
                self.wfile.write(payload[index:index + 1])
                sent += 1
        except (ConnectionError, socket.timeout):
            pass
        self.close_connection = True
        if entry is not None:
            self.server.log.update(entry, bytes=sent)

    def drop(self):
        """Close the connection now: whatever was sent is all the client gets."""
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def record(self, method, path, status, sent, has_inm, fault, is_control):
        if is_control:
            return None
        self.server.access_log("%s %s %s %dB%s" % (method, path, status if status else "-", sent,
                                                    " fault=" + fault if fault else ""))
        return self.server.log.record(method=method, path=path, status=status, bytes=sent, time=time.monotonic(),
                                      ifNoneMatch=has_inm, fault=fault, hold=self.hold)


# ------------------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------------------

def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Reference conference server: a feed folder, the account API, fault injection.")
    parser.add_argument("--root", default=os.path.join(HERE, "..", "..", "Fixtures"),
                        help="feed folder to serve (default: the repository's Fixtures/)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port (default 0: an ephemeral port)")
    parser.add_argument("--rebase-config", action="store_true",
                        help="point every absolute feed URL of a served config.json (and an absolute "
                             "accountService URL), and every absolute URL of a served transcript "
                             "manifest, at this server, present or not")
    parser.add_argument("--rebase-media", action="store_true",
                        help="point every absolute media URL (downloadHD, downloadSD, hls, tvOShls, subtitles) of a "
                             "served contents document at this server, keeping its path")
    parser.add_argument("--rebase-images", action="store_true",
                        help="point every absolute events[].imagesPath of a served contents document at "
                             "this server, which answers the picture URLs with generated pictures")
    parser.add_argument("--hls-media", metavar="DIR",
                        help="folder where the streams' media segments are made by ffmpeg (the first time one is "
                             "asked for) and kept for the next server (default: a temporary folder removed at exit)")
    parser.add_argument("--picture-format", choices=("jpeg", "png"), default="jpeg",
                        help="what generated pictures are, whatever their URL says (default jpeg)")
    parser.add_argument("--fault", action="append", default=[],
                        metavar="PATH=KIND[:VALUE][,times=N][,method=M][,retry-after=N]",
                        help="inject a fault: status:N, delay:SECONDS, drip:SECONDS, truncate, malformed, drop "
                             "(repeatable; PATH may use * wildcards; retry-after=N adds a Retry-After "
                             "header to a status fault)")
    parser.add_argument("--encoding", action="append", default=[], metavar="PATH=ENCODING",
                        help="serve the feed files PATH matches compressed: " + ", ".join(codings.ENCODINGS)
                             + " (repeatable; PATH may use * wildcards)")
    parser.add_argument("--accounts", default=os.path.join(HERE, "accounts.json"),
                        help="accounts fixture file (default Tests/Server/accounts.json)")
    parser.add_argument("--page-size", type=int, default=50, help="default page size (default 50)")
    parser.add_argument("--token-ttl", type=float, default=3600,
                        help="seconds a login token stays valid (default 3600)")
    parser.add_argument("--quiet", action="store_true", help="no access log on stderr")
    parser.add_argument("--exit-with-stdin", action="store_true",
                        help="shut down when stdin reaches end of file (the parent went away)")
    args = parser.parse_args(argv)
    if not os.path.isdir(args.root):
        parser.error("--root %s is not a directory" % args.root)
    if args.page_size < 1:
        parser.error("--page-size must be at least 1")
    try:
        args.faults = [Fault.from_spec(spec) for spec in args.fault]
        args.encodings = [codings.EncodingRule.from_spec(spec) for spec in args.encoding]
    except ValueError as error:
        parser.error(str(error))
    return args


def make_server(args):
    feeds = FeedFolder(args.root, rebase_config=args.rebase_config, rebase_media=args.rebase_media,
                       rebase_images=args.rebase_images)
    service = accounts.AccountService.from_file(args.accounts, page_size=args.page_size,
                                                token_ttl=args.token_ttl,
                                                session_ids=feeds.content_ids)
    faults = FaultTable()
    for fault in args.faults:
        faults.add(fault)
    encodings = codings.EncodingTable()
    for rule in args.encodings:
        encodings.add(rule)
    return ConferenceServer((args.host, args.port), feeds, service, faults, quiet=args.quiet, encodings=encodings,
                            picture_format=args.picture_format if args.rebase_images else None,
                            hls_media=args.hls_media)


def main(argv=None):
    args = parse_args(argv)
    try:
        server = make_server(args)
    except (OSError, ValueError) as error:
        sys.stderr.write("conference_server: %s\n" % error)
        return 1
    # Signals are taken synchronously by the main thread; the serving threads never see them.
    stop_signals = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    # A short poll interval only makes shutdown prompt; the selector still sleeps between polls.
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                               name="serve", daemon=True)
    serving.start()
    if args.exit_with_stdin:
        def watch_stdin():
            while sys.stdin.buffer.read(65536):
                pass
            os.kill(os.getpid(), signal.SIGTERM)
        threading.Thread(target=watch_stdin, name="stdin", daemon=True).start()
    sys.stdout.write("listening on %s\n" % server.base_url)
    sys.stdout.flush()
    server.access_log("serving %s (accounts: %d, page size %d%s%s%s)" % (
        server.feeds.root, len(server.accounts.accounts), server.accounts.page_size,
        ", rebasing config.json and transcript manifests" if args.rebase_config else "",
        ", videos served here" if args.rebase_media else "",
        ", pictures served here" if args.rebase_images else ""))
    # For a person (the first stdout line is for programs): what to run now that it answers.
    server.access_log("ready: wwdc sync --source %s/" % server.base_url)
    received = signal.sigwait(stop_signals)
    server.stopping.set()
    server.holds.close()  # held requests are cut off, waits on holds return
    server.shutdown()
    server.server_close()
    server.hls.segments.close()
    server.access_log("stopped on %s" % signal.Signals(received).name)
    return 0


if __name__ == "__main__":
    status = main()
    # Out at once, without the interpreter's shutdown: the --exit-with-stdin reader thread may still
    # be blocked in a read, and finalising under it aborts with "could not acquire lock".
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
