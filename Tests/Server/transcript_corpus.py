#!/usr/bin/env python3
"""Writes a synthetic conference of any size, with a transcript per video, for tests and benchmarks.

    python3 Tests/Server/transcript_corpus.py --out DIR [--sessions 2000] [--transcript-bytes 40000]
        [--segment-bytes 60] [--seed 1] [--language eng] [--vocabulary 3000] [--rare-sessions 3]
        [--common-fraction 0.9] [--text-dir DIR]

DIR becomes a complete feed folder that `wwdc sync --source DIR` reads and that
`conference_server.py --root DIR` serves:

    DIR/config.json                                  one language: feeds contents + transcripts
    DIR/contents.json                                one event, N Video items (modern shape)
    DIR/transcripts/<id>-transcript-<lang>.json      Apple's transcript format, one per item
    DIR/transcripts/transcript-manifest-<lang>.json  {updated, digest: {etag, url}, individual: {...}}
    DIR/transcripts/transcript-digest-<lang>.json    every transcript in one object

URLs are relative (the config's to the config, the manifest's to the manifest), and every etag
of the manifest is the ETag the reference server sends for that file. With --text-dir, the same
transcripts are also written as plain text, one <id>.txt each (segments' texts, in order), for a
comparison with grep-like tools.

The text is random words from a fixed vocabulary (Zipf-like frequencies), deterministic for a seed,
with three words and a phrase placed so that a benchmark knows their answers:
  - the rare word is in exactly --rare-sessions transcripts, once each;
  - the common word is in round(--common-fraction * N) transcripts, 1 to 3 times each;
  - the phrase is in exactly one transcript, once, at a known segment and second.
None of them (nor any word containing them) is in the vocabulary. The last line of stdout is one
JSON object describing the result (see docs/api.md, "Transcript corpus").

Python 3.8+, standard library only. 2,000 transcripts of 40 KB take a few seconds.
"""

import argparse
import hashlib
import itertools
import json
import os
import random
import sys

BASE_WORDS = """
a about actually after again all also an and any app apps are as at away back be because before
behind best better between build builds but by call can change changes check class code come
could data debug default demo design detail device different do does done each easy every example
fast faster feature features few find first fix for from get gives go good great has have help
here how i if important in into is it its just keep know last later layer learn let lets like
line little look made make many may means memory model more most much need new next no not now
of on one only or other our out over part pattern people performance place platform point
preview problem project quick quickly rather real really right run runs same sample say screen
see session set should show simple small so some something start state still such support sure
system take team test than that the their them then there these they thing things think this
those through time to today tool tools try two type under up update use used user users using
very view want way we well what when where which while why will with without work works would
write year you your interface network request response cache storage thread queue task actor
async await value struct protocol method property closure error result array dictionary string
number index search query filter sort record entry field column table migration schema store
sync download upload timeline scene window layout animation gesture render shader texture frame
"""

SYLLABLES = ("ba be bi bo bu ca co cu da de di do fa fe fi fo ga go gu ka ke ki ko la le li lo lu "
             "ma me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va "
             "ve vi vo za ze zo bra cle dri flo gre pla sto tri").split()
RARE_SYLLABLES = "qua xy zor vex quil jux".split()


def make_etag(body):
    """The ETag the reference server sends for these bytes (conference_server.make_etag)."""
    return '"%s"' % hashlib.sha256(body).hexdigest()[:32]


def compact(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def nonce_word(rng, syllables, count):
    return "".join(rng.choice(syllables) for _ in range(count))


class Corpus:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.vocabulary = self.make_vocabulary()
        joined = "\n".join(self.vocabulary)
        # The planted words: made-up words that are neither in the vocabulary nor inside any of its
        # words, so that word search and substring search (grep) both find them only where planted.
        taken = set()

        def planted(syllables, count, wanted=None):
            while True:
                word = wanted or nonce_word(self.rng, syllables, count)
                if word not in joined and not any(word in t or t in word for t in taken):
                    taken.add(word)
                    return word
                if wanted:
                    raise SystemExit("transcript_corpus: %r is in the vocabulary" % wanted)

        self.rare_word = planted(RARE_SYLLABLES, 3, args.rare_word)
        self.common_word = planted(SYLLABLES, 3, args.common_word)
        # The phrase may hold ordinary words ("the", "protocol"); its longest word must be distinctive.
        self.phrase = args.phrase
        distinctive = max(args.phrase.split() or [""], key=len)
        if distinctive in joined or any(distinctive in t or t in distinctive for t in taken):
            raise SystemExit("transcript_corpus: the phrase's word %r is not distinctive" % distinctive)
        self.phrase_word = distinctive

    def make_vocabulary(self):
        rng = random.Random("vocabulary:%d" % self.args.vocabulary)  # same vocabulary for every seed
        # Ordinary words first, in a fixed mixed order: they take the frequent ranks.
        words = sorted(set(BASE_WORDS.split()))
        rng.shuffle(words)
        seen = set(words)
        while len(words) < self.args.vocabulary:
            word = nonce_word(rng, SYLLABLES, rng.randint(2, 4))
            if word not in seen:
                seen.add(word)
                words.append(word)
        words = words[: max(self.args.vocabulary, 1)]
        # Excluded on purpose: the fixtures' distinctive word, so the default phrase stays unique.
        return [w for w in words if "lighthouse" not in w]

    def make_pool(self):
        """Caption segments to draw from: (text ending in a space, text ending a paragraph, gap)."""
        rng = self.rng
        weights = list(itertools.accumulate(1.0 / (rank + 1) for rank in range(len(self.vocabulary))))
        target = self.args.segment_bytes
        pool = []
        for _ in range(4096):
            length = rng.randint(max(8, target * 6 // 10), max(10, target * 14 // 10))
            words = []
            size = 0
            while size < length:
                word = rng.choices(self.vocabulary, cum_weights=weights)[0]
                words.append(word)
                size += len(word) + 1
            text = " ".join(words)
            text = text[0].upper() + text[1:]
            ending = rng.random()
            tail = "." if ending < 0.35 else "," if ending < 0.5 else ""
            pool.append((text + tail + " ", text + ".\n\n", max(1, round(len(text) / 15))))
        return pool

    def write(self):
        args = self.args
        language = args.language
        out = args.out
        folder = os.path.join(out, "transcripts")
        os.makedirs(folder, exist_ok=True)
        clean(folder, lambda n: n.endswith(".json") and "transcript" in n)
        if args.text_dir:
            os.makedirs(args.text_dir, exist_ok=True)
            clean(args.text_dir, lambda n: n.startswith(args.event_id + "-") and n.endswith(".txt"))

        pool = self.make_pool()
        spaced = [p[0] for p in pool]
        ending = [p[1] for p in pool]
        gaps = [p[2] for p in pool]
        average = sum(len(t) for t in spaced) / len(spaced)
        encodings = {}

        def encode(text):
            value = encodings.get(text)
            if value is None:
                value = encodings[text] = json.dumps(text, ensure_ascii=False)
            return value
        per_transcript = max(3, round(args.transcript_bytes / average))
        rng = self.rng
        n = args.sessions
        ids = ["%s-%d" % (args.event_id, 10001 + i) for i in range(n)]
        rare = set(rng.sample(range(n), min(args.rare_sessions, n)))
        common = set(rng.sample(range(n), min(n, round(args.common_fraction * n))))
        phrase_at = rng.randrange(n) if n else None

        inner = []          # '"<id>":{...}' for the digest
        individual = {}
        durations = []
        text_bytes = segments_total = 0
        phrase_seconds = phrase_segment = None
        for i, content_id in enumerate(ids):
            count = max(8, per_transcript + rng.randint(-per_transcript // 10, per_transcript // 10))
            picks = rng.choices(range(len(pool)), k=count)
            texts = [spaced[k] for k in picks]
            paragraph = rng.randint(6, 12)
            for p in range(paragraph - 1, count - 1, paragraph):
                texts[p] = ending[picks[p]]
            texts[-1] = ending[picks[-1]].rstrip("\n") + " "  # the last segment ends no paragraph
            times = list(itertools.accumulate([gaps[k] for k in picks[:-1]], initial=rng.randint(3, 9)))

            # Planted sentences replace whole segments, each at its own position (never the first).
            plants = []
            if i in rare:
                plants.append("That is where the %s option makes the difference." % self.rare_word)
            if i in common:
                plants += ["Our %s stays the same across every platform." % self.common_word] * rng.randint(1, 3)
            free = list(range(1, count))
            if i == phrase_at:
                phrase_segment = count // 2
                phrase_seconds = times[phrase_segment]
                free.remove(phrase_segment)
                plants.append(None)
            positions = rng.sample(free, len(plants) - (i == phrase_at))
            if i == phrase_at:
                positions.append(phrase_segment)
            for position, sentence in zip(positions, plants):
                if sentence is None:
                    sentence = "We call this %s, and it keeps things simple." % self.phrase
                end = "\n\n" if texts[position].endswith("\n\n") else " "
                texts[position] = sentence + end
            durations.append(times[-1] + 30)
            # The same bytes as json.dumps(list(zip(times, texts))) with compact separators, faster:
            # the pool's texts are encoded once.
            encoded = [encode(t) for t in texts]
            body = "[" + ",".join(map("[%d,%s]".__mod__, zip(times, encoded))) + "]"
            entry = '%s:{"language":%s,"transcript":%s}' % (json.dumps(content_id), json.dumps(language), body)
            inner.append(entry)
            name = "%s-transcript-%s.json" % (content_id, language)
            data = ("{" + entry + "}").encode("utf-8")
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
            individual[content_id] = {"etag": make_etag(data), "url": name}
            text = "".join(texts)
            text_bytes += len(text.encode("utf-8"))
            segments_total += count
            if args.text_dir:
                with open(os.path.join(args.text_dir, content_id + ".txt"), "w", encoding="utf-8") as f:
                    f.write(text)

        digest_name = "transcript-digest-%s.json" % language
        digest_data = ("{" + ",".join(inner) + "}").encode("utf-8")
        with open(os.path.join(folder, digest_name), "wb") as f:
            f.write(digest_data)
        manifest_name = "transcript-manifest-%s.json" % language
        manifest = {"updated": "2030-06-14T00:00:00+00:00",
                    "digest": {"etag": make_etag(digest_data), "url": digest_name},
                    "individual": individual}
        with open(os.path.join(folder, manifest_name), "w", encoding="utf-8") as f:
            f.write(compact(manifest))
        write_json(os.path.join(out, "contents.json"), self.contents(ids, durations))
        write_json(os.path.join(out, "config.json"), config(language, "transcripts/" + manifest_name))
        return {
            "out": out, "seed": args.seed, "sessions": n, "transcripts": n, "language": language,
            "event": args.event_id,
            "config": "config.json", "manifest": "transcripts/" + manifest_name,
            "digest": "transcripts/" + digest_name, "digestBytes": len(digest_data),
            "segments": segments_total, "textBytes": text_bytes,
            "rareWord": self.rare_word, "rareSessions": sorted(ids[i] for i in rare),
            "commonWord": self.common_word, "commonSessions": len(common),
            "phrase": self.phrase, "phraseSession": ids[phrase_at] if n else None,
            "phraseSegment": phrase_segment, "phraseSeconds": phrase_seconds,
            "textDir": args.text_dir,
        }

    def contents(self, ids, durations):
        """contents.json in the modern shape (as Apple's 2020 feed, and Fixtures/contents.json)."""
        args = self.args
        rng = random.Random("contents:%d" % args.seed)
        year = args.event_id[-4:] if args.event_id[-4:].isdigit() else "2030"
        topics = [(901 + i, title) for i, title in enumerate(
            ["Developer Tools", "App Frameworks", "System Services", "Graphics & Games",
             "Spatial Computing", "Machine Learning", "Design", "Distribution"])]
        words = [w for w in self.vocabulary if len(w) > 3][:400]
        items = []
        for i, (content_id, duration) in enumerate(zip(ids, durations)):
            ecid = 10001 + i
            title_words = [rng.choice(words) for _ in range(3)]
            title = "%s %s and %s" % (title_words[0].capitalize(), title_words[1], title_words[2])
            base = "https://devstreaming.example.com/videos/wwdc/%s/%d/%d" % (year, ecid, ecid)
            first, second = rng.sample(topics, 2)
            items.append({
                "id": content_id,
                "staticContentId": 500000 + i,
                "eventContentId": ecid,
                "eventId": args.event_id,
                "webPermalink": "https://developer.example.com/videos/play/%s/%d/" % (args.event_id, ecid),
                "description": "A synthetic session about %s, %s and %s, generated for benchmarks."
                               % tuple(rng.choice(words) for _ in range(3)),
                "title": title,
                "originalPublishingDate": "%s-06-%02dT10:00:00-07:00" % (year, 10 + i % 5),
                "platforms": ["iOS", "macOS", "visionOS"],
                "keywords": title_words,
                "topicIds": [first[0]] + ([second[0]] if i % 3 == 0 else []),
                "type": "Video",
                "images": ["square", "wide"],
                "media": {"hls": base + "/hls_vod_mvp.m3u8",
                          "downloadHD": base + "/%d_hd.mp4" % ecid,
                          "downloadSD": base + "/%d_sd.mp4" % ecid,
                          "duration": duration},
            })
        short = "wwdc" + year[-2:]
        return {
            "updated": "%s-06-14T00:00:00+00:00" % year,
            "snapshotId": args.seed,
            "events": [{"name": "WWDC%s" % year[-2:], "current": True, "id": args.event_id,
                        "webUrlKey": short, "startTime": "%s-06-10T00:00:00+00:00" % year,
                        "endTime": "%s-06-15T00:00:00+00:00" % year,
                        "imagesPath": "https://images.example.com/wwdc/%s" % year,
                        "hashtag": "#" + short.upper(), "sortOrder": "groupedPublishDateAscending",
                        "isSearchable": True, "isBrowsable": True}],
            "contents": items,
            "rooms": [],
            "topicCategories": [{"title": "All topics", "id": 90, "ordinal": 0,
                                 "topicIds": [t for t, _ in topics]}],
            "topics": [{"title": title, "id": tid, "ordinal": n,
                        "imageURL": "https://images.example.com/wwdc/topics/%d.pdf" % tid}
                       for n, (tid, title) in enumerate(topics)],
            "resources": [],
            "imageTypes": [{"name": "square", "variants": [{"width": 320, "height": 320}]},
                           {"name": "wide", "variants": [{"width": 640, "height": 360}]}],
        }


def config(language, manifest_url):
    feed_language = "en" if language == "eng" else language
    return {
        "minimumSupportedAppVersion": "1.0",
        "features": {"isLiveStreamingEnabled": False, "isLabQueueingEnabled": False},
        "fetchIntervals": {"master": 300, "appResumeMinimum": 0, "liveVideos": 60},
        "analytics": {"isEnabled": False},
        "feeds": {feed_language: {"contents": {"url": "contents.json"},
                                  "transcripts": {"url": manifest_url}}},
    }


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj, ensure_ascii=False, indent=1) + "\n")


def clean(folder, owned):
    """Removes what an earlier run wrote there, so a smaller corpus leaves nothing stale behind."""
    for name in os.listdir(folder):
        if owned(name) and os.path.isfile(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="feed folder to write (created if needed)")
    parser.add_argument("--sessions", type=int, default=2000, help="number of videos, each with a transcript (default 2000)")
    parser.add_argument("--transcript-bytes", type=int, default=40000,
                        help="about this many bytes of text per transcript (default 40000, ±10%%)")
    parser.add_argument("--segment-bytes", type=int, default=60,
                        help="about this many bytes of text per segment (default 60, ±40%%)")
    parser.add_argument("--seed", type=int, default=1, help="same seed, same bytes (default 1)")
    parser.add_argument("--language", default="eng", help="transcript language code (default eng; config feeds `en`)")
    parser.add_argument("--vocabulary", type=int, default=3000, help="distinct ordinary words (default 3000)")
    parser.add_argument("--rare-sessions", type=int, default=3, help="transcripts with the rare word (default 3)")
    parser.add_argument("--common-fraction", type=float, default=0.9,
                        help="fraction of transcripts with the common word (default 0.9)")
    parser.add_argument("--rare-word", help="the rare word (default: made up from the seed)")
    parser.add_argument("--common-word", help="the common word (default: made up from the seed)")
    parser.add_argument("--phrase", default="the lighthouse protocol",
                        help="phrase planted in exactly one transcript (default: the lighthouse protocol)")
    parser.add_argument("--event-id", default="wwdc2030", help="the one event's id (default wwdc2030)")
    parser.add_argument("--text-dir", help="also write each transcript's text as DIR/<id>.txt")
    args = parser.parse_args(argv)
    if args.sessions < 0 or args.transcript_bytes < 1 or args.segment_bytes < 8:
        parser.error("--sessions must be >= 0, --transcript-bytes >= 1, --segment-bytes >= 8")
    if not 0 <= args.common_fraction <= 1 or args.rare_sessions < 0:
        parser.error("--common-fraction must be within 0..1 and --rare-sessions >= 0")
    if args.vocabulary < 1:
        parser.error("--vocabulary must be at least 1")
    return args


def main(argv=None):
    args = parse_args(argv)
    summary = Corpus(args).write()
    sys.stdout.write(json.dumps(summary, ensure_ascii=False, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
