"""Record how long each test file takes, for the order in which the suite hands files to its workers.

Runs the default ``python3 -m pytest`` once with ``--durations=0`` and writes ``tests/file_seconds.json``: each
file's summed setup, call and teardown seconds on this machine. ``tests/conftest.py`` hands the files to the
workers longest first from it (the classic longest-processing-time rule for two machines); a file missing from it
(a new file) goes after the recorded ones. Stale figures only change the order, never which tests run.

Usage: python benchmarks/record_file_seconds.py [PYTEST_ARG ...]
"""

from __future__ import annotations

import collections
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = REPO / "tests" / "file_seconds.json"
_LINE = re.compile(r"^([\d.]+)s (?:setup|call|teardown)\s+([^:\s]+)::")


def main(argv: list[str]) -> int:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=0",
                           "--durations-min=0", *argv], cwd=REPO, capture_output=True, text=True)
    seconds: collections.Counter[str] = collections.Counter()
    for line in done.stdout.splitlines():
        m = _LINE.match(line)
        if m:
            seconds[m.group(2)] += float(m.group(1))
    if done.returncode != 0 or not seconds:
        print(done.stdout[-2000:], file=sys.stderr)
        return 1
    record = {"command": "python3 benchmarks/record_file_seconds.py",
              "measured": datetime.datetime.now(datetime.UTC).isoformat(timespec="minutes"),
              "seconds": {f: round(s, 2) for f, s in sorted(seconds.items(), key=lambda kv: -kv[1])}}
    TARGET.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({"files": len(seconds), "sum_s": round(sum(seconds.values()), 1), "written": str(TARGET)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
