"""Test and build logs: garrepa's digest beside a head+tail cut of the same size (the peers' way).

Corpus: click 8.1.7's own test suite, mypy and ruff, and qs 6.17.1's tape suite (from npm), run
for real, some with a fault put in
(`python tests/support/corpus.py logs`; the failing tests from pytest's JUnit XML, the exit code
from the process). Per log: chars in and out; failing tests named; tracebacks (pytest's failure
blocks) kept whole; whether the outcome and exit code were told right.

    python benchmarks/log_digests.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from garrepa_py.structural import logs  # noqa: E402

CORPUS = REPO / ".cache" / "corpus" / "logs"


def main() -> None:
    metas = sorted(CORPUS.glob("*.json"))
    if not metas:
        sys.exit("no corpus: run `python tests/support/corpus.py logs` first")
    print("| log | exit | chars in | digest chars | failing named: digest / head+tail | "
          "tracebacks whole: digest / head+tail | outcome and exit code |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    right = 0
    for meta_file in metas:
        meta = json.loads(meta_file.read_text())
        raw = meta_file.with_suffix(".log").read_bytes().decode("utf-8", "replace")
        family = logs.family_of(meta["command"])
        result = logs.digest(raw, family, "/spill/x.txt")
        half = len(result.text) // 2
        cut = raw if len(raw) <= len(result.text) else raw[:half] + raw[-half:]
        # JUnit: module::test, or ::module for a collection error (named by its path); TAP: as is
        names = meta["failing"] if meta.get("format") == "tap" else [
            test if module else test.replace(".", "/")
            for module, _, test in (f.partition("::") for f in meta["failing"])]
        lines = logs.clean(raw)
        blocks = (logs._pytest(lines)[0] if family == "pytest" else
                  logs._tap(lines)[0] if meta.get("format") == "tap" else [])
        ok = result.exit_code == meta["exit_code"]
        right += ok
        print(f"| {meta_file.stem} | {meta['exit_code']} | {len(raw):,} | {len(result.text):,} | "
              f"{sum(n in result.text for n in names)} / {sum(n in cut for n in names)} of "
              f"{len(names)} | {sum(b.text() in result.text for b in blocks)} / "
              f"{sum(b.text() in cut for b in blocks)} of {len(blocks)} | "
              f"{'right' if ok else 'WRONG'} ({result.exit_code}) |")
    print(f"\n{right} of {len(metas)} runs classified right (outcome and exit code).")


if __name__ == "__main__":
    main()
