#!/usr/bin/env python3
"""Reads a WebVTT file with webvtt-py, a parser no one here wrote, and prints what it read as one
JSON object, for tests in any language to check a file they made:

    .venv-tests/bin/python Tests/Server/webvtt_cues.py FILE
    {"cues": [{"start": 4.5, "end": 8.0, "text": "[jpn] ..."}, ...], "metadata": ["X-TIMESTAMP-MAP=..."]}

Times are seconds; `metadata` is the header's lines after WEBVTT. The file is read strictly (a cue
block not ended by a blank line is an error). Exit status 1, with one line on stderr, for a file
that is not valid WebVTT; 2 when webvtt-py is not installed (.ci/run installs it into .venv-tests,
from Tests/Server/requirements.txt).
"""

import json
import sys


def seconds(stamp):
    hours, minutes, rest = ([0] + stamp.split(":"))[-3:]
    return round(int(hours) * 3600 + int(minutes) * 60 + float(rest), 3)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: webvtt_cues.py FILE\n")
        return 64
    try:
        import webvtt
    except ImportError as error:
        sys.stderr.write("webvtt-py is not installed (%s): run .ci/run, or .venv-tests/bin/pip install -r "
                         "Tests/Server/requirements.txt\n" % error)
        return 2
    try:
        document = webvtt.read(argv[1], encoding="utf-8", strict=True)
    except (OSError, UnicodeDecodeError, webvtt.errors.MalformedFileError, webvtt.errors.MalformedCaptionError) as error:
        sys.stderr.write("%s: not valid WebVTT: %s\n" % (argv[1], error))
        return 1
    cues = [{"start": seconds(c.start), "end": seconds(c.end), "text": c.text} for c in document.captions]
    sys.stdout.write(json.dumps({"cues": cues, "metadata": list(document.metadata)}, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
