#!/usr/bin/env python3
"""Generates the bundled sample conference in the WWDC app's feed format.

Writes config.json, contents.json (and contents_jpn.json, a few items in Japanese), news.json,
videos_live.json, articles.json (and articles_jpn.json), transcripts/ (a transcript per video in
English, a few in Japanese, with a manifest and a digest per language) and README.md, whose numbers
are computed from the generated data.

Deterministic: no clock, no randomness (choices come from SHA-256 of fixed keys), so running it
twice gives byte-identical files. The output is committed, so the app never needs Python.

    python3 Fixtures/generate.py            # rewrite the files next to this script
    python3 Fixtures/generate.py --check    # exit 1 if the committed files are out of date
    python3 Fixtures/generate.py --out DIR  # write somewhere else

All text here is written for this project; it is shaped like Apple's feeds, never copied from them.
"""

import argparse
import collections
import hashlib
import html
import json
import os
import re
import sys
import uuid
from datetime import datetime, timedelta, timezone

PDT = timezone(timedelta(hours=-7))
NAMESPACE = uuid.UUID("6f1c7a52-3a1e-4c38-9a55-0b6b2f0e2026")
ALL_PLATFORMS = ["iOS", "macOS", "tvOS", "visionOS", "watchOS"]
MEDIA_HOST = "https://devstreaming.example.com/videos/wwdc"
WEB_HOST = "https://developer.example.com"


def digest(*parts):
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()


def pick_int(lo, hi, *key):
    """A stable 'random' integer in [lo, hi] derived from key."""
    return lo + int(digest(*key)[:12], 16) % (hi - lo + 1)


def stable_uuid(*key):
    return str(uuid.uuid5(NAMESPACE, "/".join(str(k) for k in key))).upper()


def slug(text):
    out, dash = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash and out:
            out.append("_")
            dash = True
    return "".join(out).strip("_")[:60].strip("_") or "session"


def iso(day, hhmm):
    """day: date tuple; hhmm: 'HH:MM' local Pacific time (PDT in June)."""
    hh, mm = map(int, hhmm.split(":"))
    return datetime(*day, hh, mm, tzinfo=PDT).isoformat()


def plus_minutes(hhmm, minutes):
    hh, mm = map(int, hhmm.split(":"))
    total = hh * 60 + mm + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


# --------------------------------------------------------------------------------------------
# Catalogue: tracks, rooms, technologies
# --------------------------------------------------------------------------------------------

# (id, name, color, darkColor, titleColor, lightBGColor); ids deliberately differ from ordinals.
TRACKS = [
    (11, "Featured", "#4A5A6A", "#1E252C", "#2F3B47", "#DCE1E6"),
    (12, "Developer Tools", "#D9622B", "#3F1C0C", "#9A3F14", "#F8DDD0"),
    (13, "App Frameworks", "#1F9E89", "#0B3A32", "#136B5C", "#D0EEE9"),
    (14, "System Services", "#7A8F2E", "#2A3110", "#4F5E1B", "#E9EED6"),
    (15, "Graphics & Games", "#C99A06", "#3D2F02", "#8A6904", "#F6ECCB"),
    (16, "Spatial Computing", "#5B6CD6", "#1B2046", "#3A47A0", "#DDE1F7"),
    (17, "Machine Learning", "#B0458F", "#3B1730", "#7C2E64", "#F1D9EA"),
    (18, "Design", "#2B9BC4", "#0D3342", "#176C8C", "#D3ECF5"),
]
TRACK_ID = {name: tid for tid, name, *_ in TRACKS}

# (id, name, regionId or None)
ROOMS = [
    (101, "Main Hall", 9001),
    (102, "Hall A", 9002),
    (103, "Hall B", 9003),
    (104, "Hall C", 9004),
    (105, "Presidio", 9005),
    (106, "Mission", 9006),
    (107, "Tech Lab North", 9007),
    (108, "Tech Lab South", 9008),
    (109, "Design Lab", 9009),
    (110, "Plaza", None),
]
ROOM_ID = {name: rid for rid, name, _ in ROOMS}
SESSION_ROOMS = ["Hall A", "Hall B", "Hall C", "Presidio", "Mission"]
LAB_ROOMS = ["Tech Lab North", "Tech Lab South", "Design Lab"]

# track -> [(technology, what it helps you do, platforms, keywords)]
TECHNOLOGIES = {
    "Developer Tools": [
        ("Xcode", "write, build, and debug apps for every Apple platform", ALL_PLATFORMS,
         ["xcode", "ide", "build settings", "previews", "source editor"]),
        ("Swift", "write code that is safe, fast, and expressive", ALL_PLATFORMS,
         ["swift", "language", "generics", "macros", "ownership"]),
        ("Swift Testing", "express tests clearly and run them in parallel", ALL_PLATFORMS,
         ["testing", "unit tests", "expectations", "parameterized tests"]),
        ("Instruments", "find performance problems before your users notice them", ALL_PLATFORMS,
         ["profiling", "hangs", "memory", "energy", "signposts"]),
    ],
    "App Frameworks": [
        ("SwiftUI", "build user interfaces that feel at home on any Apple device", ALL_PLATFORMS,
         ["swiftui", "layout", "state", "navigation", "animation"]),
        ("UIKit", "craft rich, responsive iPhone and iPad apps", ["iOS", "tvOS", "visionOS"],
         ["uikit", "view controllers", "collection view", "scenes"]),
        ("SwiftData", "model and persist your app's data with a few lines of Swift", ALL_PLATFORMS,
         ["persistence", "database", "model", "migration", "query"]),
        ("App Intents", "expose your app's actions to Siri, Shortcuts, and Spotlight", ALL_PLATFORMS,
         ["siri", "shortcuts", "spotlight", "intents", "automation"]),
        ("WidgetKit", "put timely, glanceable information on the Home Screen and beyond",
         ["iOS", "macOS", "visionOS", "watchOS"],
         ["widgets", "timeline", "live activities", "complications"]),
    ],
    "System Services": [
        ("CloudKit", "store and sync data in iCloud without running a server", ALL_PLATFORMS,
         ["icloud", "sync", "database", "sharing", "records"]),
        ("StoreKit", "offer in-app purchases and subscriptions", ALL_PLATFORMS,
         ["in-app purchase", "subscriptions", "receipts", "offers"]),
        ("HealthKit", "read and write health data with the person's permission",
         ["iOS", "visionOS", "watchOS"], ["health", "fitness", "workouts", "privacy"]),
        ("Background Tasks", "schedule work that runs while your app is off screen",
         ["iOS", "tvOS", "visionOS", "watchOS"], ["background", "refresh", "processing", "battery"]),
        ("Passkeys", "let people sign in without ever typing a password", ALL_PLATFORMS,
         ["authentication", "passwords", "webauthn", "security", "sign in"]),
    ],
    "Graphics & Games": [
        ("Metal", "render advanced 3D graphics and run parallel work on the GPU",
         ["iOS", "macOS", "tvOS", "visionOS"], ["gpu", "shaders", "rendering", "compute"]),
        ("Game Controller", "support controllers, keyboards, and mice in your game",
         ["iOS", "macOS", "tvOS", "visionOS"], ["games", "input", "controllers", "haptics"]),
        ("SpriteKit", "make 2D games with built-in physics", ["iOS", "macOS", "tvOS", "watchOS"],
         ["2d", "sprites", "physics", "particles"]),
        ("Core Animation", "animate layers smoothly at high frame rates", ["iOS", "macOS", "tvOS"],
         ["animation", "layers", "frame rate", "rendering"]),
        ("Game Center", "connect players with leaderboards, achievements, and multiplayer",
         ["iOS", "macOS", "tvOS", "visionOS"], ["leaderboards", "achievements", "multiplayer"]),
    ],
    "Spatial Computing": [
        ("RealityKit", "simulate and render 3D content in your app", ["iOS", "macOS", "visionOS"],
         ["3d", "entities", "physics", "materials"]),
        ("ARKit", "blend digital content with the world around you", ["iOS", "visionOS"],
         ["augmented reality", "tracking", "anchors", "scene understanding"]),
        ("Immersive Spaces", "take people beyond the window into fully immersive scenes", ["visionOS"],
         ["immersion", "volumes", "windows", "environments"]),
        ("Spatial Audio", "place sound convincingly in three dimensions",
         ["iOS", "macOS", "tvOS", "visionOS"], ["audio", "sound", "head tracking"]),
        ("Reality Composer Pro", "compose, edit, and preview 3D scenes", ["macOS", "visionOS"],
         ["scenes", "shader graph", "assets", "usd"]),
    ],
    "Machine Learning": [
        ("Core ML", "run machine learning models on device, privately and efficiently", ALL_PLATFORMS,
         ["ml", "models", "inference", "neural engine", "quantization"]),
        ("Create ML", "train custom models on your Mac without writing code", ["macOS"],
         ["training", "datasets", "classification", "models"]),
        ("Vision", "detect faces, text, and objects in images and video", ALL_PLATFORMS,
         ["image analysis", "text recognition", "object detection"]),
        ("Natural Language", "analyze and understand text in dozens of languages", ALL_PLATFORMS,
         ["nlp", "tokenization", "embeddings", "sentiment"]),
        ("Speech", "turn spoken audio into text on device", ["iOS", "macOS", "visionOS", "watchOS"],
         ["speech recognition", "transcription", "dictation"]),
    ],
    "Design": [
        ("SF Symbols", "draw thousands of consistent, configurable icons", ALL_PLATFORMS,
         ["symbols", "icons", "variable color", "rendering modes"]),
        ("Accessibility", "make your app usable by everyone", ALL_PLATFORMS,
         ["voiceover", "dynamic type", "inclusive design", "assistive technologies"]),
        ("Typography", "set text that stays legible and expressive at every size", ALL_PLATFORMS,
         ["fonts", "type", "legibility", "text styles"]),
        ("App Icons", "create memorable icons for light, dark, and tinted appearances", ALL_PLATFORMS,
         ["icons", "branding", "appearance", "dark mode"]),
        ("Localization", "bring your app to people in their own languages", ALL_PLATFORMS,
         ["languages", "string catalogs", "right-to-left", "formatting"]),
    ],
}

# (title pattern, description pattern); {n} technology, {b} what it helps you do.
SESSION_TEMPLATES = [
    ("What's new in {n}",
     "Catch up on the latest in {n}, which helps you {b}. We walk through this year's new APIs, "
     "show how they fit alongside what you already use, and share tips for adopting them in an "
     "existing project."),
    ("Meet {n}",
     "New to {n}? Learn how it helps you {b}, explore the core concepts through a small sample "
     "app, and find out where to go next."),
    ("Dive deeper into {n}",
     "Go beyond the basics of {n}. Discover how the pieces fit together under the hood and use that "
     "knowledge to {b} with confidence."),
    ("Get started with {n}",
     "Take your first steps with {n}. Build a small project from scratch and see how {n} helps you "
     "{b}."),
    ("{n} best practices",
     "Learn the patterns our engineers recommend when you use {n} to {b}, and the common pitfalls "
     "that are easy to avoid once you know about them."),
    ("Explore advanced {n} techniques",
     "Push {n} further. Explore advanced techniques that help you {b} in demanding, real-world "
     "apps, with plenty of code along the way."),
    ("Profile and debug {n} code",
     "Find out how to diagnose problems in code that uses {n}. See the tools and workflows that "
     "help you {b} without surprises in production."),
    ("Design great experiences with {n}",
     "Discover design principles for {n} that help you {b}, and look at the thoughtful details that "
     "make an app feel at home on every platform."),
]
# Which templates read naturally for each kind of technology (indexes into SESSION_TEMPLATES).
TEMPLATES_FOR_KIND = {
    "framework": [0, 1, 2, 3, 4, 5, 6, 7],
    "tool": [0, 1, 2, 3, 4, 5],
    "design": [0, 1, 2, 3, 4, 7],
}
TOOLS = {"Xcode", "Swift", "Swift Testing", "Instruments", "Create ML", "Reality Composer Pro"}


def tech_kind(track, name):
    return "design" if track == "Design" else "tool" if name in TOOLS else "framework"


CLOSINGS = [
    "",
    " Bring your questions to the related lab afterwards.",
    " Sample code is available for download.",
    " This session builds on last year's introduction.",
]
VIDEO_TEMPLATES = [
    ("A quick tour of {n}",
     "In just a few minutes, see how {n} helps you {b}. A short, focused introduction you can "
     "watch between sessions."),
    ("Tips and tricks for {n}",
     "A handful of small techniques that save time every day when you use {n} to {b}."),
]

# Topics as later feeds describe them (used by the wwdc2025 items and the collections).
# (id, title, tracks whose wwdc2025 videos it covers)
TOPICS = [
    (301, "Swift & Developer Tools", ["Developer Tools"]),
    (302, "App Frameworks & Services", ["App Frameworks", "System Services"]),
    (303, "Graphics & Games", ["Graphics & Games"]),
    (304, "Spatial Computing", ["Spatial Computing"]),
    (305, "Machine Learning & AI", ["Machine Learning"]),
    (306, "Design & Accessibility", ["Design"]),
    (307, "Privacy & Security", []),
    (308, "App Store & Distribution", []),
    (309, "Business & Marketing", []),
    (310, "Essentials", []),
]
TOPIC_FOR_TRACK = {t: tid for tid, _, tracks in TOPICS for t in tracks}
# (id, title, topic ids in order). Topic 310 is in no category on purpose ("Other topics").
TOPIC_CATEGORIES = [
    (1, "Build", [301, 302, 307]),
    (2, "Create", [306, 303, 304, 305]),
    (3, "Launch", [308, 309]),
]
UNCATEGORISED_TOPIC = 310

# --------------------------------------------------------------------------------------------
# Hostile text: terminal escapes, SQL-looking quotes, bidi/zero-width, an overlong title.
# --------------------------------------------------------------------------------------------

HOSTILE = [
    (990, "ansi",
     "Terminal Tricks \u001b[2J\u001b]0;pwned\u0007\u001b[31mRed Alert\u001b[0m for Command-Line Tools",
     "A session whose title and description carry terminal control sequences: clear screen "
     "\u001b[2J, set window title \u001b]0;pwned\u0007, a colour \u001b[1;31mthat never "
     "ends, a cursor move \u001b[10;10H and a bell \u0007. A client must print none of them raw."),
    (991, "sql",
     "Robert'); DROP TABLE sessions;-- and \"Little Bobby Tables\" on Safe Queries \\ Backslashes",
     "Quotes ' \" ` and statements like '); DELETE FROM favorites WHERE 1=1;-- must be stored as "
     "plain text. Bind every value; never build SQL by concatenation. 100% of 'values' stay "
     "values; LIKE patterns with % and _ stay literal."),
    (992, "bidi",
     "Bidirectional Text \u202eredaeH cilbuP\u202c Made \u200bInvisible\u200d\u200c\ufeff Easy",
     "Right-to-left override \u202egnirts desrever a\u202c, zero-width space \u200b, zero-width "
     "joiner \u200d, zero-width non-joiner \u200c, a byte-order mark \ufeff, and Arabic "
     "\u0645\u0631\u062d\u0628\u0627 and Hebrew \u05e9\u05dc\u05d5\u05dd mixed with English."),
    (993, "long",
     "An Extraordinarily Long Session Title That Keeps Going Well Past Any Reasonable Column Width "
     "So That Every Table, List, Truncation Routine and Terminal Layout in the Client Has to Cope "
     "Gracefully With Text That Simply Refuses to End Where a Designer Would Expect It to Stop, "
     "Even on a Very Wide Terminal",
     "A title of about three hundred characters, to test wrapping and truncation."),
]
HOSTILE_NEWS_ID = "NEWS-HOSTILE"

# --------------------------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------------------------


class Catalogue:
    def __init__(self):
        self.contents = []
        self.by_id = {}
        self.static_id = 7000

    def add(self, item):
        assert item["id"] not in self.by_id, item["id"]
        self.contents.append(item)
        self.by_id[item["id"]] = item
        return item

    def next_static_id(self):
        self.static_id += 1
        return self.static_id


def event_short(event_id):
    return "wwdc" + event_id[-2:]


def media_for(event_id, ecid, title, kind="session"):
    year = event_id[-4:]
    token = digest("media", event_id, ecid)[:14]
    base = f"{MEDIA_HOST}/{year}/{ecid}{token}/{ecid}"
    name = slug(title)
    duration = pick_int(900, 3300, "duration", event_id, ecid)
    if kind == "keynote":
        return {
            "hls": f"{base}/hls_vod_mvp.m3u8",
            "tvOShls": f"{base}/atv_vod_mvp.m3u8",
            "downloadHD": f"{base}/{ecid}_hd_{name}.mp4",
            "downloadSD": f"{base}/{ecid}_sd_{name}.mp4",
            "duration": pick_int(5400, 7800, "duration", event_id, ecid),
        }
    media = {"hls": f"{base}/hls_vod_mvp.m3u8"}
    if pick_int(0, 2, "tvos", event_id, ecid) == 0:
        media["tvOShls"] = f"{base}/atv_vod_mvp.m3u8"
    media["slides"] = f"{base}/{ecid}_{name}.pdf"
    media["subtitles"] = f"{base}/subtitles/eng/{ecid}_sd_{name}.vtt"
    media["downloadHD"] = f"{base}/{ecid}_hd_{name}.mp4"
    media["downloadSD"] = f"{base}/{ecid}_sd_{name}.mp4"
    media["duration"] = duration if kind == "session" else pick_int(240, 720, "short", event_id, ecid)
    return media


def content(cat, event_id, ecid, title, description, *, kind, track=None, room=None, start=None,
            end=None, platforms=None, keywords=None, media=None, topics=None, published=None,
            action=None):
    """One item, keys in the order Apple's feed uses."""
    item = {
        "id": f"{event_id}-{ecid}",
        "staticContentId": cat.next_static_id(),
        "eventContentId": ecid,
        "eventId": event_id,
        "webPermalink": f"{WEB_HOST}/{event_short(event_id)}/{ecid}",
        "description": description,
        "title": title,
    }
    if start:
        item["startTime"] = start
        item["endTime"] = end
    item["platforms"] = list(platforms or ALL_PLATFORMS)
    if keywords:
        item["keywords"] = list(keywords)
    if topics:
        item["topicIds"] = list(topics)
    if published:
        item["originalPublishingDate"] = published
    if track:
        item["trackId"] = TRACK_ID[track]
    item["type"] = kind
    if action:
        item["actionLinkPrompt"], item["actionLinkURL"] = action
    if room:
        item["roomId"] = ROOM_ID[room]
    if media:
        item["images"] = ["square", "wide"]
        item["media"] = media
    return cat.add(item)


def describe(template, name, blurb, *key):
    return template.format(n=name, b=blurb) + CLOSINGS[pick_int(0, len(CLOSINGS) - 1, *key)]


class Schedule:
    """Hands out (room, start, end) slots so that no two items share a room at the same time."""

    def __init__(self):
        self.booked = collections.defaultdict(list)  # room -> [(startISO, endISO, id)]

    def book(self, room, day, start, minutes, owner):
        s, e = iso(day, start), iso(day, plus_minutes(start, minutes))
        for bs, be, other in self.booked[room]:
            assert not (s < be and bs < e), f"{owner} overlaps {other} in {room}"
        self.booked[room].append((s, e, owner))
        return s, e


def build_wwdc2026(cat, sched):
    ev = "wwdc2026"
    days = [(2026, 6, d) for d in (8, 9, 10, 11, 12)]
    mon, tue, wed, thu, fri = days
    items_by_tech = collections.defaultdict(list)

    # Featured: special events and get-togethers, hand placed.
    specials = [
        (101, "Keynote", "Kick off the week with the first look at this year's platforms, "
         "straight from the people who built them.", mon, "10:00", 105, "Main Hall", "keynote"),
        (102, "Platforms State of the Union", "A deeper tour of the new tools, languages and "
         "frameworks across all platforms, and what they mean for your apps.", mon, "13:00", 90,
         "Main Hall", "keynote"),
        (103, "Apple Design Awards", "Celebrate the apps and games that stood out this year for "
         "delight, innovation, inclusivity and craft.", mon, "15:00", 60, "Main Hall", "keynote"),
        (104, "Morning Run", "Start the day with an easy five-kilometre run along the river with "
         "fellow attendees. All paces welcome.", wed, "07:00", 60, "Plaza", None),
        (105, "Lunchtime Talk: Building a Studio From One App",
         "An independent developer shares ten years of lessons from turning a side project into a "
         "small, sustainable studio.", tue, "12:00", 60, "Main Hall", None),
        (106, "Lunchtime Talk: The Science of Sleep",
         "A researcher explains what we know about sleep and how technology can help rather than "
         "hurt.", wed, "12:00", 60, "Main Hall", None),
        (107, "The Bash", "Music, food and good company to celebrate the week. Bring your badge.",
         thu, "19:00", 180, "Plaza", None),
        (108, "Student Showcase", "Meet this year's student challenge winners and try the "
         "projects they built.", tue, "17:30", 90, "Main Hall", None),
    ]
    for ecid, title, desc, day, start, minutes, room, kind in specials:
        s, e = sched.book(room, day, start, minutes, f"{ev}-{ecid}")
        media = media_for(ev, ecid, title, "keynote") if kind else None
        content(cat, ev, ecid, title, desc, kind="Special Event", track="Featured", room=room,
                start=s, end=e, media=media)

    gets = [
        (150, "Welcome Get-Together", "Say hello to other attendees on the first evening of the "
         "conference.", mon, "18:30", 90, "Plaza"),
        (151, "Women in Technology Breakfast", "Open to women and allies: breakfast, coffee and "
         "conversation to start the day.", wed, "07:30", 75, "Main Hall"),
        (152, "Accessibility Get-Together", "Meet developers who care about making apps work "
         "for everyone, and share what you have learned.", tue, "18:00", 60, "Plaza"),
        (153, "Game Developers Get-Together", "Swap stories, demos and tips with other game "
         "makers.", tue, "19:15", 75, "Plaza"),
        (154, "Indie Developers Get-Together", "For people building and running apps on their own "
         "or in small teams.", wed, "18:00", 60, "Plaza"),
        (155, "Localization Get-Together", "Talk about bringing apps to new languages and "
         "regions.", thu, "07:30", 60, "Main Hall"),
    ]
    for ecid, title, desc, day, start, minutes, room in gets:
        s, e = sched.book(room, day, start, minutes, f"{ev}-{ecid}")
        content(cat, ev, ecid, title, desc, kind="Get-Together", track="Featured", room=room,
                start=s, end=e)

    # Session slots: time-major, then room, across the week.
    session_slots = []
    for day, starts in [(mon, ["15:00", "16:00", "17:00"]),
                        (tue, ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00"]),
                        (wed, ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00"]),
                        (thu, ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00"]),
                        (fri, ["09:00", "10:00", "11:00", "13:00", "14:00"])]:
        for start in starts:
            for room in SESSION_ROOMS:
                session_slots.append((day, start, room))
    lab_slots = []
    for day, starts in [(mon, ["15:00", "16:30"]),
                        (tue, ["09:00", "10:30", "12:00", "13:30", "15:00", "16:30"]),
                        (wed, ["09:00", "10:30", "12:00", "13:30", "15:00", "16:30"]),
                        (thu, ["09:00", "10:30", "12:00", "13:30", "15:00", "16:30"]),
                        (fri, ["09:00", "10:30", "12:00", "13:30"])]:
        for start in starts:
            for room in LAB_ROOMS:
                lab_slots.append((day, start, room))

    # Sessions: four per technology; tracks interleaved so each hour mixes tracks.
    planned = []  # (track, tech tuple, template index)
    for track, techs in TECHNOLOGIES.items():
        for j, tech in enumerate(techs):
            allowed = TEMPLATES_FOR_KIND[tech_kind(track, tech[0])]
            for k in range(4):
                planned.append((track, tech, allowed[(2 * j + k) % len(allowed)], k))
    per_track = collections.defaultdict(list)
    for p in planned:
        per_track[p[0]].append(p)
    order = []
    queues = [per_track[t] for t in TECHNOLOGIES]
    while any(queues):
        for q in queues:
            if q:
                order.append(q.pop(0))
    # The hostile sessions take the place of nothing: they are extra Developer Tools sessions,
    # spread through the week.
    hostile_positions = {5: 0, 41: 1, 77: 2, 113: 3}
    numbering = collections.Counter()
    slot_iter = iter(session_slots)
    sequence = []
    for i, p in enumerate(order):
        if i in hostile_positions:
            sequence.append(("hostile", HOSTILE[hostile_positions[i]]))
        sequence.append(("session", p))
    for kind, payload in sequence:
        day, start, room = next(slot_iter)
        if kind == "hostile":
            ecid, _, title, desc = payload
            minutes = 40
            s, e = sched.book(room, day, start, minutes, f"{ev}-{ecid}")
            content(cat, ev, ecid, title, desc, kind="Session", track="Developer Tools", room=room,
                    start=s, end=e, keywords=["security", "hostile input", "terminal"],
                    media=media_for(ev, ecid, title))
            continue
        track, (name, blurb, platforms, keywords), t, k = payload
        tindex = list(TECHNOLOGIES).index(track) + 1
        numbering[track] += 1
        ecid = 100 * (tindex + 1) + numbering[track]
        title_t, desc_t = SESSION_TEMPLATES[t]
        title = title_t.format(n=name)
        minutes = 40 if pick_int(0, 2, "len", ecid) else 60
        s, e = sched.book(room, day, start, minutes, f"{ev}-{ecid}")
        item = content(cat, ev, ecid, title, describe(desc_t, name, blurb, ev, ecid), kind="Session",
                       track=track, room=room, start=s, end=e, platforms=platforms,
                       keywords=keywords, media=media_for(ev, ecid, title))
        items_by_tech[name].append(item)

    # Labs: one walk-in lab per technology, then appointment labs for most of them.
    lab_plan = []
    for track, techs in TECHNOLOGIES.items():
        for tech in techs:
            lab_plan.append((track, tech, False))
    appointment = [(track, tech, True) for track, techs in TECHNOLOGIES.items() for tech in techs]
    lab_plan += appointment[:30]
    lab_iter = iter(lab_slots)
    for n, (track, (name, blurb, platforms, keywords), by_appointment) in enumerate(lab_plan, 1):
        day, start, room = next(lab_iter)
        ecid = 8000 + n
        if by_appointment:
            title = f"{name} Consultations by Appointment"
            desc = (f"Reserve a 30-minute one-on-one conversation about {name} with an engineer. "
                    "Bring a build or a prototype. Appointments are limited and fill quickly.")
            action = ("Request appointment", f"{WEB_HOST}/wwdc26/labs/{ecid}/request")
        else:
            title = f"{name} Lab"
            desc = (f"Get answers to your {name} questions from the engineers who build it. Bring "
                    "your code, your questions and your ideas.")
            action = None
        s, e = sched.book(room, day, start, 90, f"{ev}-{ecid}")
        item = content(cat, ev, ecid, title, desc, kind="Lab", track=track, room=room, start=s,
                       end=e, platforms=platforms, action=action)
        items_by_tech[name].append(item)

    # Online-only videos: no time, no room.
    techs = [(track, tech) for track, ts in TECHNOLOGIES.items() for tech in ts]
    for n in range(16):
        track, (name, blurb, platforms, keywords) = techs[(n * 3) % len(techs)]
        title_t, desc_t = VIDEO_TEMPLATES[n % 2]
        ecid = 1001 + n
        title = title_t.format(n=name)
        item = content(cat, ev, ecid, title, desc_t.format(n=name, b=blurb), kind="Video",
                       track=track, platforms=platforms, keywords=keywords,
                       media=media_for(ev, ecid, title, "video"))
        items_by_tech[name].append(item)
    return items_by_tech


def build_wwdc2027(cat, sched):
    ev = "wwdc2027"
    mon, tue, wed = (2027, 6, 7), (2027, 6, 8), (2027, 6, 9)
    s, e = sched.book("Main Hall", mon, "10:00", 105, f"{ev}-101")
    content(cat, ev, 101, "Keynote", "The first look at next year's platforms. Schedule subject to "
            "change.", kind="Special Event", track="Featured", room="Main Hall", start=s, end=e)
    starts = ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"]
    for i, (track, techs) in enumerate(TECHNOLOGIES.items()):
        name, blurb, platforms, keywords = techs[0]
        ecid = 100 * (i + 2) + 1
        room = SESSION_ROOMS[i % len(SESSION_ROOMS)]
        s, e = sched.book(room, tue, starts[i], 40, f"{ev}-{ecid}")
        content(cat, ev, ecid, f"What's new in {name}",
                f"A preview of what is coming to {name}, which helps you {blurb}. Details will be "
                "announced at the conference.", kind="Session", track=track, room=room, start=s,
                end=e, platforms=platforms, keywords=keywords)
    for n, (track, name) in enumerate([("App Frameworks", "SwiftUI"), ("Developer Tools", "Swift")], 1):
        ecid = 8000 + n
        room = LAB_ROOMS[n - 1]
        s, e = sched.book(room, wed, "10:30", 90, f"{ev}-{ecid}")
        content(cat, ev, ecid, f"{name} Lab", f"Bring your {name} questions to the engineers who "
                "build it.", kind="Lab", track=track, room=room, start=s, end=e)


def build_wwdc2025(cat):
    ev = "wwdc2025"
    items = {}
    techs = [(track, tech) for track, ts in TECHNOLOGIES.items() for tech in ts]
    for n in range(15):
        track, (name, blurb, platforms, keywords) = techs[(n * 2) % len(techs)]
        t = n % 4
        title_t, desc_t = SESSION_TEMPLATES[t]
        ecid = 201 + n
        title = title_t.format(n=name)
        topics = [TOPIC_FOR_TRACK[track]]
        if track != "Design" and n % 3 == 0:
            topics.append(306)
        day = 9 + n % 5
        published = datetime(2025, 6, day, 10, 0, tzinfo=PDT).isoformat()
        items[name] = content(cat, ev, ecid, title, describe(desc_t, name, blurb, ev, ecid),
                              kind="Video", platforms=platforms, keywords=keywords,
                              topics=topics, published=published, media=media_for(ev, ecid, title))
    return items


def link_related(cat, by_tech_2026, by_tech_2025, resources):
    """related.activities: same-technology items (and last year's video); resources by topic."""
    res_by_tech = collections.defaultdict(list)
    for r in resources:
        res_by_tech[r["_tech"]].append(r["id"])
    for name, items in by_tech_2026.items():
        for item in items:
            others = [o["id"] for o in items if o is not item]
            activities = others[:4]
            if item["type"] == "Session" and name in by_tech_2025 and item["title"].startswith("What's new"):
                activities.append(by_tech_2025[name]["id"])
            related = {}
            if activities:
                related["activities"] = activities
            if item["type"] in ("Session", "Video") and res_by_tech[name]:
                related["resources"] = res_by_tech[name][: 1 + pick_int(0, 1, "res", item["id"])]
            if related:
                item["related"] = related
    for name, item in by_tech_2025.items():
        if res_by_tech[name]:
            item["related"] = {"resources": res_by_tech[name][:1]}


def build_resources():
    resources = []
    rid = 500
    for track, techs in TECHNOLOGIES.items():
        for name, blurb, _, _ in techs:
            rid += 1
            resources.append({"title": f"{name} documentation", "id": rid,
                              "url": f"{WEB_HOST}/documentation/{slug(name)}",
                              "resource_type": "documentation",
                              "description": f"Reference and articles: how to {blurb}.",
                              "_tech": name})
            if len(resources) % 3 == 0:
                rid += 1
                resources.append({"title": f"Sample code: getting started with {name}", "id": rid,
                                  "url": f"{WEB_HOST}/sample-code/{slug(name)}-starter",
                                  "resource_type": "samplecode", "_tech": name})
    for name, kind in [("Human Interface Guidelines", "guide"), ("App Review Guidelines", "guide")]:
        rid += 1
        resources.append({"title": name, "id": rid, "url": f"{WEB_HOST}/{slug(name)}",
                          "resource_type": kind, "_tech": name})
    return resources


# --------------------------------------------------------------------------------------------
# Modern shapes: collections (news, articles, tech talks), chapters, code snippets, sign-ups,
# languages. Shaped like the feeds of 2020 and later; every text is written for this project.
# --------------------------------------------------------------------------------------------

# The order of an item's keys (existing items keep theirs; new keys slot in where Apple puts them).
ITEM_KEY_ORDER = [
    "id", "staticContentId", "eventContentId", "eventId", "webPermalink", "description", "title",
    "startTime", "endTime", "platforms", "keywords", "topicIds", "primaryTopicID",
    "originalPublishingDate", "publishingExpiryDate", "trackId", "type", "articleID",
    "hasLiveStream", "actionLinkPrompt", "actionLinkURL", "signupInformation", "roomId", "images",
    "media", "codeSnippets", "related",
]


def ordered(item):
    rank = {k: i for i, k in enumerate(ITEM_KEY_ORDER)}
    assert set(item) <= set(rank), f"{item['id']}: unknown keys {set(item) - set(rank)}"
    return {k: item[k] for k in sorted(item, key=rank.__getitem__)}


# Collections are events too (as in Apple's feeds from 2020 on); tech-talks has no dates at all.
COLLECTION_EVENTS = [
    {"name": "News", "current": False, "id": "news", "webUrlKey": "news",
     "startTime": "2026-01-01T00:00:00+00:00", "endTime": "2031-01-01T00:00:00+00:00",
     "imagesPath": "https://images.example.com/wwdc/news", "hashtag": "#DeveloperNews",
     "imageURL": "https://images.example.com/wwdc/glyphs/source-news.pdf",
     "sortOrder": "ungroupedPublishDateDescending", "isSearchable": True, "isBrowsable": False},
    {"name": "Articles", "current": False, "id": "articles", "webUrlKey": "articles",
     "startTime": "2026-01-01T00:00:00+00:00", "endTime": "2031-01-01T00:00:00+00:00",
     "imagesPath": "https://images.example.com/wwdc/articles", "hashtag": "#DeveloperArticles",
     "imageURL": "https://images.example.com/wwdc/glyphs/source-articles.pdf",
     "sortOrder": "ungroupedPublishDateDescending", "isSearchable": True, "isBrowsable": True},
    {"name": "Tech Talks", "current": False, "id": "tech-talks", "webUrlKey": "videos/play/tech-talks",
     "imagesPath": "https://images.example.com/wwdc/tech-talks", "hashtag": "#TechTalks",
     "imageURL": "https://images.example.com/wwdc/glyphs/source-tech-talks.pdf",
     "sortOrder": "ungroupedPublishDateDescending", "isSearchable": True, "isBrowsable": True},
]

# Article items: (eventContentId, title, published (Pacific, YYYY-MM-DDTHH:MM), body HTML or None).
# None: the article has no entry in articles.json (its body is unknown to the client).
NEWS_ARTICLES = [
    (4101, "Lab Appointment Requests Open Soon", "2026-05-21T09:00",
     "<p>This year you can request a one-on-one lab appointment with an engineer before the "
     "conference begins. Requests open on <strong>May 28</strong>, and each lab lists what its "
     "engineers can help with.</p>\n<p>Browse the labs in the schedule, pick the one that matches "
     "your question, and describe in a few sentences what you would like to discuss. You will "
     "hear back by email.</p>"),
    (4102, "Get Ready for WWDC26", "2026-06-01T10:00",
     "<p>WWDC26 begins on Monday, June 8, with the Keynote at 10 AM Pacific time. Turn on "
     "notifications to hear about new sessions and labs as soon as they are announced.</p>\n"
     "<p>In the meantime, catch up on last year's videos and read the "
     "<a href=\"https://developer.example.com/wwdc26/guide\">attendee guide</a> for everything "
     "you need to know about the week.</p>"),
    (4103, "Beta Software Is Available", "2026-06-08T13:00",
     "<p>The first betas of this year's operating systems and developer tools are available to "
     "members of the developer program. Install them on a test device, not on the phone you rely "
     "on every day.</p>\n<p>The release notes list the known issues of each beta. Please report "
     "the problems you find with <strong>Feedback Assistant</strong>, with a diagnostic log "
     "whenever you can.</p>"),
    (4104, "New Design Resources", "2026-06-10T11:30",
     "<p>Updated templates, symbol sets and production files for this year's platforms are ready "
     "to download from the <a href=\"https://developer.example.com/design/resources\">design "
     "resources</a> page.</p>"),
    (4105, "Submitting Apps Built With the New SDKs", "2026-06-22T09:00", None),
]
ARTICLES = [
    (4201, "Designing for Every Screen Size", "2026-03-17T09:00",
     "<p>People use the same app on a phone held in one hand, on a tablet propped on a desk and on "
     "a large display across the room. Layouts that adapt to the space they are given feel at "
     "home on all of them.</p>\n<p>Start from the content: decide what matters most at the "
     "smallest size, then let extra columns and detail appear as room allows. Prefer "
     "<strong>flexible spacing</strong> to fixed offsets, and test with the largest text sizes "
     "turned on.</p>\n<p>Read more in the <a href=\"https://developer.example.com/design/layout\">"
     "layout guidelines</a>.</p>"),
    (4202, "Five Ways to Make Your App Launch Faster", "2026-04-07T09:00",
     "<p>A fast launch is the first impression your app makes. Five habits keep it quick.</p>\n"
     "<p><strong>1.</strong> Defer work the first screen does not need. <strong>2.</strong> Keep "
     "network requests off the main thread. <strong>3.</strong> Load large resources lazily. "
     "<strong>4.</strong> Measure launches on the oldest device you support. <strong>5.</strong> "
     "Compare the launch time of every release with the one before.</p>"),
    (4203, "Behind the Design: Wind & Tide", "2026-04-28T09:00",
     "<p>Two friends set out to build the tide app they wanted on their own boat: readable in "
     "bright sun, usable with wet hands, and honest about what it does not know.</p>\n<p>They "
     "tested every screen on deck. Large, high-contrast numbers replaced a detailed chart, and a "
     "single tap on <strong>Wind &amp; Tide</strong> now shows the next high and low water. "
     "\"If it needs a second look, it is too complicated,\" one of them told us.</p>"),
    (4204, "Localizing Your App With String Catalogs", "2026-05-12T09:00",
     "<p>A string catalog keeps every string of your app, its translations and its plural "
     "variants in one file that Xcode updates as you build.</p>\n<p>Mark user-facing text for "
     "localization, export the catalog for your translators, and import their work when it comes "
     "back. For each language, Xcode shows which strings are new, stale or missing.</p>"),
]
# Japanese (feeds.jpn): article id -> (title, body); the other articles stay in English.
ARTICLES_JPN = {
    "news-4102": (
        "WWDC26の準備をしましょう",
        "<p>WWDC26は、6月8日（月）太平洋時間午前10時からの基調講演で幕を開けます。通知をオンにして"
        "おくと、新しいセッションやラボが発表されたときにすぐにお知らせします。</p>\n<p>それまでに"
        "昨年のビデオを見直したり、<a href=\"https://developer.example.com/wwdc26/guide\">参加者"
        "ガイド</a>で1週間の過ごし方を確認したりしておきましょう。</p>"),
    "articles-4204": (
        "String Catalogでアプリをローカライズする",
        "<p>String Catalogには、アプリのすべての文字列と、その翻訳や複数形のバリエーションが1つの"
        "ファイルにまとめられ、ビルドのたびにXcodeが内容を更新します。</p>\n<p>ユーザに表示する"
        "テキストをローカライズの対象としてマークし、カタログを書き出して翻訳者に渡し、翻訳が"
        "届いたら読み込みます。言語ごとに、新しい文字列、古くなった文字列、足りない文字列を"
        "Xcodeが示します。</p>"),
}

# Tech talks: Videos without times. (ecid, title, description, published, platforms, keywords,
# topicIds, primaryTopicID or None)
TECH_TALKS = [
    (3101, "Build a sign-in flow people trust",
     "Walk through a sign-in flow that offers passkeys first, falls back gracefully, and explains "
     "plainly what the app stores and why.", "2025-11-18T10:00", ALL_PLATFORMS,
     ["passkeys", "privacy", "authentication"], [307, 302], 307),
    (3102, "Prepare your app for review",
     "Learn what reviewers look for, how to write review notes that answer their questions up "
     "front, and how to avoid the most common reasons for a rejection.", "2026-01-20T10:00",
     ALL_PLATFORMS, ["app review", "submission", "metadata"], [308], None),
    (3103, "Grow your subscription business",
     "Hear how small teams price, test and present subscription offers, and which numbers tell "
     "you that a change worked.", "2026-02-24T10:00", ["iOS", "macOS", "visionOS"],
     ["subscriptions", "pricing", "analytics"], [309, 308], 309),
    (3104, "Your first app, from idea to TestFlight",
     "Follow one small app from the first sketch to its first external testers: project setup, "
     "signing, a TestFlight build, and the feedback that comes back.", "2026-03-31T10:00",
     ALL_PLATFORMS, ["testflight", "beginners", "signing"], [310, 301], 310),
]

# Modern fields on existing items (values of their existing fields never change).
PRIMARY_TOPIC_2025 = {"wwdc2025-201": 306, "wwdc2025-203": 302, "wwdc2025-204": 302,
                      "wwdc2025-213": 305, "wwdc2025-214": 305}
EXPIRING_2026 = ["wwdc2026-201", "wwdc2026-208", "wwdc2026-301", "wwdc2026-303"]
LIVE_STREAMED = ["wwdc2026-101"]

# media.chapters: id -> [(title, start as a fraction of the duration[, summary])]
CHAPTERS = {
    "wwdc2026-201": [("Introduction", 0), ("Editing and navigation", 0.08), ("Faster builds", 0.35),
                     ("Debugging", 0.62), ("Wrap-up", 0.93)],
    "wwdc2026-303": [("Introduction", 0),
                     ("Identity and lifetime", 0.06,
                      "How a view is told apart from its siblings, and why a stable identity keeps "
                      "its state where you expect it."),
                     ("Dependencies", 0.3), ("Custom layouts", 0.52), ("Animations", 0.74),
                     ("Next steps", 0.95)],
    "wwdc2025-203": [("Introduction", 0), ("Data flow", 0.12), ("Performance", 0.48),
                     ("Wrap-up", 0.9)],
    "wwdc2025-213": [("Introduction", 0), ("Smaller models", 0.15), ("Stateful predictions", 0.5),
                     ("Next steps", 0.88)],
    # Hostile: a right-to-left override in a chapter title.
    "wwdc2026-992": [("Introduction", 0), ("Text that runs \u202esdrawkcab\u202c", 0.4),
                     ("Invisible characters", 0.7)],
}

# codeSnippets: id -> [(title, start, end, language, with unstyledCode, plain code)]
SNIPPETS = {
    "wwdc2026-208": [
        ("Load a trip's details concurrently", 312, 398, "swift", True, """\
func loadDetails(for trip: Trip) async throws -> TripDetails {
    async let forecast = weather.forecast(for: trip.destination, days: 5)
    async let photos = library.photos(taggedWith: trip.id, limit: 12)
    async let route = planner.route(from: trip.origin, to: trip.destination)

    // The three requests run at the same time; try await collects the results.
    return try await TripDetails(forecast: forecast, photos: photos, route: route)
}"""),
        ("Render thumbnails in a task group", 655, 742, "swift", True, """\
func thumbnails(for ids: [Photo.ID]) async -> [Photo.ID: Image] {
    await withTaskGroup(of: (Photo.ID, Image?).self) { group in
        for id in ids where id.isValid && !cache.contains(id) {
            group.addTask { (id, await renderer.thumbnail(for: id, size: 160)) }
        }
        var result: [Photo.ID: Image] = [:]
        for await (id, image) in group {
            if let image { result[id] = image }
        }
        return result
    }
}"""),
    ],
    "wwdc2026-303": [
        ("Filter a list as people type", 1420, 1537, "swift", True, """\
struct SessionList: View {
    @State private var query = ""
    let sessions: [Session]

    var body: some View {
        NavigationStack {
            List(sessions.filter { query.isEmpty || $0.title.localizedStandardContains(query) }) { session in
                VStack(alignment: .leading, spacing: 4) {
                    Text(session.title).font(.headline)
                    Text("\\(session.minutes) min")
                        .foregroundStyle(.secondary)
                }
            }
            .searchable(text: $query)
            .navigationTitle("Sessions")
        }
    }
}"""),
    ],
    "wwdc2026-305": [
        ("Configure list cells with a registration", 845, 930, "objectivec", True, """\
UICollectionViewCellRegistration *registration =
    [UICollectionViewCellRegistration registrationWithCellClass:[UICollectionViewListCell class]
        configurationHandler:^(UICollectionViewListCell *cell, NSIndexPath *indexPath, NSString *title) {
    UIListContentConfiguration *content = [cell defaultContentConfiguration];
    content.text = title;
    content.secondaryText = [NSString stringWithFormat:@"Row %ld", (long)indexPath.item];
    cell.contentConfiguration = content;
}];"""),
    ],
    "wwdc2025-204": [
        # Only `code`, no `unstyledCode`: the client has to strip the markup itself.
        ("Model and fetch upcoming trips", 604, 720, "swift", False, """\
@Model
final class Trip {
    var name: String
    var startDate: Date
    var endDate: Date

    init(name: String, startDate: Date, endDate: Date) {
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
    }
}

let now = Date.now
let upcoming = #Predicate<Trip> { trip in
    trip.startDate > now && trip.endDate > trip.startDate
}
let trips = try context.fetch(FetchDescriptor<Trip>(predicate: upcoming, sortBy: [SortDescriptor(\\.startDate)]))"""),
    ],
    "wwdc2025-213": [
        ("Run predictions off the main actor", 1102, 1180, "swift", True, """\
actor Classifier {
    private let model: FlowerClassifier

    init() throws {
        let configuration = MLModelConfiguration()
        configuration.computeUnits = .cpuAndNeuralEngine
        model = try FlowerClassifier(configuration: configuration)
    }

    func label(for image: CVPixelBuffer) throws -> String {
        let output = try model.prediction(image: image)
        return output.confidence > 0.6 ? output.label : "unknown"
    }
}"""),
    ],
    # Hostile: an escape sequence and a bell in the title and in the code.
    "wwdc2026-990": [
        ("Colour \u001b[31mwarnings\u001b[0m in a terminal\u0007", 300, 345, "swift", True,
         "let warning = \"\u001b[31mDisk almost full\u001b[0m\u0007\"\nprint(warning)"),
    ],
}

# A lab by appointment, the modern way (the 30 "Consultations by Appointment" labs already use
# the 2017 way: actionLinkPrompt/actionLinkURL).
SIGNUPS = {
    "wwdc2026-8027": {
        "startDate": "2026-06-08T12:00:00-07:00",
        "endDate": "2026-06-09T18:00:00-07:00",
        "screeningEndDate": "2026-06-09T12:00:00-07:00",
        "url": f"{WEB_HOST}/wwdc26/labs/8027/signup",
        "text": "Request a lab appointment",
        "labTopics": ["Text recognition", "Object detection", "Image analysis in video"],
        "registrationServiceID": stable_uuid("signup", "wwdc2026-8027"),
    },
}

# contents_jpn.json: id -> (title, description) in Japanese; everything else as in contents.json.
JAPANESE = {
    "wwdc2026-101": (
        "基調講演",
        "今年のプラットフォームを、それを作った人たちがいち早く紹介します。1週間の始まりを"
        "お見逃しなく。"),
    "wwdc2026-102": (
        "プラットフォームの最新動向",
        "すべてのプラットフォームに加わった新しいツール、言語、フレームワークを詳しく紹介し、"
        "それがアプリにとって何を意味するのかを解説します。"),
    "wwdc2026-201": (
        "Xcodeの新機能",
        "あらゆるAppleプラットフォーム向けのアプリを作成、ビルド、デバッグするXcodeの最新情報を"
        "お届けします。今年の新しいAPIを紹介し、既存のプロジェクトに取り入れるためのヒントを"
        "共有します。"),
    "wwdc2026-206": (
        "Swiftを始めよう",
        "Swiftの第一歩を踏み出しましょう。小さなプロジェクトを一から作りながら、安全で高速、"
        "そして表現力豊かなコードを書く方法を学びます。"),
    "wwdc2026-301": (
        "SwiftUIの新機能",
        "どのAppleデバイスにもなじむユーザインターフェイスを作れるSwiftUIの最新情報です。今年の"
        "新しいAPIと、既存のコードに無理なく取り入れる方法を解説します。"),
    "wwdc2026-303": (
        "SwiftUIをさらに深く知る",
        "SwiftUIの仕組みをさらに掘り下げます。ビューのアイデンティティ、依存関係、レイアウト、"
        "アニメーションの考え方を理解して、複雑な画面も自信を持って作れるようになりましょう。"),
    "wwdc2025-214": (
        "Visionのご紹介",
        "画像やビデオから顔、テキスト、物体を検出できるVisionフレームワークの基本を紹介します。"
        "小さなサンプルを使って、最初の解析リクエストを実行するまでを説明します。"),
}

# --------------------------------------------------------------------------------------------
# Transcripts: Apple's transcript format, one file per video and language, a manifest and a
# digest per language (transcripts/). Text written for this project from the banks below.
# --------------------------------------------------------------------------------------------

TRANSCRIPT_DIR = "transcripts"
TRANSCRIPT_UPDATED = "2026-06-13T01:30:00+00:00"
# Japanese transcripts: items that also have a Japanese title, except wwdc2026-303 (its title is
# Japanese, its transcript is English only: a client syncing jpn falls back to English for it).
TRANSCRIPTS_JPN = ["wwdc2026-101", "wwdc2026-102", "wwdc2026-201", "wwdc2026-206", "wwdc2026-301",
                   "wwdc2025-214"]
# The one distinctive phrase: in exactly one transcript (and so in that language's digest).
DISTINCTIVE_PHRASE = "the lighthouse protocol"
DISTINCTIVE_ID = "wwdc2026-303"
DISTINCTIVE_SECONDS = 1742  # in the "Custom layouts" chapter (1616-2299) of wwdc2026-303
DISTINCTIVE_SEGMENTS = ["Think of it as the lighthouse protocol: ",
                        "the parent proposes a size, each child answers ",
                        "with the size it wants, and the parent places it."]

# Items with media but no technology: (subject, what it helps you do, keywords).
TRANSCRIPT_SUBJECTS = {
    "wwdc2026-101": ("this year's platforms", "build apps people love", ["design", "intelligence", "developer tools"]),
    "wwdc2026-102": ("the new SDKs", "take advantage of everything new this year", ["frameworks", "languages", "tools"]),
    "wwdc2026-103": ("the Apple Design Awards", "celebrate apps that stand out for their craft", ["delight", "innovation", "inclusivity"]),
    "wwdc2026-990": ("terminal output", "print text safely in a terminal", ["escape sequences", "colours", "sanitising"]),
    "wwdc2026-991": ("safe database queries", "store any text without surprises", ["bound parameters", "quotes", "escaping"]),
    "wwdc2026-992": ("bidirectional text", "show text in any direction correctly", ["right-to-left", "zero-width characters", "unicode"]),
    "wwdc2026-993": ("long titles", "lay out text that does not fit", ["wrapping", "truncation", "layout"]),
    "tech-talks-3101": ("passkeys", "let people sign in without a password", ["passkeys", "privacy", "authentication"]),
    "tech-talks-3102": ("App Review", "get your app approved without delays", ["app review", "submission", "metadata"]),
    "tech-talks-3103": ("subscriptions", "grow a sustainable business", ["subscriptions", "pricing", "analytics"]),
    "tech-talks-3104": ("TestFlight", "get your first build into testers' hands", ["testflight", "beginners", "signing"]),
}
# Keywords as they read in a sentence.
KEYWORD_TEXT = {"2d": "2D graphics", "3d": "3D content", "gpu": "the GPU", "ide": "the IDE",
                "ml": "machine learning", "nlp": "language processing", "usd": "USD assets",
                "icloud": "iCloud", "siri": "Siri", "spotlight": "Spotlight", "webauthn": "WebAuthn",
                "testflight": "TestFlight", "voiceover": "VoiceOver", "app review": "App Review",
                "shortcuts": "Shortcuts", "sign in": "signing in", "type": "type sizes",
                "swift": "Swift", "uikit": "UIKit", "swiftui": "SwiftUI", "xcode": "Xcode"}
TRANSCRIPT_SUBJECTS_JPN = {"wwdc2026-101": "今年のプラットフォーム", "wwdc2026-102": "新しいSDK"}

EN_GREETINGS = ["Hello and welcome.", "Hi everyone, and thanks for joining us.",
                "Good morning, and welcome to the session.", "Hi, and welcome to WWDC."]
EN_ROLES = ["I'm part of the team behind {n}, and I can't wait to show you what's new.",
            "I work on {n} with a small group of engineers and designers.",
            "I've spent the last year working on {n}, and I'm excited to share it with you."]
EN_AGENDAS = ["Today we'll look at how {n} helps you {b}.",
              "In the next few minutes, I'll show you how to use {n} to {b}.",
              "We'll start with the basics, then build up to a complete example."]
EN_BODY = [
    "Let's start with {k}.",
    "We'll begin with {k}, because that's where most people start.",
    "Here is a small sample app that we'll improve as we go.",
    "When you open the project, the first thing you'll notice is how little code it takes.",
    "Under the hood, {n} keeps track of {k} for you, so you don't have to.",
    "That means fewer bugs, and code that's easier to read six months from now.",
    "Now let's talk about {j}.",
    "A common question we hear is how {k} and {j} work together.",
    "The short answer is that they were designed side by side.",
    "If you've used earlier versions, this will feel familiar, with a few important improvements.",
    "Let me show you what that looks like in practice.",
    "I'll build and run, and there it is.",
    "Notice how the change appears right away, without any extra work on our part.",
    "This works the same way on every platform {n} supports.",
    "There is one detail worth calling out here.",
    "Always test on a real device, because that's the performance your users will see.",
    "We also made {k} faster this year, in some cases by more than half.",
    "You get that improvement for free when you rebuild with the new SDK.",
    "Behind the scenes, a lot of care went into {j}.",
    "If something goes wrong, the new diagnostics point you straight to the line that needs attention.",
    "Privacy is built in: data stays on the device unless the person chooses to share it.",
    "Accessibility matters here too, so check your app with VoiceOver and larger text sizes.",
    "Let's put it all together.",
    "With just a few more lines, our sample now handles {k} and {j} correctly.",
    "That's the pattern I recommend for most apps.",
    "For larger projects, split this work into smaller pieces and test each one on its own.",
    "A good way to think about {n} is as a set of building blocks, not something you fight against.",
    "We've also updated the documentation with new articles and sample code about {k}.",
    "Let's take a quick look at a trickier case.",
    "What happens when the data changes while someone is looking at it?",
    "The good news is that {n} takes care of that, and updates only what needs to change.",
]
EN_CLOSINGS = [["So, to wrap up: {n} helps you {b}, and this year it's easier than ever.",
                "Download the sample code, try it in your own project, and tell us what you think.",
                "Thanks for watching."],
               ["That's all for today.",
                "We can't wait to see what you build with {n}.",
                "Have a great conference."]]
JA_GREETINGS = ["皆さん、こんにちは。", "ようこそお越しくださいました。"]
JA_ROLES = ["{n}の開発に携わっているエンジニアです。", "{n}のチームで働いています。"]
JA_AGENDAS = ["今日は{n}の新しい機能を、実際のコードを見ながら紹介します。",
              "まず基本をおさらいし、そのあと完成したサンプルを作っていきます。"]
JA_BODY = [
    "まず基本から始めましょう。",
    "こちらが今日使うサンプルアプリです。",
    "ほんの数行のコードで動くことに注目してください。",
    "{n}は面倒な処理を代わりに引き受けてくれます。",
    "その結果、バグが減り、半年後に読んでもわかりやすいコードになります。",
    "以前のバージョンを使ったことがあれば、なじみのある書き方だと思います。",
    "では、実際に動かしてみましょう。",
    "ビルドして実行すると、変更がすぐに反映されます。",
    "この仕組みは、{n}が対応するすべてのプラットフォームで同じように動きます。",
    "ここで一つ、大切な点があります。",
    "パフォーマンスは必ず実機で確認してください。",
    "今年は多くの処理が大幅に速くなりました。",
    "新しいSDKでビルドし直すだけで、その効果が得られます。",
    "問題が起きたときは、新しい診断機能が原因の行を教えてくれます。",
    "データは、本人が共有を選ばない限り、デバイスの中にとどまります。",
    "VoiceOverや大きな文字サイズでも、表示を確認しておきましょう。",
    "それでは、ここまでの内容を組み合わせてみます。",
    "大きなプロジェクトでは、処理を小さな部品に分けて、それぞれをテストすると便利です。",
    "ドキュメントにも、新しい記事とサンプルコードを追加しました。",
    "表示中にデータが変わったら、どうなるでしょうか。",
    "{n}は、変更が必要な部分だけを更新します。",
    "多くのアプリには、このパターンをおすすめします。",
    "少し難しいケースも見ておきましょう。",
    "コードはそのままで、新しい機能が使えるようになります。",
]
JA_CLOSINGS = ["まとめると、{n}を使えば、これまで以上に簡単に開発できます。",
               "サンプルコードをダウンロードして、ぜひ試してみてください。",
               "ご覧いただき、ありがとうございました。"]


def make_etag(body):
    """The ETag the reference server sends for these bytes (conference_server.make_etag)."""
    return '"%s"' % hashlib.sha256(body).hexdigest()[:32]


def shuffled(values, *key):
    return sorted(values, key=lambda v: digest(*key, v))


def caption_lines(sentence, japanese=False, width=52):
    """A sentence as caption segments: long ones are broken near the middle, at a space (or after
    a Japanese comma), as Apple's transcripts break theirs."""
    if japanese:
        cuts = [i + 1 for i, ch in enumerate(sentence) if ch == "、"]
        if len(sentence) <= 24 or not cuts:
            return [sentence]
        cut = min(cuts, key=lambda i: abs(i - len(sentence) / 2))
        return [sentence[:cut], sentence[cut:]]
    if len(sentence) <= width:
        return [sentence + " "]
    spaces = [i for i, ch in enumerate(sentence) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(sentence) / 2))
    return [sentence[:cut + 1], sentence[cut + 1:] + " "]


def transcript_subject(item):
    if item["id"] in TRANSCRIPT_SUBJECTS:
        return TRANSCRIPT_SUBJECTS[item["id"]]
    for techs in TECHNOLOGIES.values():
        for name, blurb, _, keywords in techs:
            if item.get("keywords") == keywords:
                return name, blurb, keywords
    raise AssertionError("no transcript subject for " + item["id"])


def transcript_times(paragraphs, duration, key, anchor=None):
    """Whole seconds, strictly increasing, spread over the video by the length of the text; with
    anchor=(segment index, seconds), that segment starts exactly there."""
    flat = [s for p in paragraphs for s in p]
    first, last = pick_int(3, 9, "first", *key), int(duration * 0.96)
    spans = [(0, len(flat), first, last)]
    if anchor is not None:
        index, at = anchor
        spans = [(0, index, first, at - 1), (index, len(flat), at, last)]
    times = []
    for lo, hi, t0, t1 in spans:
        lengths = [len(s) for s in flat[lo:hi]]
        total, done = sum(lengths), 0
        for n in lengths:
            times.append(t0 + (t1 - t0) * done // total)
            done += n
    for i in range(1, len(times)):
        times[i] = max(times[i], times[i - 1] + 1)
    if anchor is not None:
        assert times[anchor[0]] == anchor[1], (key, times[anchor[0]])
    assert all(a < b for a, b in zip(times, times[1:])) and times[-1] < duration, key
    return times


def transcript_paragraphs(item, language):
    """Sentences grouped in paragraphs, each sentence already cut into caption segments."""
    key = ("transcript", item["id"], language)
    japanese = language == "jpn"
    name, blurb, keywords = transcript_subject(item)
    if japanese:
        name = TRANSCRIPT_SUBJECTS_JPN.get(item["id"], name)
    ks = shuffled([w for w in keywords if w != name.lower()] or keywords, *key, "k")
    ks = [KEYWORD_TEXT.get(w, w) for w in ks]
    k, j = ks[0], ks[1 % len(ks)]

    def fill(text):
        return text.format(n=name, b=blurb, k=k, j=j)

    def choose(options, what):
        return options[pick_int(0, len(options) - 1, *key, what)]

    if japanese:
        intro = [choose(JA_GREETINGS, "g"), choose(JA_ROLES, "r"), choose(JA_AGENDAS, "a")]
        body, closing = shuffled(JA_BODY, *key, "b"), JA_CLOSINGS
        target = pick_int(20, 32, *key, "n")
    else:
        intro = [choose(EN_GREETINGS, "g"), choose(EN_ROLES, "r"), choose(EN_AGENDAS, "a")]
        body, closing = shuffled(EN_BODY, *key, "b"), choose(EN_CLOSINGS, "c")
        target = pick_int(20, 56, *key, "n")

    def cut(sentences):
        return [seg for s in sentences for seg in caption_lines(fill(s), japanese)]

    paragraphs = [cut(intro)]
    closing_segments = cut(closing)
    used = len(paragraphs[0]) + len(closing_segments)
    body = list(body)
    while body and used < target:
        size = pick_int(3, 5, *key, "p", len(paragraphs))
        while size > 1 and used + len(cut(body[:size])) > 56:  # room for the distinctive paragraph
            size -= 1
        paragraph = cut(body[:size])
        if used + len(paragraph) > 56:
            break
        del body[:size]
        paragraphs.append(paragraph)
        used += len(paragraph)
    paragraphs.append(closing_segments)
    return paragraphs


def build_transcript(item, language):
    """[[seconds, text], ...]: a text ending in "\\n\\n" ends a paragraph; the last segment, as in
    Apple's files, has no paragraph end. Returns (segments, index of the distinctive segment)."""
    paragraphs = transcript_paragraphs(item, language)
    anchor = None
    if item["id"] == DISTINCTIVE_ID and language == "eng":
        # Its own paragraph, about halfway through, so it lands in the "Custom layouts" chapter.
        at = len(paragraphs) // 2
        paragraphs.insert(at, list(DISTINCTIVE_SEGMENTS))
        anchor = (sum(len(p) for p in paragraphs[:at]), DISTINCTIVE_SECONDS)
    times = transcript_times(paragraphs, item["media"]["duration"], (item["id"], language), anchor)
    segments = []
    for p_index, paragraph in enumerate(paragraphs):
        for s_index, text in enumerate(paragraph):
            if s_index == len(paragraph) - 1 and p_index < len(paragraphs) - 1:
                text = text.rstrip(" ") + "\n\n"
            segments.append([times[len(segments)], text])
    assert 20 <= len(segments) <= 60, (item["id"], language, len(segments))
    return segments


def transcript_name(content_id, language):
    return f"{content_id}-transcript-{language}.json"


def compact(obj):
    """Apple's transcript files: compact JSON, UTF-8, no final newline."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def build_transcripts(contents):
    """{relative path: text} for every transcript file, digest and manifest."""
    files = {}
    videos = [c for c in contents["contents"] if "media" in c]
    for language, items in (("eng", videos), ("jpn", [c for c in videos if c["id"] in TRANSCRIPTS_JPN])):
        assert language == "eng" or len(items) == len(TRANSCRIPTS_JPN)
        documents = {}
        individual = {}
        for item in sorted(items, key=lambda c: c["id"]):
            doc = {"language": language, "transcript": build_transcript(item, language)}
            documents[item["id"]] = doc
            text = compact({item["id"]: doc})
            name = transcript_name(item["id"], language)
            files[f"{TRANSCRIPT_DIR}/{name}"] = text
            individual[item["id"]] = {"etag": make_etag(text.encode("utf-8")), "url": name}
        digest_name = f"transcript-digest-{language}.json"
        digest_text = compact(documents)
        files[f"{TRANSCRIPT_DIR}/{digest_name}"] = digest_text
        manifest = {"updated": TRANSCRIPT_UPDATED,
                    "digest": {"etag": make_etag(digest_text.encode("utf-8")), "url": digest_name},
                    "individual": individual}
        files[f"{TRANSCRIPT_DIR}/transcript-manifest-{language}.json"] = compact(manifest)
    return files


def distinctive_location(files):
    """(seconds, 1-based paragraph, 1-based segment) of the distinctive phrase."""
    doc = json.loads(files[f"{TRANSCRIPT_DIR}/{transcript_name(DISTINCTIVE_ID, 'eng')}"])
    paragraph = 1
    for index, (seconds, text) in enumerate(doc[DISTINCTIVE_ID]["transcript"]):
        if DISTINCTIVE_PHRASE in text:
            return seconds, paragraph, index + 1
        if text.endswith("\n\n"):
            paragraph += 1
    raise AssertionError("the distinctive phrase is missing")


def check_transcripts(files, contents):
    videos = sorted(c["id"] for c in contents["contents"] if "media" in c)
    durations = {c["id"]: c["media"]["duration"] for c in contents["contents"] if "media" in c}
    for language, expected in (("eng", videos), ("jpn", sorted(TRANSCRIPTS_JPN))):
        manifest = json.loads(files[f"{TRANSCRIPT_DIR}/transcript-manifest-{language}.json"])
        assert sorted(manifest["individual"]) == expected, language
        digest_doc = json.loads(files[f"{TRANSCRIPT_DIR}/{manifest['digest']['url']}"])
        assert sorted(digest_doc) == expected
        for content_id, link in manifest["individual"].items():
            text = files[f"{TRANSCRIPT_DIR}/{link['url']}"]
            assert link["etag"] == make_etag(text.encode("utf-8"))
            doc = json.loads(text)
            assert list(doc) == [content_id] and doc[content_id] == digest_doc[content_id]
            segments = doc[content_id]["transcript"]
            times = [s[0] for s in segments]
            assert all(a < b for a, b in zip(times, times[1:])) and times[-1] < durations[content_id]
            assert sum(s[1].endswith("\n\n") for s in segments) >= 2
    # The distinctive phrase: one transcript (and that language's digest, which holds them all),
    # nowhere else among the generated files.
    holders = sorted(name for name, text in files.items() if "lighthouse" in text.lower())
    assert holders == sorted([f"{TRANSCRIPT_DIR}/{transcript_name(DISTINCTIVE_ID, 'eng')}",
                              f"{TRANSCRIPT_DIR}/transcript-digest-eng.json"]), holders
    assert distinctive_location(files)[0] == DISTINCTIVE_SECONDS


SWIFT_KEYWORDS = {
    "actor", "as", "async", "await", "break", "case", "catch", "class", "continue", "default",
    "defer", "do", "else", "enum", "extension", "false", "final", "for", "func", "guard", "if",
    "import", "in", "init", "inout", "is", "let", "nil", "private", "protocol", "public",
    "return", "self", "some", "static", "struct", "switch", "throw", "throws", "true", "try",
    "var", "where", "while",
}
OBJC_KEYWORDS = {"id", "if", "else", "for", "return", "self", "nil", "YES", "NO", "long", "int",
                 "void", "const", "static"}
CODE_TOKEN = re.compile(
    r'(?P<comment>//[^\n]*)|(?P<string>@?"(?:\\.|[^"\\\n])*")|(?P<attribute>[@#][A-Za-z_]\w*)'
    r'|(?P<number>\b\d+(?:\.\d+)?\b)|(?P<word>[A-Za-z_]\w*)|(?P<other>.)', re.S)


def html_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def styled(code, language):
    """The `code` of a snippet: the plain code as HTML with styling spans."""
    keywords = OBJC_KEYWORDS if language == "objectivec" else SWIFT_KEYWORDS
    out = []
    for m in CODE_TOKEN.finditer(code):
        kind, text = m.lastgroup, m.group()
        if kind == "word":
            kind = "keyword" if text in keywords else "type" if text[0].isupper() else None
        elif kind == "other":
            kind = None
        out.append(f'<span class="syntax-{kind}">{html_escape(text)}</span>' if kind
                   else html_escape(text))
    return "".join(out)


def unstyled(code):
    """What a client makes of `code` without `unstyledCode`: the markup removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]*>", "", code))


def pacific(hhmm_date):
    return datetime.fromisoformat(hhmm_date).replace(tzinfo=PDT)


def build_collections(cat):
    """Items of the events news, articles and tech-talks (after every existing item, so that the
    staticContentIds of existing items stay as they were)."""
    for event_id, entries, path in [("news", NEWS_ARTICLES, "news"), ("articles", ARTICLES, "articles")]:
        for ecid, title, published, _ in entries:
            when = pacific(published)
            cat.add({
                "id": f"{event_id}-{ecid}",
                "staticContentId": cat.next_static_id(),
                "eventContentId": ecid,
                "eventId": event_id,
                "webPermalink": f"{WEB_HOST}/{path}/?id={digest('article', event_id, ecid)[:8]}",
                "description": "",
                "title": title,
                "topicIds": [],
                "originalPublishingDate": when.isoformat(),
                "publishingExpiryDate": when.replace(year=when.year + 1).isoformat(),
                "type": "Article",
                "articleID": stable_uuid("article", event_id, ecid),
                "images": ["square", "wide"],
            })
    for ecid, title, desc, published, platforms, keywords, topics, primary in TECH_TALKS:
        base = f"{MEDIA_HOST}/techtalks/{ecid}{digest('media', 'tech-talks', ecid)[:14]}/{ecid}"
        name = slug(title)
        item = {
            "id": f"tech-talks-{ecid}",
            "staticContentId": cat.next_static_id(),
            "eventContentId": ecid,
            "eventId": "tech-talks",
            "webPermalink": f"{WEB_HOST}/videos/play/tech-talks/{ecid}",
            "description": desc,
            "title": title,
            "platforms": list(platforms),
            "keywords": list(keywords),
            "topicIds": list(topics),
            "originalPublishingDate": pacific(published).isoformat(),
            "type": "Video",
            "images": ["square", "wide"],
            "media": {
                "hls": f"{base}/hls_vod_mvp.m3u8",
                "downloadHD": f"{base}/{ecid}_hd_{name}.mp4",
                "downloadSD": f"{base}/{ecid}_sd_{name}.mp4",
                "duration": pick_int(600, 1800, "duration", "tech-talks", ecid),
            },
        }
        if primary:
            item["primaryTopicID"] = primary
        cat.add(item)


def add_modern_fields(cat):
    for cid, primary in PRIMARY_TOPIC_2025.items():
        item = cat.by_id[cid]
        assert primary in item["topicIds"]
        item["primaryTopicID"] = primary
        published = datetime.fromisoformat(item["originalPublishingDate"])
        item["publishingExpiryDate"] = published.replace(year=published.year + 5).isoformat()
        item["images"] = ["square", "wide"]
    for cid in EXPIRING_2026:
        item = cat.by_id[cid]
        start = datetime.fromisoformat(item["startTime"])
        item["publishingExpiryDate"] = start.replace(year=start.year + 5).isoformat()
        item["images"] = ["square", "wide"]
    for cid in LIVE_STREAMED:
        cat.by_id[cid]["hasLiveStream"] = True
    for cid, chapters in CHAPTERS.items():
        media = cat.by_id[cid]["media"]
        duration = media["duration"]
        starts = [round(duration * c[1]) for c in chapters] + [duration]
        media["chapters"] = []
        for n, chapter in enumerate(chapters):
            entry = {"start": starts[n], "end": starts[n + 1], "title": chapter[0]}
            if len(chapter) > 2:
                entry["summary"] = chapter[2]
            media["chapters"].append(entry)
    for cid, snippets in SNIPPETS.items():
        item = cat.by_id[cid]
        item["codeSnippets"] = []
        for title, start, end, language, with_unstyled, code in snippets:
            assert start < end <= item["media"]["duration"], cid
            snippet = {"title": title, "startTimeSeconds": start, "endTimeSeconds": end,
                       "language": language, "code": styled(code, language)}
            if with_unstyled:
                snippet["unstyledCode"] = code
            item["codeSnippets"].append(snippet)
    for cid, signup in SIGNUPS.items():
        assert cat.by_id[cid]["type"] == "Lab" and "actionLinkURL" not in cat.by_id[cid]
        cat.by_id[cid]["signupInformation"] = dict(signup)


def build_articles(contents, language="en"):
    """articles.json (or articles_jpn.json): the bodies of the Article items, by articleID."""
    bodies = {f"{ev}-{ecid}": (title, body) for ev, entries in [("news", NEWS_ARTICLES),
                                                                   ("articles", ARTICLES)]
              for ecid, title, _, body in entries}
    articles = []
    for c in contents["contents"]:
        if c["type"] != "Article" or bodies[c["id"]][1] is None:
            continue
        title, body = bodies[c["id"]]
        if language == "jpn" and c["id"] in ARTICLES_JPN:
            title, body = ARTICLES_JPN[c["id"]]
        articles.append({"id": c["articleID"], "title": title, "body": body,
                         "webPermalink": c["webPermalink"]})
    return {"updated": "2026-06-22T09:00:00-07:00", "articles": articles}


def build_contents_jpn(contents):
    doc = json.loads(json.dumps(contents))
    for c in doc["contents"]:
        if c["id"] in JAPANESE:
            c["title"], c["description"] = JAPANESE[c["id"]]
    return doc


EVENT_HERO = {
    "identifier": stable_uuid("event-hero", 2026),
    "title": "Code Your Way to June.",
    "titleColor": "#FFFFFF",
    "body": "WWDC26 runs from June 8 to 12. Turn on notifications to hear about sessions, labs "
            "and news as they are announced, and come back when the schedule is live.",
    "bodyColor": "#DCE1E6",
    "backgroundImage": "https://images.example.com/wwdc/2026/hero/background-landscape.heic",
}


def build_contents():
    cat = Catalogue()
    sched = Schedule()
    by_tech_2026 = build_wwdc2026(cat, sched)
    build_wwdc2027(cat, sched)
    by_tech_2025 = build_wwdc2025(cat)
    resources = build_resources()
    link_related(cat, by_tech_2026, by_tech_2025, resources)
    build_collections(cat)
    add_modern_fields(cat)

    events = [
        {"name": "WWDC 2027", "current": False, "id": "wwdc2027", "webUrlKey": "wwdc27",
         "startTime": "2027-06-07T10:00:00-07:00", "endTime": "2027-06-11T16:00:00-07:00",
         "imagesPath": "https://images.example.com/wwdc/2027", "hashtag": "#WWDC27",
         "timeZone": "America/Los_Angeles"},
        {"name": "WWDC 2026", "current": True, "id": "wwdc2026", "webUrlKey": "wwdc26",
         "startTime": "2026-06-08T10:00:00-07:00", "endTime": "2026-06-12T16:00:00-07:00",
         "imagesPath": "https://images.example.com/wwdc/2026", "hashtag": "#WWDC26",
         "timeZone": "America/Los_Angeles"},
        {"name": "WWDC 2025", "current": False, "id": "wwdc2025", "webUrlKey": "wwdc25",
         "startTime": "2025-06-09T10:00:00-07:00", "endTime": "2025-06-13T16:00:00-07:00",
         "imagesPath": "https://images.example.com/wwdc/2025", "hashtag": "#WWDC25",
         "timeZone": "America/Los_Angeles"},
    ] + [dict(e) for e in COLLECTION_EVENTS]
    # Order as a feed would list them: current event first, then the rest, then the collections.
    order = {"wwdc2026": 0, "wwdc2027": 1, "wwdc2025": 2, "news": 3, "articles": 4, "tech-talks": 5}
    contents = [ordered(c) for c in sorted(cat.contents, key=lambda c: (
        order[c["eventId"]], c.get("startTime", "~"), c["id"]))]
    category_of = {tid: (n, cid) for cid, _, tids in TOPIC_CATEGORIES for n, tid in enumerate(tids)}
    doc = {
        "updated": "2026-06-12T18:30:00-07:00",
        "snapshotId": 2026,
        "events": events,
        "contents": contents,
        "rooms": [dict({"name": n, "ordinal": i, "id": rid}, **({"regionId": reg} if reg else {}))
                  for i, (rid, n, reg) in enumerate(ROOMS)],
        "tracks": [{"name": n, "ordinal": i, "id": tid, "color": c, "darkColor": d,
                    "titleColor": t, "lightBGColor": l}
                   for i, (tid, n, c, d, t, l) in enumerate(TRACKS)],
        "topicCategories": [{"title": title, "id": cid, "ordinal": i, "topicIds": list(tids)}
                            for i, (cid, title, tids) in enumerate(TOPIC_CATEGORIES)],
        "topics": [{"title": n, "id": tid, "ordinal": category_of.get(tid, (0, None))[0],
                    "imageURL": f"https://images.example.com/wwdc/topics/{slug(n)}.pdf"}
                   for tid, n, _ in TOPICS],
        "resources": [{k: v for k, v in r.items() if not k.startswith("_")} for r in resources],
        "imageTypes": [
            {"name": "square", "variants": [{"width": 160, "height": 160}, {"width": 320, "height": 320}]},
            {"name": "wide", "variants": [{"width": 320, "height": 180}, {"width": 640, "height": 360},
                                          {"width": 1280, "height": 720}]},
        ],
    }
    return doc, sched


def build_news():
    # (title, body or None, epoch timestamp, photos count, extras)
    base = datetime(2026, 6, 7, 9, 0, tzinfo=PDT).timestamp()
    entries = [
        ("Welcome to WWDC 2026", "Use this app to browse the schedule, watch sessions, mark "
         "favorites and keep up with the news all week.", 0, 0, {}),
        ("Add Your Pass", "Check in faster: add your attendee pass before you arrive and have a "
         "photo ID ready.", 95, 0, {"visibility": "user.accessLevel == 6", "type": "pass"}),
        ("Badge Pickup Hours", "Badges are available from Sunday 9 AM to 7 PM and from 7 AM each "
         "morning during the conference.\n\nBring your photo ID.", 310, 0,
         {"visibility": "user.accessLevel == 6"}),
        ("Keynote Seating", "Doors open at 8 AM. Seating is first come, first served; overflow "
         "rooms show the live stream.", 86400 + 0.25, 0, {}),
        ("Scenes From the Keynote", None, 86400 + 10800.731442, 6, {}),
        ("Labs Open Today", "Walk-in labs start at 3 PM in the Tech Labs. Appointment labs open for "
         "requests at 7 AM each day.", 86400 + 18000.5, 0, {}),
        ("Design Award Winners", "Congratulations to this year's winners. Watch the ceremony "
         "again in the Videos tab.", 86400 + 25200.118, 3, {}),
        ("Morning Run Route", "Meet at the Plaza at 6:45 AM on Wednesday. The route is flat and "
         "five kilometres long.", 2 * 86400 + 43200, 1, {}),
        ("Bash Tonight", "Food, music and good company from 7 PM at the Plaza. Bring your badge "
         "and a jacket.", 3 * 86400 + 36000.25, 4, {}),
        ("\u001b[2J\u001b]0;pwned\u0007Service Announcement\u001b[0m",
         "A news item with terminal escapes in its title and body \u001b[31mred\u001b[0m "
         "\u001b]8;;https://evil.example/\u0007link\u001b]8;;\u0007.", 3 * 86400 + 40000, 0,
         {"id": HOSTILE_NEWS_ID}),
        ("Session Videos Available", "Every session from this week is now available to stream and "
         "download.", 4 * 86400 + 30000.5, 0, {}),
        ("Thank You", "Thanks for joining us. See you next year!", 5 * 86400 + 1800.999, 2, {}),
    ]
    items = []
    for n, (title, body, offset, photos, extra) in enumerate(entries):
        item = {}
        if "visibility" in extra:
            item["visibility"] = extra["visibility"]
        item["id"] = extra.get("id") or stable_uuid("news", n)
        item["title"] = title
        ts = base + offset
        item["timestamp"] = int(ts) if float(ts).is_integer() else round(ts, 6)
        if body:
            item["body"] = body
        if "type" in extra:
            item["type"] = extra["type"]
        if photos:
            item["photos"] = [{"id": stable_uuid("photo", n, p),
                               "ratio": [1.5, 1.333333333333333, 0.75][(n + p) % 3]}
                              for p in range(photos)]
        items.append(item)
    return {"items": items}


def build_live(contents):
    by_id = {c["id"]: c for c in contents["contents"]}
    live = {}
    for n, ecid in enumerate([101, 102, 103, 201, 301]):
        item = by_id[f"wwdc2026-{ecid}"]
        token = digest("live", ecid)[:16]
        entry = {
            "iosUrl": f"{MEDIA_HOST}/2026/live/{token}/hls_mvp.m3u8",
            "tvosUrl": f"{MEDIA_HOST}/2026/live/{token}/atv_mvp.m3u8",
        }
        if n != 4:  # the last one is still on the air: no end date yet
            end = datetime.fromisoformat(item["endTime"]) + timedelta(minutes=3 + n)
            entry["actualEndDate"] = end.isoformat()
        entry["images"] = {"shelf": f"{MEDIA_HOST}/2026/{ecid}/images/{ecid}_734x413.jpg"}
        live[str(ecid)] = entry
    return {"updated": "2026-06-12T18:30:00-07:00", "live_sessions": live}


CONFIG = {
    "minimumSupportedAppVersion": "1.0",
    "features": {"isLiveStreamingEnabled": True, "isLabQueueingEnabled": False},
    "fetchIntervals": {"master": 300, "appResumeMinimum": 0, "liveVideos": 60},
    "analytics": {"isEnabled": False},
    # Relative URLs only, and only files this generator writes (checked by check()).
    "feeds": {"en": {"contents": {"url": "contents.json"},
                     "liveVideos": {"url": "videos_live.json"},
                     "news": {"url": "news.json"},
                     "articles": {"url": "articles.json"},
                     "transcripts": {"url": "transcripts/transcript-manifest-eng.json"}},
              "jpn": {"contents": {"url": "contents_jpn.json"},
                      "liveVideos": {"url": "videos_live.json"},
                      "news": {"url": "news.json"},
                      "articles": {"url": "articles_jpn.json"},
                      "transcripts": {"url": "transcripts/transcript-manifest-jpn.json"}}},
    "services": {"pushRegistration": {"url": "https://push.example.com/wwdc/v2/device"},
                 "walletPass": {"url": "https://tickets.example.com/wwdc/pass"}},
    "eventHero": EVENT_HERO,
    "accountService": {"url": "account"},
}

# --------------------------------------------------------------------------------------------
# Checks and README
# --------------------------------------------------------------------------------------------


def check(contents, news, live):
    ids = [c["id"] for c in contents["contents"]]
    assert len(ids) == len(set(ids)), "duplicate content ids"
    known = set(ids)
    resources = {r["id"] for r in contents["resources"]}
    tracks = {t["id"] for t in contents["tracks"]}
    rooms = {r["id"] for r in contents["rooms"]}
    for c in contents["contents"]:
        for a in c.get("related", {}).get("activities", []):
            assert a in known, f"{c['id']} relates to unknown {a}"
        for r in c.get("related", {}).get("resources", []):
            assert r in resources, f"{c['id']} relates to unknown resource {r}"
        assert c.get("trackId", 11) in tracks and c.get("roomId", 101) in rooms
        if c["eventId"] == "wwdc2025":
            assert "startTime" not in c and "trackId" not in c and "roomId" not in c
        if c["eventId"] == "wwdc2027":
            assert "media" not in c and "startTime" in c
        if c["type"] == "Lab":
            assert "media" not in c
    per_event = collections.Counter((c["eventId"], c["eventContentId"]) for c in contents["contents"])
    assert max(per_event.values()) == 1, "eventContentId repeats within an event"
    w26 = [c for c in contents["contents"] if c["eventId"] == "wwdc2026"]
    assert sum(c["type"] in ("Session", "Lab") for c in w26) >= 150
    assert all("media" in c for c in w26 if c["type"] in ("Session", "Video"))
    assert len({c["startTime"][:10] for c in w26 if "startTime" in c}) >= 5
    for c in w26:
        if "startTime" in c:
            assert c["endTime"] <= "2026-06-12T16:00:00-07:00" or c["startTime"][:10] != "2026-06-12"
    assert len(contents["tracks"]) == 8 and len(contents["rooms"]) == 10
    for key in live["live_sessions"]:
        assert f"wwdc2026-{key}" in known
    assert len(news["items"]) == 12
    assert len(contents["contents"]) >= 250, "seeding 250 favorites needs 250 real ids"
    check_modern(contents)


def check_modern(contents):
    cs = contents["contents"]
    by_id = {c["id"]: c for c in cs}
    events = {e["id"]: e for e in contents["events"]}
    topics = {t["id"] for t in contents["topics"]}
    assert len(topics) == len(contents["topics"]) and all("name" not in t for t in contents["topics"])
    categorised = [t for cat in contents["topicCategories"] for t in cat["topicIds"]]
    assert len(categorised) == len(set(categorised)) and set(categorised) <= topics
    assert topics - set(categorised) == {UNCATEGORISED_TOPIC}, "exactly one topic in no category"
    for c in cs:
        assert set(c.get("topicIds", [])) <= topics, c["id"]
        if "primaryTopicID" in c:
            assert c["primaryTopicID"] in c["topicIds"], c["id"]
        if c["eventId"] in ("news", "articles"):
            assert c["type"] == "Article" and c["description"] == "" and c["topicIds"] == []
            assert c["articleID"] == str(uuid.UUID(c["articleID"])).upper()
        if c["eventId"] == "tech-talks":
            assert c["type"] == "Video" and "startTime" not in c and "media" in c
        chapters = c.get("media", {}).get("chapters")
        if chapters:
            assert chapters[0]["start"] == 0 and chapters[-1]["end"] == c["media"]["duration"]
            for a, b in zip(chapters, chapters[1:]):
                assert a["start"] < a["end"] == b["start"] < b["end"], c["id"]
        for snippet in c.get("codeSnippets", []):
            plain = unstyled(snippet["code"])
            assert plain == snippet.get("unstyledCode", plain), (c["id"], snippet["title"])
            assert "<span" in snippet["code"]
        if "signupInformation" in c:
            info = c["signupInformation"]
            assert info["startDate"] < info["screeningEndDate"] < info["endDate"] <= c["startTime"]
    assert "startTime" not in events["tech-talks"] and "endTime" not in events["tech-talks"]
    assert sum(1 for s in SNIPPETS.values() for x in s if not x[4]) == 1
    assert unstyled(styled(SNIPPETS["wwdc2025-204"][0][5], "swift")) == SNIPPETS["wwdc2025-204"][0][5]
    assert "&lt;" in by_id["wwdc2025-204"]["codeSnippets"][0]["code"]
    assert by_id["wwdc2026-101"]["title"] == "Keynote" and by_id["wwdc2026-101"]["hasLiveStream"]


def check_documents(files):
    """Every feed the config names is a file written here; the translations match the original."""
    config = json.loads(files["config.json"])
    for language, feeds in config["feeds"].items():
        for name, link in feeds.items():
            assert link["url"] in files, f"feeds.{language}.{name}: {link['url']} is not written"
    en, jpn = json.loads(files["contents.json"]), json.loads(files["contents_jpn.json"])
    assert [c["id"] for c in en["contents"]] == [c["id"] for c in jpn["contents"]]
    assert {k: v for k, v in en.items() if k != "contents"} == {k: v for k, v in jpn.items() if k != "contents"}
    for a, b in zip(en["contents"], jpn["contents"]):
        changed = {k for k in a if a[k] != b[k]} | (set(a) ^ set(b))
        assert changed == ({"title", "description"} if a["id"] in JAPANESE else set()), a["id"]
    article_ids = [c["articleID"] for c in en["contents"] if c["type"] == "Article"]
    for name in ("articles.json", "articles_jpn.json"):
        bodies = [a["id"] for a in json.loads(files[name])["articles"]]
        assert len(bodies) == len(set(bodies)) == len(article_ids) - 1 and set(bodies) < set(article_ids)
    assert ([a["id"] for a in json.loads(files["articles.json"])["articles"]]
            == [a["id"] for a in json.loads(files["articles_jpn.json"])["articles"]])


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def visible(text):
    """Text for the README: control, bidi and invisible characters named, never written raw."""
    names = {"\u001b": "ESC", "\u0007": "BEL", "\u202e": "U+202E", "\u202c": "U+202C",
             "\u200b": "U+200B", "\u200c": "U+200C", "\u200d": "U+200D", "\ufeff": "U+FEFF"}
    return "".join(names.get(ch, ch) for ch in text)


def id_list(ids):
    return ", ".join(f"`{i}`" for i in ids)


def readme(contents, news, live, articles, files):
    cs = contents["contents"]
    by_id = {c["id"]: c for c in cs}
    events = [e["id"] for e in contents["events"]]
    types = ["Session", "Lab", "Special Event", "Get-Together", "Video", "Article"]
    per = collections.Counter((c["eventId"], c["type"]) for c in cs)
    ev_rows = []
    for e in events:
        xs = [c for c in cs if c["eventId"] == e]
        ev_rows.append([f"`{e}`"] + [per[(e, t)] for t in types] + [
            len(xs), sum("startTime" in c for c in xs), sum("media" in c for c in xs)])
    ev_rows.append(["**all**"] + [sum(per[(e, t)] for e in events) for t in types] + [
        len(cs), sum("startTime" in c for c in cs), sum("media" in c for c in cs)])

    w26 = [c for c in cs if c["eventId"] == "wwdc2026"]
    track_rows = []
    for t in contents["tracks"]:
        xs = [c for c in cs if c.get("trackId") == t["id"]]
        track_rows.append([t["id"], t["name"], sum(c["eventId"] == "wwdc2026" for c in xs),
                           sum(c["eventId"] == "wwdc2027" for c in xs), len(xs)])
    room_rows = []
    for r in contents["rooms"]:
        xs = [c for c in cs if c.get("roomId") == r["id"]]
        room_rows.append([r["id"], r["name"], sum(c["eventId"] == "wwdc2026" for c in xs),
                          sum(c["eventId"] == "wwdc2027" for c in xs), len(xs)])
    day_rows = sorted(collections.Counter(c["startTime"][:10] for c in cs if "startTime" in c).items())
    media_keys = collections.Counter(k for c in cs if "media" in c for k in c["media"])
    photos = sum(1 for n in news["items"] if "photos" in n)
    fractional = sum(1 for n in news["items"] if isinstance(n["timestamp"], float))
    related = sum(1 for c in cs if "related" in c)
    live_keys = ", ".join(f"`{k}`" for k in live["live_sessions"])
    no_end = [k for k, v in live["live_sessions"].items() if "actualEndDate" not in v]
    with_topics = [c for c in cs if "topicIds" in c]
    empty_topics = sum(1 for c in with_topics if not c["topicIds"])
    primary = [c["id"] for c in cs if "primaryTopicID" in c]

    category_of = {t: cat for cat in contents["topicCategories"] for t in cat["topicIds"]}
    topic_rows = []
    for t in contents["topics"]:
        cat = category_of.get(t["id"])
        topic_rows.append([t["id"], t["title"], cat["title"] if cat else "*(none: Other topics)*",
                           t["ordinal"], sum(t["id"] in c.get("topicIds", []) for c in cs),
                           sum(c.get("primaryTopicID") == t["id"] for c in cs)])
    category_rows = [[c["id"], c["title"], c["ordinal"], ", ".join(str(t) for t in c["topicIds"])]
                     for c in contents["topicCategories"]]
    uncategorised = [t for t in contents["topics"] if t["id"] not in category_of]

    expiring = [c["id"] for c in cs if "publishingExpiryDate" in c]
    expiring_old = [i for i in expiring if by_id[i]["eventId"] not in ("news", "articles")]
    with_images = sum(1 for c in cs if "images" in c)
    live_flag = [c["id"] for c in cs if c.get("hasLiveStream")]

    chapter_rows = []
    for c in cs:
        chapters = c.get("media", {}).get("chapters")
        if chapters:
            chapter_rows.append([f"`{c['id']}`", len(chapters), c["media"]["duration"],
                                 sum("summary" in ch for ch in chapters),
                                 "; ".join(visible(ch["title"]) for ch in chapters)])
    snippet_rows = []
    for c in cs:
        for s in c.get("codeSnippets", []):
            snippet_rows.append([f"`{c['id']}`", visible(s["title"]), s["language"],
                                 f"{s['startTimeSeconds']}–{s['endTimeSeconds']}",
                                 "yes" if "unstyledCode" in s else "**no**"])
    snippet_items = [c["id"] for c in cs if c.get("codeSnippets")]
    no_unstyled = [r for r in snippet_rows if r[4] != "yes"]

    appointment = [c for c in w26 if c["type"] == "Lab" and "actionLinkURL" in c]
    signups = [c for c in cs if "signupInformation" in c]
    signup_lines = "\n".join(
        f"- `{c['id']}` ({c['title']}, {c['startTime'][:16].replace('T', ' ')}): "
        f"`signupInformation` with `startDate` {c['signupInformation']['startDate']}, "
        f"`screeningEndDate` {c['signupInformation']['screeningEndDate']}, `endDate` "
        f"{c['signupInformation']['endDate']}, `text` \"{c['signupInformation']['text']}\", `url`, "
        f"{len(c['signupInformation']['labTopics'])} `labTopics` and a `registrationServiceID`; "
        "no `actionLinkPrompt`/`actionLinkURL`." for c in signups)

    bodies = {a["id"]: a for a in articles["articles"]}
    article_rows = [[f"`{c['id']}`", f"`{c['articleID']}`", c["title"], c["originalPublishingDate"],
                     "yes" if c["articleID"] in bodies else "**no**",
                     "yes" if c["id"] in ARTICLES_JPN else "no"]
                    for c in cs if c["type"] == "Article"]
    jpn_rows = [[f"`{i}`", by_id[i]["title"], JAPANESE[i][0]] for i in
                [c["id"] for c in cs if c["id"] in JAPANESE]]
    talks = [c for c in cs if c["eventId"] == "tech-talks"]
    first_sorted = sorted(c["id"] for c in cs)

    hostile_rows = [[f"`wwdc2026-{ecid}`", kind, len(title)] for ecid, kind, title, _ in HOSTILE]
    manifests = {lang: json.loads(files[f"{TRANSCRIPT_DIR}/transcript-manifest-{lang}.json"])
                 for lang in ("eng", "jpn")}
    eng_ids, jpn_ids = sorted(manifests["eng"]["individual"]), sorted(manifests["jpn"]["individual"])
    segment_counts = [len(json.loads(files[f"{TRANSCRIPT_DIR}/{link['url']}"])[i]["transcript"])
                      for lang, m in manifests.items() for i, link in m["individual"].items()]
    transcript_rows = [[f"`{lang}`", len(m["individual"]), f"`transcript-manifest-{lang}.json`",
                        f"`{m['digest']['url']}`",
                        len(files[f"{TRANSCRIPT_DIR}/{m['digest']['url']}"].encode("utf-8"))]
                       for lang, m in manifests.items()]
    jpn_transcript_rows = [[f"`{i}`", by_id[i]["title"], JAPANESE[i][0]] for i in jpn_ids]
    phrase_seconds, phrase_paragraph, phrase_segment = distinctive_location(files)
    phrase_chapter = next(ch["title"] for ch in by_id[DISTINCTIVE_ID]["media"]["chapters"]
                          if ch["start"] <= phrase_seconds < ch["end"])
    phrase_text = json.loads(files[f"{TRANSCRIPT_DIR}/{transcript_name(DISTINCTIVE_ID, 'eng')}"])[
        DISTINCTIVE_ID]["transcript"][phrase_segment - 1][1]
    hero = CONFIG["eventHero"]
    return f"""# Fixtures: the sample conference

The bundled sample conference, in the WWDC app's feed format (the format of Apple's 2017 feeds,
plus the fields and collections later years added). `wwdc sync` uses it when no source is
configured, and `Tests/Server/conference_server.py --root Fixtures` serves it over HTTP.

**Generated — do not edit by hand.** Edit `generate.py` and run `python3 Fixtures/generate.py`
(stdlib only, deterministic: same bytes every run). `python3 Fixtures/generate.py --check` fails
when the committed files are stale. All text is written for this project.

| file | content |
| --- | --- |
| `config.json` | `minimumSupportedAppVersion` `"1.0"`, `features`, `fetchIntervals`, `analytics` (`{{"isEnabled": false}}`), `feeds.en` and `feeds.jpn` with **relative** URLs (below), `services` (example.com URLs, ignored), `eventHero`, and `accountService.url` = `"account"` (relative to the config's URL, so `http://HOST:PORT/account`) |
| `contents.json` | `updated`, `snapshotId`, `events`, `contents`, `rooms`, `tracks`, `topicCategories`, `topics`, `resources`, `imageTypes` |
| `contents_jpn.json` | the same document as `contents.json` (same ids, counts and order), except that {len(jpn_rows)} items have a Japanese `title` and `description` |
| `news.json` | `{{items: [...]}}`, {len(news["items"])} items |
| `videos_live.json` | `{{updated, live_sessions: {{"<eventContentId>": ...}}}}`, {len(live["live_sessions"])} streams |
| `articles.json` | `{{updated, articles: [{{id, title, body, webPermalink}}]}}`: the bodies (simple HTML) of {len(articles["articles"])} of the {len(article_rows)} `Article` items, by `articleID` |
| `articles_jpn.json` | the same {len(articles["articles"])} article ids; {len(ARTICLES_JPN)} of them with a Japanese title and body |
| `transcripts/` | Apple's transcript format: a transcript per video in English ({len(eng_ids)}), {len(jpn_ids)} in Japanese, a manifest and a digest per language ([below](#transcripts)) |

Feeds of the config (every one names a file of this folder; `layout`, `maps`, `event`, ... are
not offered):

| language | contents | liveVideos | news | articles | transcripts |
| --- | --- | --- | --- | --- | --- |
""" + "\n".join(
        f"| `{lang}` | `{f['contents']['url']}` | `{f['liveVideos']['url']}` | `{f['news']['url']}` | "
        f"`{f['articles']['url']}` | `{f['transcripts']['url']}` |" for lang, f in CONFIG["feeds"].items()) + f"""

Differences from Apple's files a decoder must accept: `minimumSupportedAppVersion` is the string
`"1.0"` here (Apple's 2017 config has the number `0`); the `wwdc*` events carry an extra
`timeZone` (`America/Los_Angeles`); `accountService` is this project's own key. Item times and
dates are `YYYY-MM-DDTHH:MM:SS-07:00`; the `news` and `articles` events are dated in UTC
(`+00:00`), as Apple's collections are, and `tech-talks` has no dates at all. News timestamps
are epoch seconds ({fractional} of them fractional).

## Events

In this order in `events`:

| event | current | dates | shape |
| --- | --- | --- | --- |
| `wwdc2027` | false | June 7–11 2027 | the future event: scheduled, no `media`, no `related` |
| `wwdc2026` | true | June 8–12 2026 (Mon–Fri) | the main event: scheduled items with `startTime`/`endTime`/`roomId`/`trackId`; every Session, Video and 3 Special Events have `media` |
| `wwdc2025` | false | June 9–13 2025 | Videos only, shaped like later years: `topicIds` and `originalPublishingDate`, **no** `trackId`, `roomId`, `startTime`, `endTime` |
| `news` | false | 2026-01-01 – 2031-01-01 (`+00:00`) | name "News": the news as contents, `Article` items (`wwdc news` shows them with `news.json`); `isBrowsable` false |
| `articles` | false | 2026-01-01 – 2031-01-01 (`+00:00`) | name "Articles": `Article` items |
| `tech-talks` | false | **no** `startTime`/`endTime` keys | name "Tech Talks": `Video` items without times, with `originalPublishingDate`, `topicIds` and `media` (`hls`, `downloadHD`, `downloadSD`, `duration`) |

The three collections carry Apple's later event keys: `webUrlKey`, `imagesPath`, `hashtag`,
`imageURL`, `sortOrder`, `isSearchable`, `isBrowsable`. Their items have no `trackId`, `roomId`
or `startTime`; `Article` items have no `platforms` and no `media`.

## Counts (tests assert these)

{table(ev_rows, ["event"] + types + ["total", "with times", "with media"])}

Sessions and Labs of `wwdc2026`: {sum(c["type"] in ("Session", "Lab") for c in w26)}.
Items with `related`: {related}. Items with `topicIds`: {len(with_topics)} ({empty_topics} of them, the Articles, with an empty list). Items with `primaryTopicID`: {len(primary)}. Resources: {len(contents["resources"])}.
Topics: {len(contents["topics"])}. Topic categories: {len(contents["topicCategories"])}. Rooms: {len(contents["rooms"])}. Tracks: {len(contents["tracks"])}.

### Tracks

{table(track_rows, ["id", "name", "wwdc2026", "wwdc2027", "total"])}

### Rooms

No two items share a room at overlapping times (checked by the generator).

{table(room_rows, ["id", "name", "wwdc2026", "wwdc2027", "total"])}

### Scheduled items per day

{table(day_rows, ["date", "items"])}

### Media keys

{table(sorted(media_keys.items()), ["key", "items"])}

Special Events with media: `wwdc2026-101` (Keynote), `-102`, `-103` (no `slides`/`subtitles`).
Labs, Get-Togethers and Articles never have media. `tvOShls` is present on some items only.

## Topics and categories

Topics have `title` (not `name`), `id`, `ordinal` (the position within its category) and
`imageURL`. Categories are `{{title, id, ordinal, topicIds}}`.

{table(category_rows, ["category id", "title", "ordinal", "topicIds"])}

{table(topic_rows, ["topic id", "title", "category", "ordinal", "items with it in topicIds", "items with it as primaryTopicID"])}

Topic {", ".join(f"`{t['id']}` ({t['title']})" for t in uncategorised)} is in no category on purpose: it is shown under "Other topics".
`primaryTopicID` (always one of the item's `topicIds`): {id_list(primary)}.

## Modern item fields

- `publishingExpiryDate`: {len(expiring)} items, the {len(expiring) - len(expiring_old)} Articles and {id_list(expiring_old)}.
- `images` (`["square", "wide"]`): {with_images} items (every item with `media`, and every Article).
- `hasLiveStream: true`: {id_list(live_flag)}.
- Tech talks: {id_list(c["id"] for c in talks)}; {sum("primaryTopicID" in c for c in talks)} of them with a `primaryTopicID`.

### Chapters

`media.chapters` = `[{{start, end, title}}]` (whole seconds; consecutive, from 0 to the `duration`)
on {len(chapter_rows)} items; {sum(r[3] for r in chapter_rows)} chapter has a `summary`.

{table(chapter_rows, ["item", "chapters", "duration", "with summary", "titles"])}

### Code snippets

`codeSnippets` = `[{{title, startTimeSeconds, endTimeSeconds, language, code, unstyledCode}}]` on
{len(snippet_items)} items ({id_list(snippet_items)}), {len(snippet_rows)} snippets. `code` is HTML
with `<span class="syntax-…">` styling and `&lt;`, `&gt;`, `&amp;` entities; `unstyledCode` is
the plain code with real newlines, exactly what `code` gives with its markup removed and its
entities decoded (checked by the generator).

{table(snippet_rows, ["item", "title", "language", "seconds", "unstyledCode"])}

{len(no_unstyled)} snippet ({", ".join(r[0] for r in no_unstyled)}) has only `code`: the program must strip the markup.

## Labs by appointment

- 2017 style: {len(appointment)} `wwdc2026` Labs ({id_list([appointment[0]["id"]])} … {id_list([appointment[-1]["id"]])}, the "… Consultations by Appointment" labs) have `actionLinkPrompt` `"Request appointment"` and an `actionLinkURL`.
{signup_lines}

## Languages

`feeds.en` reads `contents.json` and `articles.json`; `feeds.jpn` reads `contents_jpn.json` and
`articles_jpn.json` (and the same `videos_live.json` and `news.json`). Items in Japanese in
`contents_jpn.json` (title and description):

{table(jpn_rows, ["id", "title (en)", "title (jpn)"])}

## Articles

{table(article_rows, ["item", "articleID", "title", "originalPublishingDate", "body in articles.json", "Japanese in articles_jpn.json"])}

Every Article has `description` `""`, `topicIds` `[]`, `images`, `publishingExpiryDate` (a year
after publishing), `webPermalink`, `eventContentId` and `staticContentId`. Bodies use `<p>`,
`<a href>`, `<strong>` and entities such as `&amp;`.

## Event hero

`config.json` has an `eventHero` (the depiction of an event with nothing scheduled yet):
`identifier` `{hero["identifier"]}`, `title` "{hero["title"]}", `titleColor` `{hero["titleColor"]}`,
`body` "{hero["body"]}", `bodyColor` `{hero["bodyColor"]}`, `backgroundImage` (an example.com URL).

## News and live videos

- `news.json`: {len(news["items"])} items, {photos} with `photos`, {fractional} with a fractional
  `timestamp`, {sum(1 for n in news["items"] if "body" not in n)} without `body`,
  {sum(1 for n in news["items"] if "visibility" in n)} with `visibility`, 1 with `type` `"pass"`.
  The `news` event adds {per[("news", "Article")]} more news as `Article` items.
- `videos_live.json`: live streams keyed by `eventContentId` of `wwdc2026` items: {live_keys};
  {", ".join(f"`{k}`" for k in no_end)} has no `actualEndDate` (still on the air).

## Hostile items

All are `wwdc2026` Sessions in the Developer Tools track, scheduled and with media like any other.

{table(hostile_rows, ["id", "what", "title length (characters)"])}

- `ansi`: title and description contain CSI/OSC sequences (`ESC[2J`, `ESC]0;pwned BEL`, colours,
  a cursor move, a bell). It also has a code snippet whose `title` and `unstyledCode` (and
  `code`) contain `ESC[31m`, `ESC[0m` and a BEL.
- `sql`: single and double quotes, `'); DROP TABLE sessions;--`, backslash, `%` and `_`.
- `bidi`: U+202E right-to-left override, U+202C, U+200B/U+200C/U+200D zero-width characters,
  U+FEFF, Arabic and Hebrew text. One of its chapter titles contains U+202E (and U+202C).
- `long`: a title of {len(HOSTILE[3][2])} characters.
- News item `{HOSTILE_NEWS_ID}`: escape sequences (including an OSC 8 hyperlink) in title and body.

## Transcripts

Apple's transcript format (see `docs/api.md`), in `transcripts/`. `feeds.<language>.transcripts`
of the config names the language's manifest; every URL inside a manifest is **relative to the
manifest's own URL** (so `http://HOST:PORT/transcripts/...` from the reference server).

| language | transcripts | manifest | digest | digest bytes |
| --- | --- | --- | --- | --- |
""" + "\n".join(table(transcript_rows, ["language", "transcripts", "manifest", "digest", "digest bytes"]).splitlines()[2:]) + f"""

- `<content id>-transcript-<language>.json`: `{{"<content id>": {{"language": "eng", "transcript":
  [[seconds, "text"], ...]}}}}`, compact JSON without a final newline, as Apple's. Seconds are whole
  numbers, strictly increasing, all within the item's `media.duration`; {min(segment_counts)} to
  {max(segment_counts)} segments a transcript. A text ending in `"\\n\\n"` ends a paragraph; other
  texts end in a space (English) or nothing (Japanese); the last segment has no paragraph end
  (as in Apple's files). Long sentences run over two segments.
- `transcript-manifest-<language>.json`: `{{"updated": "{TRANSCRIPT_UPDATED}", "digest": {{"etag",
  "url"}}, "individual": {{"<content id>": {{"etag", "url"}}}}}}`. Every `etag` equals the `ETag` the
  reference server sends for that file, and the server keeps it so when a file changes (it
  rewrites the etags of a manifest it serves: see `docs/api.md`).
- `transcript-digest-<language>.json`: one object holding every transcript of the manifest,
  `{{"<content id>": {{"language", "transcript"}}, ...}}`, each value equal to the individual file's.
- English: every item with `media` ({len(eng_ids)}: the Sessions, Videos and 3 Special Events of
  `wwdc2026`, the Videos of `wwdc2025` and `tech-talks`), hostile items included (their text is
  ordinary).
- Japanese: only these {len(jpn_ids)}; a client syncing `jpn` falls back to English for every other
  item, `{DISTINCTIVE_ID}` included even though its title is Japanese.

{table(jpn_transcript_rows, ["id", "title (en)", "title (jpn)"])}

**The distinctive phrase** `{DISTINCTIVE_PHRASE}` is in exactly one transcript: `{DISTINCTIVE_ID}`
(English), segment {phrase_segment} at **{phrase_seconds} seconds**, the first segment of paragraph
**{phrase_paragraph}** (counting from 1), in the "{phrase_chapter}" chapter. The segment's text is
`{phrase_text}`. Apart from that file, the word `lighthouse` occurs only in
`transcript-digest-eng.json` (which holds every English transcript) and in this README.

## Paging tests

There are {len(cs)} content ids in total, so `POST /_control/seed` with `"favorites": 250` on the
reference server seeds 250 real content ids (the first 250 in sorted order: from
`{first_sorted[0]}` to `{first_sorted[249]}`, so the `articles-`, `news-` and `tech-talks-` ids
come first).
"""


def render_all():
    contents, _ = build_contents()
    news = build_news()
    live = build_live(contents)
    check(contents, news, live)

    def dump(obj):
        return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"

    files = {
        "config.json": dump(CONFIG),
        "contents.json": dump(contents),
        "contents_jpn.json": dump(build_contents_jpn(contents)),
        "news.json": dump(news),
        "videos_live.json": dump(live),
        "articles.json": dump(build_articles(contents)),
        "articles_jpn.json": dump(build_articles(contents, "jpn")),
    }
    files.update(build_transcripts(contents))
    check_documents(files)
    check_transcripts(files, contents)
    files["README.md"] = readme(contents, news, live, json.loads(files["articles.json"]), files)
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    files = render_all()
    stale = []
    # Files of transcripts/ that the generator no longer writes: reported by --check, removed otherwise.
    folder = os.path.join(args.out, TRANSCRIPT_DIR)
    leftovers = sorted(f"{TRANSCRIPT_DIR}/{name}" for name in (os.listdir(folder) if os.path.isdir(folder) else [])
                       if name.endswith(".json") and f"{TRANSCRIPT_DIR}/{name}" not in files)
    for name in leftovers:
        if args.check:
            stale.append(name)
        else:
            os.remove(os.path.join(args.out, name))
    for name, text in files.items():
        path = os.path.join(args.out, name)
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    if stale:
        print("stale fixture files: " + ", ".join(stale) + " (run python3 Fixtures/generate.py)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
