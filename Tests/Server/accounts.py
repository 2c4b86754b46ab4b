#!/usr/bin/env python3
"""The account API of the reference conference server (see docs/api.md).

JSON over HTTP with bearer tokens under /account/: login, user info, cloud availability,
favorites (a write may carry its writer's change version, and a stale one is refused) and feedback (paged with opaque cursors; writing them takes a registered developer whose
cloud is available), the attendee pass. Accounts come from a fixture file whose passwords are
stored as PBKDF2-HMAC-SHA256 hashes (per-user salt and iterations). State lives in memory, per
server process. Nothing here logs a body or a password.

To add an account, hash its password (read from the terminal or stdin, never from argv):

    python3 Tests/Server/accounts.py hash-password [--iterations N]
"""

import base64
import getpass
import hashlib
import hmac
import json
import os
import secrets
import sys
import threading
import time
import uuid

from routing import HTTPError, Response

SCHEME = "pbkdf2_sha256"
DEFAULT_ITERATIONS = 200000
MAX_LIMIT = 1000
MAX_COMMENT = 4000
SEED_NAMESPACE = uuid.UUID("0b5e7c1e-5eed-4f1a-9d2b-2026fa11bac0")
RATINGS = ("overall", "content", "presentation")
NOT_DEVELOPER = "not a registered developer: favorites and feedback need a developer account"
NO_CLOUD = "cloud storage is not available for this account: favorites and feedback cannot be saved"


def iso(epoch):
    """UTC, whole seconds, 'Z': what ISO8601DateFormatter and JSONDecoder's .iso8601 accept."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def hash_password(password, salt=None, iterations=DEFAULT_ITERATIONS):
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return {"scheme": SCHEME, "iterations": iterations, "salt": salt.hex(), "hash": digest.hex()}


class Account:
    def __init__(self, obj):
        try:
            self.username = obj["username"]
            self.name = obj["name"]
            self.is_developer = bool(obj["isDeveloper"])
            self.cloud_available = bool(obj["cloudAvailable"])
            pw = obj["password"]
            if pw["scheme"] != SCHEME:
                raise ValueError("unsupported password scheme %r" % pw["scheme"])
            self.iterations = int(pw["iterations"])
            self.salt = bytes.fromhex(pw["salt"])
            self.hash = bytes.fromhex(pw["hash"])
        except (KeyError, TypeError) as error:
            raise ValueError("account entry is missing %s" % error)
        if not isinstance(self.username, str) or not self.username:
            raise ValueError("account username must be a non-empty string")

    def check(self, password):
        candidate = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), self.salt, self.iterations)
        return hmac.compare_digest(candidate, self.hash)

    def profile(self):
        return {"username": self.username, "name": self.name, "isDeveloper": self.is_developer}


class Cursor:
    """Opaque page cursors: base64url of a small JSON array tagged with what they page over."""

    @staticmethod
    def encode(kind, value):
        raw = json.dumps([kind, value], separators=(",", ":")).encode("utf-8")
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    @staticmethod
    def decode(kind, text):
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            tag, value = json.loads(raw.decode("utf-8"))
        except (ValueError, TypeError, UnicodeDecodeError):
            raise HTTPError(400, "invalid cursor")
        if tag != kind:
            raise HTTPError(400, "invalid cursor")
        return value


class AccountService:
    def __init__(self, accounts, page_size=50, token_ttl=3600.0, session_ids=None, clock=time.time):
        self.accounts = {a.username: a for a in accounts}
        if len(self.accounts) != len(accounts):
            raise ValueError("duplicate usernames in the accounts file")
        self.page_size = page_size
        self.token_ttl = token_ttl
        self.session_ids = session_ids or (lambda: [])
        self.clock = clock
        self._lock = threading.Lock()
        self._tokens = {}      # token -> [username, expires epoch]
        self._favorites = {}   # username -> {sessionId: updatedAt}
        self._versions = {}    # username -> {sessionId: {writer: highest change version applied}}
        self._feedback = {}    # username -> {id.lower(): (seq, item)}
        self._seq = 0
        self._decoy = None
        self.pass_body = None  # bytes served as every pass instead of the generated one (a hostile service)

    @classmethod
    def from_file(cls, path, **options):
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except OSError as error:
            raise ValueError("cannot read accounts file %s: %s" % (path, error.strerror))
        except ValueError as error:
            raise ValueError("accounts file %s is not valid JSON: %s" % (path, error))
        entries = doc.get("accounts") if isinstance(doc, dict) else None
        if not isinstance(entries, list):
            raise ValueError("accounts file %s has no \"accounts\" list" % path)
        return cls([Account(e) for e in entries], **options)

    # -- authentication --------------------------------------------------------------------------

    def login(self, username, password):
        account = self.accounts.get(username)
        if account is None and self._decoy is None:
            # Unknown usernames still pay for one hash, so timing does not reveal which names exist.
            self._decoy = Account({"username": "-", "name": "-", "isDeveloper": False,
                                   "cloudAvailable": False,
                                   "password": hash_password("-", b"decoy-salt-00000")})
        ok = (account or self._decoy).check(password)
        if not account or not ok:
            return None
        token = "wwdc_" + secrets.token_urlsafe(32)
        expires = self.clock() + self.token_ttl
        with self._lock:
            self._tokens[token] = [username, expires]
        return {"token": token, "expiresAt": iso(expires), "name": account.name,
                "username": account.username}

    def authenticate(self, request):
        header = request.header("Authorization") or ""
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HTTPError(401, "authentication required: send Authorization: Bearer <token>",
                            [("WWW-Authenticate", 'Bearer realm="wwdc"')])
        with self._lock:
            entry = self._tokens.get(token.strip())
        if entry is None:
            raise HTTPError(401, "invalid token; log in again",
                            [("WWW-Authenticate", 'Bearer realm="wwdc", error="invalid_token"')])
        if self.clock() >= entry[1]:
            raise HTTPError(401, "token expired; log in again",
                            [("WWW-Authenticate", 'Bearer realm="wwdc", error="invalid_token"')])
        return self.accounts[entry[0]], token.strip()

    def revoke(self, token):
        with self._lock:
            self._tokens.pop(token, None)

    def expire_tokens(self, username=None):
        with self._lock:
            count = 0
            for entry in self._tokens.values():
                if username is None or entry[0] == username:
                    entry[1] = 0
                    count += 1
            return count

    # -- favorites -------------------------------------------------------------------------------

    def put_favorite(self, username, session_id, updated_at=None, change=None):
        """Adds a favorite; with `change` (writer, version), only when no later change of that
        writer to this favorite came first. Returns None when applied, else the version that did."""
        with self._lock:
            stale = self._check_change(username, session_id, change)
            if stale is not None:
                return stale
            favorites = self._favorites.setdefault(username, {})
            if session_id not in favorites:
                favorites[session_id] = updated_at or iso(self.clock())
            return None

    def delete_favorite(self, username, session_id, change=None):
        """Removes a favorite, under the same rule as `put_favorite`."""
        with self._lock:
            stale = self._check_change(username, session_id, change)
            if stale is not None:
                return stale
            self._favorites.get(username, {}).pop(session_id, None)
            return None

    def _check_change(self, username, session_id, change):
        """A versioned write is stale when the same writer's later change of the same favorite was
        applied first (its version is higher): the later change wins. Returns that version, or None
        after recording this one. Called with the lock held."""
        if change is None:
            return None
        writer, version = change
        seen = self._versions.setdefault(username, {}).setdefault(session_id, {})
        if seen.get(writer, 0) > version:
            return seen[writer]
        seen[writer] = version
        return None

    def favorites_page(self, username, cursor, limit):
        after = Cursor.decode("fav", cursor) if cursor else None
        with self._lock:
            favorites = dict(self._favorites.get(username, {}))
        keys = sorted(k for k in favorites if after is None or k > after)
        page = keys[:limit]
        next_cursor = Cursor.encode("fav", page[-1]) if len(keys) > limit else None
        return {"items": [{"sessionId": k, "updatedAt": favorites[k]} for k in page],
                "nextCursor": next_cursor}

    # -- feedback --------------------------------------------------------------------------------

    def add_feedback(self, username, item):
        """Returns (created, stored item): a retry with a known id gets the stored item back."""
        with self._lock:
            entries = self._feedback.setdefault(username, {})
            key = item["id"].lower()
            if key in entries:
                return False, dict(entries[key][1])
            self._seq += 1
            stored = dict(item, createdAt=item.get("createdAt") or iso(self.clock()))
            entries[key] = (self._seq, stored)
            return True, dict(stored)

    def feedback_page(self, username, cursor, limit):
        after = Cursor.decode("fb", cursor) if cursor else None
        if after is not None and (isinstance(after, bool) or not isinstance(after, int)):
            raise HTTPError(400, "invalid cursor")
        with self._lock:
            entries = sorted(self._feedback.get(username, {}).values(), key=lambda e: e[0])
        entries = [e for e in entries if after is None or e[0] > after]
        page = entries[:limit]
        next_cursor = Cursor.encode("fb", page[-1][0]) if len(entries) > limit else None
        return {"items": [dict(item) for _, item in page], "nextCursor": next_cursor}

    # -- control ---------------------------------------------------------------------------------

    def state(self, username=None):
        with self._lock:
            users = {}
            for name in sorted(self.accounts):
                if username is not None and name != username:
                    continue
                favorites = self._favorites.get(name, {})
                feedback = sorted(self._feedback.get(name, {}).values(), key=lambda e: e[0])
                now = self.clock()
                users[name] = {
                    "favorites": [{"sessionId": k, "updatedAt": favorites[k]} for k in sorted(favorites)],
                    "feedback": [dict(item) for _, item in feedback],
                    "activeTokens": sum(1 for u, exp in self._tokens.values() if u == name and exp > now),
                }
            return {"users": users}

    def reset(self):
        with self._lock:
            self._tokens.clear()
            self._favorites.clear()
            self._versions.clear()
            self._feedback.clear()
            self.pass_body = None


# ------------------------------------------------------------------------------------------------
# Validation
# ------------------------------------------------------------------------------------------------

def valid_session_id(value):
    return (isinstance(value, str) and 0 < len(value) <= 200
            and not any(ord(c) < 32 or ord(c) == 127 for c in value))


CHANGE_WRITER = "Change-Writer"
CHANGE_VERSION = "Change-Version"
MAX_VERSION = 2 ** 63 - 1


def change_of(request):
    """(writer, version) from a write's Change-Writer and Change-Version headers; None without
    them (the write then applies whatever came before it)."""
    writer, version = request.header(CHANGE_WRITER), request.header(CHANGE_VERSION)
    if writer is None and version is None:
        return None
    if writer is None or version is None:
        raise HTTPError(400, "Change-Writer and Change-Version go together")
    writer = writer.strip()
    if not 0 < len(writer) <= 64 or not all(c.isascii() and (c.isalnum() or c in "-_.") for c in writer):
        raise HTTPError(400, "Change-Writer must be 1 to 64 letters, digits, '-', '_' or '.'")
    version = version.strip()
    if not version.isdigit() or not 0 < int(version) <= MAX_VERSION:
        raise HTTPError(400, "Change-Version must be a positive integer")
    return writer, int(version)


def stale_change(session_id, version):
    return Response.json(409, {"error": "a later change of favorite %s from this writer was applied first (version %d)"
                                        % (session_id, version), "version": version})


def validate_feedback(body):
    item_id = body.get("id")
    try:
        if not isinstance(item_id, str):
            raise ValueError
        uuid.UUID(item_id)
    except ValueError:
        raise HTTPError(400, "id must be a client-generated UUID string")
    if not valid_session_id(body.get("sessionId")):
        raise HTTPError(400, "sessionId must be a non-empty string")
    item = {"id": item_id, "sessionId": body["sessionId"]}
    for field in RATINGS:
        value = body.get(field)
        # Only the overall rating is required; content and presentation may be left unrated (null).
        if value is None and field != "overall":
            item[field] = None
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise HTTPError(400, "%s must be an integer rating from 1 to 5%s" % (field, "" if field == "overall" else ", or null"))
        item[field] = value
    comment = body.get("comment", "")
    if comment is None:
        comment = ""
    if not isinstance(comment, str) or len(comment) > MAX_COMMENT:
        raise HTTPError(400, "comment must be a string of at most %d characters" % MAX_COMMENT)
    item["comment"] = comment
    return item


def attendee_pass(account):
    payload = json.dumps({"type": "attendee pass", "event": "wwdc2026", "username": account.username,
                          "name": account.name}, ensure_ascii=False, sort_keys=True).encode("utf-8")
    encoded = base64.b64encode(payload).decode("ascii")
    lines = [encoded[i:i + 64] for i in range(0, len(encoded), 64)]
    return ("-----BEGIN WWDC ATTENDEE PASS-----\n"
            "Attendee: %s\n\n%s\n-----END WWDC ATTENDEE PASS-----\n"
            % (account.username, "\n".join(lines))).encode("utf-8")


# ------------------------------------------------------------------------------------------------
# Routes
# ------------------------------------------------------------------------------------------------

def register(router):
    """Adds /account/... and the account-related /_control/... endpoints to router."""

    def service(request):
        return request.app.accounts

    def limit_of(request):
        return request.int_query("limit", service(request).page_size, 1, MAX_LIMIT)

    def authorize_upload(request):
        """Writing favorites or feedback, like the real service: a valid token (401), then a
        registered developer (403), then an account with cloud storage (403)."""
        account, _ = service(request).authenticate(request)
        if not account.is_developer:
            raise HTTPError(403, NOT_DEVELOPER)
        if not account.cloud_available:
            raise HTTPError(403, NO_CLOUD)
        return account

    @router.route("POST", "/account/login")
    def login(request):
        body = request.json()
        username, password = body.get("username"), body.get("password")
        if not isinstance(username, str) or not isinstance(password, str) or not username:
            raise HTTPError(400, "username and password are required strings")
        result = service(request).login(username, password)
        if result is None:
            raise HTTPError(401, "invalid username or password")
        return Response.json(200, result)

    @router.route("POST", "/account/logout")
    def logout(request):
        _, token = service(request).authenticate(request)
        service(request).revoke(token)
        return Response.empty(204)

    @router.route("GET", "/account/me")
    def me(request):
        account, _ = service(request).authenticate(request)
        return Response.json(200, account.profile())

    @router.route("GET", "/account/cloud")
    def cloud(request):
        account, _ = service(request).authenticate(request)
        return Response.json(200, {"available": account.cloud_available})

    @router.route("GET", "/account/favorites")
    def list_favorites(request):
        account, _ = service(request).authenticate(request)
        page = service(request).favorites_page(account.username, request.query.get("cursor"),
                                               limit_of(request))
        return Response.json(200, page)

    @router.route("PUT", "/account/favorites/{sessionId}")
    def put_favorite(request):
        account = authorize_upload(request)
        session_id = request.params["sessionId"]
        if not valid_session_id(session_id):
            raise HTTPError(400, "invalid session id")
        stale = service(request).put_favorite(account.username, session_id, change=change_of(request))
        return Response.empty(204) if stale is None else stale_change(session_id, stale)

    @router.route("DELETE", "/account/favorites/{sessionId}")
    def delete_favorite(request):
        account = authorize_upload(request)
        session_id = request.params["sessionId"]
        if not valid_session_id(session_id):
            raise HTTPError(400, "invalid session id")
        stale = service(request).delete_favorite(account.username, session_id, change=change_of(request))
        return Response.empty(204) if stale is None else stale_change(session_id, stale)

    @router.route("GET", "/account/feedback")
    def list_feedback(request):
        account, _ = service(request).authenticate(request)
        page = service(request).feedback_page(account.username, request.query.get("cursor"),
                                              limit_of(request))
        return Response.json(200, page)

    @router.route("POST", "/account/feedback")
    def post_feedback(request):
        account = authorize_upload(request)
        item = validate_feedback(request.json())
        created, stored = service(request).add_feedback(account.username, item)
        return Response.json(201 if created else 200, stored)

    @router.route("GET", "/account/pass")
    def get_pass(request):
        account, _ = service(request).authenticate(request)
        if not account.is_developer:
            raise HTTPError(403, "the attendee pass is only available to registered developers")
        body = service(request).pass_body
        return Response(200, attendee_pass(account) if body is None else body, "application/x-pem-file",
                        [("Content-Disposition", 'attachment; filename="wwdc-attendee-pass.pem"')])

    # -- control ---------------------------------------------------------------------------------

    @router.route("POST", "/_control/seed")
    def seed(request):
        svc = service(request)
        body = request.json()
        username = body.get("username")
        if username not in svc.accounts:
            raise HTTPError(404, "no such account: %r" % (username,))
        favorites = seed_favorites(svc, body.get("favorites", []))
        feedback = seed_feedback(svc, username, body.get("feedback", []))
        for session_id, updated_at in favorites:
            svc.put_favorite(username, session_id, updated_at)
        for item in feedback:
            svc.add_feedback(username, item)
        users = svc.state(username)["users"][username]
        return Response.json(200, {"username": username, "favorites": len(users["favorites"]),
                                   "feedback": len(users["feedback"])})

    @router.route("GET", "/_control/state")
    def get_state(request):
        username = request.query.get("username")
        if username is not None and username not in service(request).accounts:
            raise HTTPError(404, "no such account: %r" % username)
        return Response.json(200, service(request).state(username))

    @router.route("DELETE", "/_control/state")
    def reset_state(request):
        service(request).reset()
        return Response.empty(204)

    @router.route("POST", "/_control/pass")
    def set_pass(request):
        body = request.json()
        try:
            raw = base64.b64decode(body.get("base64"), validate=True) if isinstance(body.get("base64"), str) else None
        except ValueError:
            raw = None
        if raw is None:
            raise HTTPError(400, "base64 must be the pass's bytes in base64")
        service(request).pass_body = raw
        return Response.empty(204)

    @router.route("POST", "/_control/expire-tokens")
    def expire_tokens(request):
        body = request.json(required=False)
        username = body.get("username")
        count = service(request).expire_tokens(username)
        return Response.json(200, {"expired": count})


def seed_favorites(svc, spec):
    """spec: a count (the first N content ids of the served feed, sorted), or a list of ids or
    {sessionId, updatedAt} objects."""
    if isinstance(spec, bool):
        raise HTTPError(400, "favorites must be a count or a list")
    if isinstance(spec, int):
        ids = svc.session_ids()
        if spec < 0 or spec > len(ids):
            raise HTTPError(400, "cannot seed %d favorites: the feed has %d content ids" % (spec, len(ids)))
        return [(i, None) for i in ids[:spec]]
    if not isinstance(spec, list):
        raise HTTPError(400, "favorites must be a count or a list")
    out = []
    for entry in spec:
        if isinstance(entry, dict):
            session_id, updated_at = entry.get("sessionId"), entry.get("updatedAt")
        else:
            session_id, updated_at = entry, None
        if not valid_session_id(session_id) or (updated_at is not None and not isinstance(updated_at, str)):
            raise HTTPError(400, "bad favorite entry %r" % (entry,))
        out.append((session_id, updated_at))
    return out


def seed_feedback(svc, username, spec):
    """spec: a count (generated items with stable ids) or a list of feedback objects."""
    if isinstance(spec, bool):
        raise HTTPError(400, "feedback must be a count or a list")
    if isinstance(spec, int):
        ids = svc.session_ids() or ["session-%d" % n for n in range(1, 11)]
        if spec < 0:
            raise HTTPError(400, "feedback count must not be negative")
        return [{"id": str(uuid.uuid5(SEED_NAMESPACE, "%s/%d" % (username, n))).upper(),
                 "sessionId": ids[n % len(ids)], "overall": 1 + n % 5, "content": 1 + (n + 1) % 5,
                 "presentation": 1 + (n + 2) % 5, "comment": "Seeded feedback #%d" % (n + 1)}
                for n in range(spec)]
    if not isinstance(spec, list):
        raise HTTPError(400, "feedback must be a count or a list")
    items = []
    for entry in spec:
        if not isinstance(entry, dict):
            raise HTTPError(400, "feedback entries must be objects")
        item = validate_feedback(entry)
        if isinstance(entry.get("createdAt"), str):
            item["createdAt"] = entry["createdAt"]
        items.append(item)
    return items


# ------------------------------------------------------------------------------------------------
# Command line: hash a password for accounts.json
# ------------------------------------------------------------------------------------------------

def main(argv):
    import argparse
    parser = argparse.ArgumentParser(description="Hash a password for Tests/Server/accounts.json.")
    sub = parser.add_subparsers(dest="command", required=True)
    hp = sub.add_parser("hash-password", help="read a password (terminal or stdin), print its hash")
    hp.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = parser.parse_args(argv)
    if sys.stdin.isatty():
        password = getpass.getpass("Password: ")
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    if not password:
        parser.error("empty password")
    print(json.dumps(hash_password(password, iterations=args.iterations), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
