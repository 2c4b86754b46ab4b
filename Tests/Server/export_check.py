#!/usr/bin/env python3
"""Checks `wwdc export` files against the store they came from, with parsers that are not wwdc's.

    export_check.py STORE.db --json FILE [--csv LIST FILE]... [--markdown FILE]

The store is read with Python's sqlite3, the JSON with its json module, the CSV with its csv module
(RFC 4180 quoting, CRLF line ends), the Markdown by its lines. Each file must hold exactly the
favorites, bookmarks, notes and history of the store: the same items, in the same order, with the
same values (times to the second). The CSV's formula guard is undone as wwdc documents it: one
leading `'` is dropped from a text field that has one. Prints `ok` and the counts, or every
difference, then exits 1.
"""

import argparse
import csv
import io
import json
import re
import sqlite3
import sys
from datetime import datetime, timedelta, timezone

problems = []


def expect(condition, message):
    if not condition:
        problems.append(message)


def local_iso(seconds, offset):
    if seconds is None:
        return None
    zone = timezone(timedelta(seconds=offset or 0))
    return datetime.fromtimestamp(int(seconds // 1), zone).isoformat()


def utc_seconds(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def m_ss(seconds):
    total = int(seconds // 1)
    hours, minutes, rest = total // 3600, total // 60 % 60, total % 60
    return f"{hours}:{minutes:02d}:{rest:02d}" if hours else f"{minutes}:{rest:02d}"


def store_lists(path):
    """What the store holds, as the export's fields; dates as seconds."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    favorites = [
        {"id": r[0], "title": r[1], "event": r[2], "start": local_iso(r[4], r[6]), "end": local_iso(r[5], r[6]), "url": r[3],
         "updatedAt": r[7]}
        for r in db.execute("""
            SELECT f.session_id, s.title, s.event_id, s.web_permalink, i.start_time, i.end_time, i.utc_offset, f.updated_at
            FROM favorites f LEFT JOIN sessions s ON s.id = f.session_id LEFT JOIN instances i ON i.sid = s.sid
            WHERE f.is_favorite = 1 ORDER BY f.session_id""")
    ]
    rows = list(db.execute("""
        SELECT b.session_id, s.title, b.time, b.note, b.created_at, b.id
        FROM bookmarks b LEFT JOIN sessions s ON s.id = b.session_id"""))
    rows.sort(key=lambda r: (r[0], r[2], r[4], r[5]))
    bookmarks, numbers = [], {}
    for r in rows:
        numbers[r[0]] = numbers.get(r[0], 0) + 1
        n = numbers[r[0]]
        bookmarks.append({"id": r[0], "title": r[1], "number": n, "time": r[2], "at": m_ss(r[2]), "note": r[3],
                          "createdAt": r[4], "command": f"wwdc watch {r[0]} --bookmark {n}"})
    notes = [
        {"id": r[0], "title": r[1], "text": r[2], "updatedAt": r[3]}
        for r in db.execute("""
            SELECT n.session_id, s.title, n.text, n.updated_at FROM notes n LEFT JOIN sessions s ON s.id = n.session_id
            ORDER BY n.session_id""")
    ]
    history = []
    for r in db.execute("""
            SELECT p.session_id, s.title, p.position, p.duration, p.watched, p.updated_at
            FROM watch_progress p LEFT JOIN sessions s ON s.id = p.session_id
            ORDER BY p.updated_at DESC, p.session_id"""):
        watched = bool(r[4])
        progress = 1.0 if watched else (min(max(r[2] / r[3], 0), 1) if r[2] is not None and r[3] else None)
        history.append({"id": r[0], "title": r[1], "state": "watched" if watched else "in progress", "position": r[2],
                        "duration": r[3], "progress": progress, "updatedAt": r[5]})
    return {"favorites": favorites, "bookmarks": bookmarks, "notes": notes, "history": history}


DATES = {"updatedAt", "createdAt"}
NUMBERS = {"number", "time", "position", "duration", "progress"}


def same(where, expected, found):
    """Compares one list's items field by field; `found` has strings for dates, numbers as numbers."""
    expect(len(found) == len(expected), f"{where}: {len(found)} items, the store has {len(expected)}")
    for index, (want, got) in enumerate(zip(expected, found)):
        expect(set(got) == set(want), f"{where}[{index}]: fields {sorted(got)}, expected {sorted(want)}")
        for key, value in want.items():
            seen = got.get(key)
            if key in DATES:
                expect(isinstance(seen, str) and abs(utc_seconds(seen) - value) < 1, f"{where}[{index}].{key}: {seen!r} for {value}")
            elif key in NUMBERS and value is not None:
                expect(isinstance(seen, (int, float)) and abs(seen - value) < 1e-9, f"{where}[{index}].{key}: {seen!r}, expected {value!r}")
            else:
                expect(seen == value, f"{where}[{index}].{key}: {seen!r}, expected {value!r}")


def check_json(path, store):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    expect(sorted(document) == sorted(store), f"json: keys {sorted(document)}")
    for name, items in store.items():
        same(f"json.{name}", items, document.get(name, []))


def check_csv(name, path, store):
    with open(path, "rb") as file:
        raw = file.read()
    expect(raw.endswith(b"\r\n"), f"csv {name}: the last record does not end with CRLF")
    records = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline=""), strict=True))
    header, rows = records[0], records[1:]
    expected = store[name]
    expect(not expected or header == list(expected[0]), f"csv {name}: header {header}")
    found = []
    for row in rows:
        item = {}
        for key, field in zip(header, row):
            if key in NUMBERS:
                item[key] = None if field == "" else float(field)
            elif field.startswith("'"):
                expect(field[1:2] in ("=", "+", "-", "@", "\t", "\r", "'"), f"csv {name}.{key}: a quote before {field[1:2]!r}")
                item[key] = field[1:]
            else:
                item[key] = None if field == "" and key in ("title", "event", "start", "end", "url") else field
        found.append(item)
    same(f"csv {name}", expected, found)


def is_web(url):
    """Whether wwdc makes `url` a link: https, or plain http to this machine, without a user name."""
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    host = (parts.hostname or "").lower()
    if not host or parts.username is not None or any(c.isspace() or c in "<>" for c in url):
        return False
    local = host == "localhost" or host == "::1" or re.fullmatch(r"127(\.\d{1,3}){3}", host) is not None
    return parts.scheme.lower() == "https" or (parts.scheme.lower() == "http" and local)


def unescape_markdown(text):
    text = text.replace("&lt;", "<").replace("&amp;", "&")
    return re.sub(r"\\(.)", r"\1", text)


def check_markdown(path, store):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    sections = {m.group(1).lower(): m.start() for m in re.finditer(r"^## (\w+)$", text, re.M)}
    expect(sorted(sections) == sorted(store), f"markdown: sections {sorted(sections)}")

    def section(name):
        start = sections.get(name, len(text))
        later = [s for s in sections.values() if s > start]
        return text[start:min(later) if later else len(text)]

    def table(name):
        # As GitHub's tables read a row: cells apart at each unescaped '|', then each '\|' is a '|'.
        lines = [line for line in section(name).splitlines() if line.startswith("| ")][2:]
        return [[cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]

    favorites = table("favorites")
    expect(len(favorites) == len(store["favorites"]), f"markdown favorites: {len(favorites)} rows")
    for row, want in zip(favorites, store["favorites"]):
        expect(row[0] == f"`{want['id']}`", f"markdown favorite id {row[0]!r}")
        expect(unescape_markdown(row[1]) == (want["title"] or "(no longer in the feed)"), f"markdown favorite title {row[1]!r}")
        expect(row[3] == (want["start"] or "") and row[4] == (want["end"] or ""), f"markdown favorite times {row[3:5]}")
        link = want["url"] or ""
        expect(row[5] == f"<{link}>" if is_web(link) else unescape_markdown(row[5]) == link, f"markdown favorite link {row[5]!r}")
    marks = re.findall(r"^(\d+)\. \*\*([0-9:]+)\*\* (?:(.*) )?— `(wwdc watch \S+ --bookmark \d+)`$", section("bookmarks"), re.M)
    expected = [(str(b["number"]), b["at"], " ".join(b["note"].split("\n")).strip(), b["command"]) for b in store["bookmarks"]]
    found = [(n, at, unescape_markdown(note.strip()), c) for n, at, note, c in marks]
    expect(found == expected, f"markdown bookmarks: {found} != {expected}")
    for note in store["notes"]:
        expect(f"\n\n{note['text']}\n" in section("notes"), f"markdown: the note on {note['id']} is not there as written")
    history = table("history")
    expect([row[0].strip("`") for row in history] == [h["id"] for h in store["history"]], "markdown history order")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("store")
    parser.add_argument("--json")
    parser.add_argument("--csv", nargs=2, action="append", default=[], metavar=("LIST", "FILE"))
    parser.add_argument("--markdown")
    arguments = parser.parse_args()
    store = store_lists(arguments.store)
    if arguments.json:
        check_json(arguments.json, store)
    for name, path in arguments.csv:
        check_csv(name, path, store)
    if arguments.markdown:
        check_markdown(arguments.markdown, store)
    if problems:
        print("\n".join(problems))
        return 1
    print("ok " + " ".join(f"{name}={len(items)}" for name, items in store.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
