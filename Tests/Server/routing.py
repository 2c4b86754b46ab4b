"""Tiny HTTP building blocks shared by the reference server and its account API.

A route is (method, path pattern) -> handler(request) -> Response. Patterns are literal paths with
`{name}` segments (one path segment, percent-decoded) and an optional trailing `{name*}` that
matches the rest of the path. Handlers raise HTTPError for anything that is not a success.

Python 3.8+, standard library only.
"""

import json
import re
from urllib.parse import unquote

JSON_TYPE = "application/json; charset=utf-8"


class HTTPError(Exception):
    """An error response: status, a one-line message for the JSON body, optional extra headers."""

    def __init__(self, status, message, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = list(headers or [])

    def response(self):
        return Response.json(self.status, {"error": self.message}, headers=self.headers)


class Response:
    def __init__(self, status, body=b"", content_type=None, headers=None):
        self.status = status
        self.body = body
        self.headers = list(headers or [])
        if content_type:
            self.headers.append(("Content-Type", content_type))

    @classmethod
    def json(cls, status, obj, headers=None):
        body = (json.dumps(obj, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        return cls(status, body, JSON_TYPE, headers)

    @classmethod
    def empty(cls, status=204, headers=None):
        return cls(status, b"", None, headers)

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def replace_header(self, name, value):
        self.headers = [(k, v) for k, v in self.headers if k.lower() != name.lower()]
        if value is not None:
            self.headers.append((name, value))


class Request:
    """What a handler sees. `params` holds the pattern's captures, `query` the first value of each
    query parameter, `app` the server (for shared state)."""

    def __init__(self, method, path, query, headers, body, app):
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.app = app
        self.params = {}
        # Set by the server when a fault needs the full body even for a conditional request.
        self.ignore_conditional = False

    def header(self, name):
        return self.headers.get(name)

    def json(self, required=True):
        if not self.body:
            if required:
                raise HTTPError(400, "request body must be a JSON object")
            return {}
        try:
            value = json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise HTTPError(400, "request body is not valid JSON")
        if not isinstance(value, dict):
            raise HTTPError(400, "request body must be a JSON object")
        return value

    def int_query(self, name, default, lo, hi):
        raw = self.query.get(name)
        if raw is None or raw == "":
            return default
        try:
            value = int(raw)
        except ValueError:
            raise HTTPError(400, "%s must be an integer" % name)
        if not lo <= value <= hi:
            raise HTTPError(400, "%s must be between %d and %d" % (name, lo, hi))
        return value


class Router:
    """First matching route wins, so register specific routes before catch-alls."""

    def __init__(self):
        self.routes = []

    def add(self, method, pattern, handler):
        self.routes.append((method.upper(), self._compile(pattern), pattern, handler))

    def route(self, method, pattern):
        """Decorator form of add()."""
        def register(handler):
            self.add(method, pattern, handler)
            return handler
        return register

    @staticmethod
    def _compile(pattern):
        regex, pos = "", 0
        for m in re.finditer(r"\{(\w+)(\*?)\}", pattern):
            regex += re.escape(pattern[pos:m.start()])
            regex += "(?P<%s>%s)" % (m.group(1), ".*" if m.group(2) else "[^/]+")
            pos = m.end()
        regex += re.escape(pattern[pos:])
        return re.compile("^" + regex + "$")

    def resolve(self, method, path):
        """Returns (handler, params); raises 404, or 405 with Allow when only the method differs."""
        lookup = "GET" if method == "HEAD" else method
        allowed = set()
        for route_method, regex, _, handler in self.routes:
            m = regex.match(path)
            if not m:
                continue
            if route_method == lookup:
                return handler, {k: unquote(v) for k, v in m.groupdict().items()}
            allowed.add(route_method)
        if allowed:
            if "GET" in allowed:
                allowed.add("HEAD")
            raise HTTPError(405, "method %s not allowed on %s" % (method, path),
                            [("Allow", ", ".join(sorted(allowed)))])
        raise HTTPError(404, "no such resource: %s" % path)
