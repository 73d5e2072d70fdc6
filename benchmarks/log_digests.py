"""Test and build logs: garrepa's digest beside a head+tail cut of the same size (the peers' way).

Corpus (the committed tests/corpora/ logs, jslogs, nativelogs): click 8.1.7's own test suite,
mypy and ruff; qs 6.17.1's tape suite and tiny-invariant under tsc; Redux Toolkit 1.9.7's jest
suites; TanStack query-core 5.59.0's vitest suites; semver 1.0.14 under cargo; go-cmp and
go-difflib under go test; Brotli 1.1.0's encoder under make; JPype 1.5.0's Java under Maven —
run for real, some with a fault put in (the failing tests from the tool's own report, the fault
locations from the edit, the exit code from the process). Per log: chars in and out; failing
tests and fault locations named; failure blocks kept whole; whether the outcome and exit code
were told right.

    python benchmarks/log_digests.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO))

from tests.support import corpora  # noqa: E402

from garrepa_py.shell import log_command  # noqa: E402
from garrepa_py.structural.log import logs  # noqa: E402

CORPORA = [corpora.load(kind) for kind in ("logs", "jslogs", "nativelogs")]


def main() -> None:
    metas = [meta for corpus in CORPORA for meta in sorted(corpus.glob("*.json"))]
    if not metas:
        sys.exit("no corpus: build it with `python scripts/build_corpora.py logs jslogs nativelogs`")
    print("| log | exit | chars in | digest chars | failing tests and fault locations named: "
          "digest / head+tail | failure blocks whole: digest / head+tail | outcome and exit "
          "code |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    right = 0
    for meta_file in metas:
        meta = json.loads(meta_file.read_text())
        raw = meta_file.with_suffix(".log").read_bytes().decode("utf-8", "replace")
        family = log_command.parse(meta["command"]) or "generic"
        result = logs.digest(raw, family, "/spill/x.txt")
        half = len(result.text) // 2
        cleaned = "\n".join(logs.clean(raw))  # the cut gets the ANSI-free text too
        cut = cleaned if len(cleaned) <= len(result.text) else cleaned[:half] + cleaned[-half:]
        # JUnit: module::test, or ::module for a collection error (named by its path); jest
        # joins describe › test with spaces; the rest as their report names them
        names = [(test if module else test.replace(".", "/")) if "::" in failing and
                 meta.get("format") != "tap" else failing
                 for failing in meta["failing"]
                 for module, _, test in [failing.partition("::")]] + meta.get("where", [])
        shown, cut = result.text.replace(" › ", " "), cut.replace(" › ", " ")
        blocks = logs.read(logs.clean(raw), family).blocks
        ok = result.exit_code == meta["exit_code"]
        right += ok
        print(f"| {meta_file.stem} | {meta['exit_code']} | {len(raw):,} | {len(result.text):,} | "
              f"{sum(n in shown for n in names)} / {sum(n in cut for n in names)} of "
              f"{len(names)} | {sum(b.text() in result.text for b in blocks)} / "
              f"{sum(b.text() in cut for b in blocks)} of {len(blocks)} | "
              f"{'right' if ok else 'WRONG'} ({result.exit_code}) |")
    print(f"\n{right} of {len(metas)} runs classified right (outcome and exit code).")


if __name__ == "__main__":
    main()
