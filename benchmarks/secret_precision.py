"""Precision and recall of the secret guard on a labelled set of real and planted inputs.

    .venv/bin/python benchmarks/secret_precision.py [--json]

Corpora (the committed tests/corpora/, unpacked by tests/support/corpora.py):
  canaries        every kind garrepa detects, planted (tests/support/canaries.py)
  requests diff   `git diff` requests 2.31.0 -> 2.32.3 (test certificates, `password` code)
  click log -p    `git log -p` over click 8.1.3 -> 8.1.7 (five releases of ordinary code)
  pytest docs     every .rst/.md/.txt of pytest 8.2.0's documentation
  garrepa src     this repository's src/ (code that talks about secrets all day)
A unit is one secret: a private-key block counts once (by its BEGIN line), a secret file's
hunks in a diff once (by their first line), any other finding once per line and kind. Labels
are in benchmarks/secret_labels.json, reviewed by hand.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support import canaries  # noqa: E402
from tests.support.corpora import load as load_corpus  # noqa: E402

from garrepa_py.guard import secrets  # noqa: E402

LABELS = json.loads((REPO / "benchmarks" / "secret_labels.json").read_text())


BLOCKS = ("private-key", "secret-file")  # masked line for line, counted once


def units(text: str) -> set[tuple[str, int, str]]:
    """(file, line, kind) per secret found; a key block once, at its first line."""
    found = secrets.scan(text)
    out: set[tuple[str, int, str]] = set()
    previous = -2
    for line, kind in found.locations():
        if kind in BLOCKS and line == previous + 1:
            previous = line
            continue
        previous = line if kind in BLOCKS else -2
        out.add(("", line, kind))
    return out


def canary_labels() -> set[tuple[str, int, str]]:
    lines = canaries.canary_text().split("\n")
    labels = {("canaries.env", lines.index(line) + 1, kind)
              for kind, line, _ in canaries.CANARIES}
    labels.add(("canaries.env", lines.index(canaries.PEM.split("\n")[0]) + 1, "private-key"))
    return labels


def corpora() -> dict[str, dict[str, str]]:
    """name → {file label: text}."""
    requests_repo = load_corpus("requests")
    diff = subprocess.run(["git", "-C", str(requests_repo), "diff", "HEAD~1"],
                          capture_output=True, text=True, check=True).stdout
    click_log = subprocess.run(["git", "-C", str(load_corpus("gitrepo")), "log", "-p"],
                               capture_output=True, text=True, check=True).stdout
    docs = load_corpus("docs") / "pytest-8.2.0" / "doc"
    return {
        "canaries": {"canaries.env": canaries.canary_text()},
        "requests diff": {"requests.diff": diff},
        "click log -p": {"click.log": click_log},
        "pytest docs": {str(p.relative_to(docs)): p.read_text(errors="replace")
                        for p in sorted(docs.rglob("*")) if p.suffix in (".rst", ".md", ".txt")},
        "garrepa src": {str(p.relative_to(REPO)): p.read_text()
                        for p in sorted((REPO / "src").rglob("*.py"))},
    }


def measure() -> list[dict[str, object]]:
    rows = []
    for name, files in corpora().items():
        expected = {(f, line, kind) for f, line, kind in LABELS.get(name, [])}
        if name == "canaries":  # planted: the truth is known by construction
            expected = canary_labels()
        found: set[tuple[str, int, str]] = set()
        started = time.perf_counter()
        for label, text in files.items():
            found |= {(label, line, kind) for _, line, kind in units(text)}
        seconds = time.perf_counter() - started
        true = found & expected
        rows.append({"corpus": name, "files": len(files),
                     "chars": sum(len(t) for t in files.values()), "secrets": len(expected),
                     "found": len(found), "true": len(true),
                     "false_positives": sorted(found - expected),
                     "missed": sorted(expected - found),
                     "precision": len(true) / len(found) if found else 1.0,
                     "recall": len(true) / len(expected) if expected else 1.0,
                     "seconds": round(seconds, 3)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure()
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| corpus | files | chars | labelled secrets | found | precision | recall | scan |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['corpus']} | {r['files']} | {r['chars']:,} | {r['secrets']} | {r['found']} | "
              f"{r['precision']:.0%} | {r['recall']:.0%} | {r['seconds'] * 1000:,.0f} ms |")
    for r in rows:
        for what in ("false_positives", "missed"):
            for item in r[what]:  # type: ignore[attr-defined]
                print(f"{r['corpus']}: {what.replace('_', ' ')[:-1]}: {item}")


if __name__ == "__main__":
    main()
