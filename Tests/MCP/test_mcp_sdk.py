"""`wwdc mcp` driven by the official MCP Python SDK (pinned in requirements.txt), over stdio.

Run by `make test` with .venv-tests's Python when .ci/run made it; without the SDK every test is
skipped, saying why. The wwdc binary is $WWDC_BINARY, else the debug build.
"""
import asyncio
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WWDC = os.environ.get("WWDC_BINARY") or os.path.join(ROOT, ".build", "debug", "wwdc")

try:
    from mcp import ClientSession, StdioServerParameters, types
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError
    from jsonschema import Draft202012Validator  # the SDK's own dependency, which checks results against outputSchema
    SDK = None
except ImportError as error:  # the tests say why they skip
    SDK = f"the MCP Python SDK is not installed ({error}); run .ci/run, or .venv-tests/bin/pip install -r Tests/MCP/requirements.txt"


def closed(schema):
    """`schema` with no members allowed beyond those it declares, at every level."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    copy = {key: closed(value) for key, value in schema.items()}
    if isinstance(schema.get("properties"), dict):
        copy["properties"] = {name: closed(value) for name, value in schema["properties"].items()}
        copy["additionalProperties"] = False
    return copy


@unittest.skipIf(SDK is not None, SDK or "")
class SDKClientTests(unittest.TestCase):
    """One server per test class (importing and starting the SDK is the slow part)."""

    @classmethod
    def setUpClass(cls):
        if not os.access(WWDC, os.X_OK):
            raise unittest.SkipTest(f"no wwdc binary at {WWDC}: run 'swift build' first")
        cls.home = tempfile.mkdtemp(prefix="wwdc-mcp-sdk")
        cls.env = {
            "HOME": cls.home,
            "XDG_DATA_HOME": os.path.join(cls.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(cls.home, "config"),
            "WWDC_DB": os.path.join(cls.home, "wwdc.sqlite"),
            "WWDC_NOW": "2026-06-10T12:00:00-07:00",
            "NO_COLOR": "1",
        }
        sync = subprocess.run([WWDC, "sync", "--source", os.path.join(ROOT, "Fixtures")], env={**os.environ, **cls.env},
                              capture_output=True, text=True, timeout=300)
        if sync.returncode != 0:
            raise AssertionError("wwdc sync failed: " + sync.stderr)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.home, ignore_errors=True)

    def run_client(self, body, args=("mcp",)):
        """Runs `body(session, init)` in a client session of a fresh `wwdc mcp`; returns what it returns."""
        errlog = tempfile.TemporaryFile(mode="w+")

        async def main():
            server = StdioServerParameters(command=WWDC, args=list(args), env=self.env)
            async with stdio_client(server, errlog=errlog) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=120) as session:
                    init = await session.initialize()
                    return await body(session, init)

        try:
            return asyncio.run(main())
        finally:
            errlog.seek(0)
            self.stderr = errlog.read()
            errlog.close()

    @staticmethod
    async def all_pages(list_page, key):
        items, cursor = [], None
        while True:
            page = await list_page(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
            items += getattr(page, key)
            cursor = page.next_cursor
            if not cursor:
                return items

    def test_initialize_lists_and_every_tool(self):
        valid = {
            "search": {"query": "swiftui", "limit": 5},
            "get_session": {"id": "wwdc2026-101"},
            "get_transcript": {"id": "wwdc2026-102", "from": 0},
            "get_code": {"id": "wwdc2025-204", "n": 1},
            "list_videos": {"event": "all", "limit": 5},
            "list_topics": {},
            "schedule": {"day": "wed"},
            "list_favorites": {},
            "continue_watching": {},
            "list_bookmarks": {},
            "add_favorite": {"id": "wwdc2026-101"},
            "remove_favorite": {"id": "wwdc2026-101"},
            "add_bookmark": {"id": "wwdc2026-102", "at": 75, "note": "layout"},
            "set_note": {"id": "wwdc2026-102", "text": "a note"},
            "mark_watched": {"id": "wwdc2026-102", "watched": False},
        }
        # The other shapes a result takes, after the writes above (a bookmark, a note).
        more = [
            ("search", {"query": "layout", "in": ["transcripts", "notes"]}),
            ("search", {"query": "struct", "in": ["code"]}),
            ("get_code", {"id": "wwdc2025-204"}),
            ("get_session", {"id": "wwdc2026-102"}),
            ("list_bookmarks", {"id": "wwdc2026-102"}),
            ("list_videos", {"event": "all", "limit": 1}),
        ]

        async def body(session, init):
            await session.send_ping()
            tools = await self.all_pages(session.list_tools, "tools")
            results = {}
            for name, arguments in valid.items():
                results[name] = await session.call_tool(name, arguments)
            # call_tool has checked each structured result against its tool's outputSchema already.
            others = [(name, await session.call_tool(name, arguments)) for name, arguments in more]
            resources = await self.all_pages(session.list_resources, "resources")
            templates = (await session.list_resource_templates()).resource_templates
            session_page = await session.read_resource("wwdc://session/wwdc2026-101")
            transcript = await session.read_resource("wwdc://transcript/wwdc2026-102")
            try:
                await session.read_resource("wwdc://session/no-such-session")
                missing = None
            except MCPError as error:
                missing = error.error.code
            try:
                await session.call_tool("search", {"query": 42})
                invalid = None
            except MCPError as error:
                invalid = error.error.code
            return init, tools, results, others, resources, templates, session_page, transcript, missing, invalid

        init, tools, results, others, resources, templates, session_page, transcript, missing, invalid = \
            self.run_client(body, args=("mcp", "--allow-writes"))
        self.assertEqual(init.protocol_version, "2025-11-25")
        self.assertEqual(init.server_info.name, "wwdc")
        self.assertEqual(sorted(t.name for t in tools), sorted(valid))
        for tool in tools:
            self.assertEqual(tool.input_schema["type"], "object", tool.name)
            self.assertTrue(tool.description, tool.name)
        schemas = {tool.name: tool.output_schema for tool in tools}
        for name, result in list(results.items()) + others:
            self.assertFalse(result.is_error, f"{name}: {result.content[0].text}")
            self.assertEqual(result.content[0].type, "text")
            self.assertEqual(json.loads(result.content[0].text), result.structured_content, name)
            # Every member a result has is declared, with its type (the schema itself leaves room for more).
            self.assertIsNotNone(schemas[name], f"{name} declares no outputSchema")
            Draft202012Validator.check_schema(schemas[name])
            Draft202012Validator(closed(schemas[name])).validate(result.structured_content)
        self.assertTrue(any("at" in hit for _, result in others for hit in result.structured_content.get("hits", [])))
        self.assertTrue(any("snippets" in result.structured_content for name, result in others if name == "get_code"))
        self.assertTrue(any(result.structured_content.get("count") for name, result in others if name == "list_bookmarks"))
        hits = results["search"].structured_content["hits"]
        self.assertTrue(hits)
        self.assertTrue(all(hit["command"].startswith("wwdc ") for hit in hits if "command" in hit))
        self.assertIn("stays on this machine", results["add_favorite"].structured_content["message"])
        uris = [str(r.uri) for r in resources]
        self.assertIn("wwdc://session/wwdc2026-101", uris)
        self.assertIn("wwdc://transcript/wwdc2026-102", uris)
        self.assertEqual(len(uris), len(set(uris)))
        self.assertEqual(sorted(t.uri_template for t in templates), ["wwdc://session/{id}{?offset}", "wwdc://transcript/{id}{?offset}"])
        self.assertTrue(session_page.contents[0].text.startswith("# "))
        self.assertEqual(session_page.contents[0].mime_type, "text/markdown")
        self.assertIn("0:", transcript.contents[0].text)
        self.assertEqual(missing, -32002)
        self.assertIsNone(invalid, "a wrong argument type is a tool error the model can read, not a protocol error")
        self.assertEqual(self.stderr, "")

    def test_long_texts_come_in_parts(self):
        """A description and a snippet far over a result's size: parts under it, valid as declared, that make up the whole."""
        limit = 24_000
        line = "let équipe = [🙂, 42] // " + "x" * 60
        description = "\n".join(f"{n} {line}" for n in range(1500)) + " " + "y" * 30_000
        code = "\n".join(f"{line} {n}" for n in range(2500))
        with sqlite3.connect(self.env["WWDC_DB"]) as db:
            db.execute("UPDATE sessions SET description = ? WHERE id = 'wwdc2026-990'", (description,))
            db.execute("UPDATE session_code SET code = ? WHERE sid = (SELECT sid FROM sessions WHERE id = 'wwdc2026-990')", (code,))
        db.close()

        async def follow(session, tool, arguments, key, offset_key, next_key):
            parts, offset = [], 0
            while offset is not None and len(parts) < 40:
                result = await session.call_tool(tool, {**arguments, offset_key: offset})
                self.assertFalse(result.is_error, result.content[0].text)
                parts.append(result)
                offset = result.structured_content.get(next_key)
            return parts

        async def body(session, init):
            tools = {tool.name: tool for tool in await self.all_pages(session.list_tools, "tools")}
            codes = await follow(session, "get_code", {"id": "wwdc2026-990", "n": 1}, "code", "offset", "next_offset")
            descriptions = await follow(session, "get_session", {"id": "wwdc2026-990"}, "description",
                                        "description_offset", "description_next_offset")
            pages, uri = [], "wwdc://session/wwdc2026-990"
            while uri and len(pages) < 40:
                text = (await session.read_resource(uri)).contents[0].text
                cut = re.search(r"\n\[Cut at character (\d+) of \d+: read (\S+) for the rest\.\]\n\Z", text)
                pages.append(text[:cut.start()] if cut else text)
                uri = cut and cut.group(2)
                if cut:
                    self.assertTrue(uri.endswith("?offset=" + cut.group(1)), uri)
            return tools, codes, descriptions, pages

        tools, codes, descriptions, pages = self.run_client(body)
        for name, results, key in [("get_code", codes, "code"), ("get_session", descriptions, "description")]:
            self.assertGreater(len(results), 1, name)
            for result in results:
                Draft202012Validator(closed(tools[name].output_schema)).validate(result.structured_content)
                self.assertLessEqual(len(result.structured_content[key]), limit, name)
        self.assertEqual("".join(r.structured_content["code"] for r in codes), code)
        self.assertEqual("".join(r.structured_content["description"] for r in descriptions), description)
        self.assertIn("offset=", codes[0].structured_content["note"])
        self.assertIn("description_offset=", descriptions[0].structured_content["more"])
        self.assertGreater(len(pages), 1)
        self.assertTrue(all(len(page) <= limit for page in pages))
        self.assertIn("\n" + description + "\n", "".join(pages))
        self.assertEqual(self.stderr, "")

    def test_read_only_without_allow_writes(self):
        """A write tool is not offered; called anyway, it fails saying that writes need --allow-writes."""
        async def body(session, init):
            tools = await self.all_pages(session.list_tools, "tools")
            try:
                result = await session.call_tool("add_favorite", {"id": "wwdc2026-101"})
                refused = (result.is_error, " ".join(c.text for c in result.content if c.type == "text"))
            except MCPError as error:
                refused = (True, error.error.message)
            return tools, refused

        tools, (is_error, text) = self.run_client(body)
        self.assertNotIn("add_favorite", [t.name for t in tools])
        self.assertTrue(is_error)
        self.assertIn("writes need it started with --allow-writes", text)

    def test_the_auto_client_falls_back_to_initialize(self):
        """The SDK's newer Client first probes with server/discover; -32601 makes it fall back to initialize."""
        try:
            from mcp import Client
        except ImportError:
            self.skipTest("this SDK has no Client")

        async def main():
            async with Client(StdioServerParameters(command=WWDC, args=["mcp"], env=self.env)) as client:
                return [t.name for t in (await client.list_tools()).tools]

        names = asyncio.run(asyncio.wait_for(main(), 60))
        self.assertIn("search", names)


if __name__ == "__main__":
    unittest.main()
