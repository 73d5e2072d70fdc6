"""Large real MCP results: chars out and handles kept, garrepa structural vs headroom-ai.

Corpus: every JSON response body of 32,000 chars or more recorded in github3.py 4.0.1's test
cassettes (events, commits, compares, contributors, gists …), built by
`python tests/support/corpus.py github3`. No test uses it, so it is not committed under
tests/corpora/: it is built on demand into .cache/corpus/github3/.

Handles: the distinct scalar values of the keys `id`, `number` and `sha` anywhere in a result
(ids of nested users, labels and repositories included). One is kept when its exact text appears
in the output; a handle in the output that the source does not hold is invented.

    python benchmarks/big_outputs.py                 # garrepa only
    python benchmarks/big_outputs.py --headroom VENV # and headroom-ai from that venv's python
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / ".cache" / "corpus" / "github3"
KINDS = ("id", "number", "sha")

HEADROOM = """
import json, sys
from headroom import compress
for line in sys.stdin:
    text = json.loads(line)
    messages = [{"role": "user", "content": "list them"},
                {"role": "assistant", "content": None, "tool_calls": [{"id": "t1", "type":
                 "function", "function": {"name": "mcp__github__api", "arguments": "{}"}}]},
                {"role": "tool", "tool_call_id": "t1", "content": text}]
    out = compress(messages, model="claude-sonnet-4-5", protect_recent=0)
    print(json.dumps(out.messages[-1]["content"]), flush=True)
"""


def handles(value: Any) -> Iterator[tuple[str, str]]:
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, child in node.items():
                if key in KINDS and isinstance(child, (str, int)) and not isinstance(child, bool):
                    yield key, str(child)
                elif isinstance(child, (dict, list)):
                    stack.append(child)
        elif isinstance(node, list):
            stack.extend(node)


def garrepa(text: str) -> str:
    sys.path.insert(0, str(REPO / "src"))
    from garrepa_py.structural import mcp_result

    return mcp_result.compress([text]).text


def score(source: str, output: str) -> dict[str, Any]:
    found: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for kind, value in handles(json.loads(source)):
        found[kind].add(value)
    kept = {kind: sum(1 for v in values if v in output) for kind, values in found.items()}
    shas = set(re.findall(r"\b[0-9a-f]{40}\b", output))
    invented = len(shas - set(re.findall(r"\b[0-9a-f]{40}\b", source)))
    return {"chars_in": len(source), "chars_out": len(output),
            "total": {k: len(v) for k, v in found.items()}, "kept": kept, "invented": invented}


def table(name: str, rows: list[dict[str, Any]]) -> str:
    def line(label: str, chosen: list[dict[str, Any]]) -> str:
        chars_in = sum(r["chars_in"] for r in chosen)
        chars_out = sum(r["chars_out"] for r in chosen)
        cells = []
        for kind in KINDS:
            total = sum(r["total"][kind] for r in chosen)
            kept = sum(r["kept"][kind] for r in chosen)
            cells.append(f"{100 * kept / total:.1f}% of {total:,}" if total else "-")
        invented = sum(r["invented"] for r in chosen)
        return (f"| {name} | {label} ({len(chosen)}) | {chars_in:,} | {chars_out:,} "
                f"({100 * chars_out / chars_in:.1f}%) | " + " | ".join(cells) + f" | {invented} |")

    big = [r for r in rows if r["chars_in"] > 100_000]
    return "\n".join([line("all", rows), line("over 100 K", big)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--headroom", help="a venv with headroom-ai installed")
    args = parser.parse_args()
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        sys.exit("no corpus: run `python tests/support/corpus.py github3` first")
    texts = [f.read_text() for f in files]
    print("| tool | results | chars in | chars out | ids kept | numbers kept | shas kept | "
          "invented shas |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(table("garrepa structural", [score(t, garrepa(t)) for t in texts]))
    if args.headroom:
        python = str(Path(args.headroom) / "bin" / "python")
        out = subprocess.run([python, "-c", HEADROOM], input="\n".join(json.dumps(t) for t in texts),
                             capture_output=True, text=True, check=True).stdout.splitlines()
        print(table("headroom-ai", [score(t, json.loads(o)) for t, o in zip(texts, out, strict=True)]))


if __name__ == "__main__":
    main()
