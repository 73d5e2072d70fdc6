"""MCP route: savings and handle retention on real API responses (structural layer, no model).

Corpus: every GitHub REST response over 32,000 chars recorded in PyGithub 2.3.0's sdist, and
`npm view <package> --json` for a few packages (tests/support/corpus.py). Handles are the values
of every `id`, `number`, `url` and `html_url` in the source; one counts as kept when the briefing
shows it literally or states a template that rebuilds it from a value it shows.
With `--headroom PYTHON`, also runs headroom-ai's compressor (installed in PYTHON) on the same
inputs. Its "handles invented" is not reported: its CSV-like rows glue values with commas, which
a handle checker cannot split reliably.

Usage: python benchmarks/mcp_briefings.py [--headroom PYTHON]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO))

from tests.structural.json.test_json_digest import handles, rebuildable  # noqa: E402

from garrepa_py.structural import mcp_result  # noqa: E402
from garrepa_py.structural.handles import contains, fabricated  # noqa: E402

THRESHOLD = 32000


def corpus(kind: str) -> Path:
    from tests.support import corpora

    return corpora.load(kind)


def garrepa_output(path: Path) -> tuple[str, float]:
    source = path.read_text()
    started = time.perf_counter()
    body = mcp_result.compress([source]).text
    return body, (time.perf_counter() - started) * 1000


def headroom_outputs(python: str, files: list[Path]) -> dict[Path, tuple[str, float]]:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([python, str(REPO / "benchmarks" / "headroom_runner.py"), out,
                        *map(str, files)], check=True, capture_output=True,
                       env=dict(os.environ, HF_HUB_OFFLINE="1"))
        return {p: ((Path(out) / f"{p.name}.txt").read_text(),
                    float((Path(out) / f"{p.name}.ms").read_text())) for p in files}


def measure(files: list[Path], outputs: dict[Path, tuple[str, float]] | None = None
            ) -> dict[str, float]:
    chars_in = chars_out = kept = total = invented = 0
    ratios, times = [], []
    for path in files:
        source = path.read_text()
        body, ms = outputs[path] if outputs is not None else garrepa_output(path)
        times.append(ms)
        chars_in += len(source)
        chars_out += len(body)
        ratios.append(len(body) / len(source))
        wanted = handles(json.loads(source))
        total += len(wanted)
        kept += sum(1 for h in wanted if contains(body, h) or rebuildable(h, body))
        invented += len(fabricated(body, source))
    return {"files": len(files), "chars_in": chars_in, "chars_out": chars_out,
            "saved": 1 - chars_out / chars_in, "median_ratio": statistics.median(ratios),
            "handles": total, "kept": kept, "invented": invented,
            "median_ms": statistics.median(times)}


def main() -> None:
    github = [p for p in sorted(corpus("github").glob("*.json")) if p.stat().st_size >= THRESHOLD]
    npm = sorted(corpus("npm").glob("*.json"))
    print("| corpus | files | chars in | chars out | saved | median size ratio | handles kept | "
          "handles invented | median ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    headroom = sys.argv[sys.argv.index("--headroom") + 1] if "--headroom" in sys.argv else None
    for name, files in (("GitHub REST responses ≥ 32K", github), ("npm view --json", npm)):
        runs = [("garrepa", None)]
        if headroom:
            runs.append(("headroom-ai", headroom_outputs(headroom, files)))
        for tool, outputs in runs:
            m = measure(files, outputs)
            print(f"| {name}, {tool} | {m['files']} | {m['chars_in']:,} | {m['chars_out']:,} | "
                  f"{m['saved']:.0%} | {m['median_ratio']:.2f} | {m['kept']:,} / {m['handles']:,} "
                  f"({m['kept'] / max(1, m['handles']):.1%}) | "
                  f"{m['invented'] if outputs is None else 'n/a'} | "
                  f"{m['median_ms']:.1f} |")


if __name__ == "__main__":
    main()
