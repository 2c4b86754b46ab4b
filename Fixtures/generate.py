#!/usr/bin/env python3
"""Generates the bundled sample conference in the WWDC app's feed format.

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
import json
import os
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

# Topics as later feeds describe them (used by the wwdc2025 items only).
TOPICS = [
    (301, "Swift & Developer Tools", ["Developer Tools"]),
    (302, "App Frameworks & Services", ["App Frameworks", "System Services"]),
    (303, "Graphics & Games", ["Graphics & Games"]),
    (304, "Spatial Computing", ["Spatial Computing"]),
    (305, "Machine Learning & AI", ["Machine Learning"]),
    (306, "Design & Accessibility", ["Design"]),
]
TOPIC_FOR_TRACK = {t: tid for tid, _, tracks in TOPICS for t in tracks}

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


def build_contents():
    cat = Catalogue()
    sched = Schedule()
    by_tech_2026 = build_wwdc2026(cat, sched)
    build_wwdc2027(cat, sched)
    by_tech_2025 = build_wwdc2025(cat)
    resources = build_resources()
    link_related(cat, by_tech_2026, by_tech_2025, resources)

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
    ]
    # Order as a feed would list them: current event first, then the rest by id.
    order = {"wwdc2026": 0, "wwdc2027": 1, "wwdc2025": 2}
    contents = sorted(cat.contents, key=lambda c: (order[c["eventId"]], c.get("startTime", "~"), c["id"]))
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
        "topics": [{"id": tid, "name": n, "ordinal": i} for i, (tid, n, _) in enumerate(TOPICS)],
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
    "feeds": {"en": {"contents": {"url": "contents.json"},
                     "liveVideos": {"url": "videos_live.json"},
                     "news": {"url": "news.json"}}},
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


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def readme(contents, news, live):
    cs = contents["contents"]
    events = [e["id"] for e in contents["events"]]
    types = ["Session", "Lab", "Special Event", "Get-Together", "Video"]
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
    topics = sum(1 for c in cs if "topicIds" in c)

    hostile_rows = [[f"`wwdc2026-{ecid}`", kind, len(title)] for ecid, kind, title, _ in HOSTILE]
    return f"""# Fixtures: the sample conference

The bundled sample conference, in the WWDC app's feed format (the format of Apple's 2017 feeds,
plus the fields later years added). `wwdc sync` uses it when no source is configured, and
`Tests/Server/conference_server.py --root Fixtures` serves it over HTTP.

**Generated — do not edit by hand.** Edit `generate.py` and run `python3 Fixtures/generate.py`
(stdlib only, deterministic: same bytes every run). `python3 Fixtures/generate.py --check` fails
when the committed files are stale. All text is written for this project.

| file | content |
| --- | --- |
| `config.json` | `minimumSupportedAppVersion` `"1.0"`, `features`, `fetchIntervals`, `feeds.en` with **relative** URLs (`contents.json`, `videos_live.json`, `news.json`) and `accountService.url` = `"account"` (relative to the config's URL, so `http://HOST:PORT/account`) |
| `contents.json` | `updated`, `snapshotId`, `events`, `contents`, `rooms`, `tracks`, `topics`, `resources`, `imageTypes` |
| `news.json` | `{{items: [...]}}`, {len(news["items"])} items |
| `videos_live.json` | `{{updated, live_sessions: {{"<eventContentId>": ...}}}}`, {len(live["live_sessions"])} streams |

Differences from Apple's files a decoder must accept: `minimumSupportedAppVersion` is the string
`"1.0"` here (Apple's 2017 config has the number `0`); events carry an extra `timeZone`
(`America/Los_Angeles`); `accountService` is this project's own key. All times are
`YYYY-MM-DDTHH:MM:SS-07:00`; news timestamps are epoch seconds ({fractional} of them fractional).

## Events

| event | current | dates | shape |
| --- | --- | --- | --- |
| `wwdc2026` | true | June 8–12 2026 (Mon–Fri) | the main event: scheduled items with `startTime`/`endTime`/`roomId`/`trackId`; every Session, Video and 3 Special Events have `media` |
| `wwdc2027` | false | June 7–11 2027 | the future event: scheduled, no `media`, no `related` |
| `wwdc2025` | false | June 9–13 2025 | Videos only, shaped like later years: `topicIds` and `originalPublishingDate`, **no** `trackId`, `roomId`, `startTime`, `endTime` |

## Counts (tests assert these)

{table(ev_rows, ["event"] + types + ["total", "with times", "with media"])}

Sessions and Labs of `wwdc2026`: {sum(c["type"] in ("Session", "Lab") for c in w26)}.
Items with `related`: {related}. Items with `topicIds`: {topics}. Resources: {len(contents["resources"])}.
Topics: {len(contents["topics"])}. Rooms: {len(contents["rooms"])}. Tracks: {len(contents["tracks"])}.

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
Labs and Get-Togethers never have media. `tvOShls` is present on some items only.

## News and live videos

- `news.json`: {len(news["items"])} items, {photos} with `photos`, {fractional} with a fractional
  `timestamp`, {sum(1 for n in news["items"] if "body" not in n)} without `body`,
  {sum(1 for n in news["items"] if "visibility" in n)} with `visibility`, 1 with `type` `"pass"`.
- `videos_live.json`: live streams keyed by `eventContentId` of `wwdc2026` items: {live_keys};
  {", ".join(f"`{k}`" for k in no_end)} has no `actualEndDate` (still on the air).

## Hostile items

All are `wwdc2026` Sessions in the Developer Tools track, scheduled and with media like any other.

{table(hostile_rows, ["id", "what", "title length (characters)"])}

- `ansi`: title and description contain CSI/OSC sequences (`ESC[2J`, `ESC]0;pwned BEL`, colours,
  a cursor move, a bell).
- `sql`: single and double quotes, `'); DROP TABLE sessions;--`, backslash, `%` and `_`.
- `bidi`: U+202E right-to-left override, U+202C, U+200B/U+200C/U+200D zero-width characters,
  U+FEFF, Arabic and Hebrew text.
- `long`: a title of {len(HOSTILE[3][2])} characters.
- News item `{HOSTILE_NEWS_ID}`: escape sequences (including an OSC 8 hyperlink) in title and body.

## Paging tests

There are {len(cs)} content ids in total, so `POST /_control/seed` with `"favorites": 250` on the
reference server seeds 250 real session ids (the first 250 in sorted order).
"""


def render_all():
    contents, _ = build_contents()
    news = build_news()
    live = build_live(contents)
    check(contents, news, live)

    def dump(obj):
        return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"

    return {
        "config.json": dump(CONFIG),
        "contents.json": dump(contents),
        "news.json": dump(news),
        "videos_live.json": dump(live),
        "README.md": readme(contents, news, live),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    files = render_all()
    stale = []
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
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    if stale:
        print("stale fixture files: " + ", ".join(stale) + " (run python3 Fixtures/generate.py)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
