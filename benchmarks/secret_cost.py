"""What the secret guard costs on the hook path: whole processes, as the hook runs (-I -S).

    .venv/bin/python benchmarks/secret_cost.py [--json]

Each input is read by a bare process (the floor) and by one that also runs the guard's one
code path (`secrets.masked`); the difference is what a compress event pays. Inputs (built here,
deterministic): a typical 50 KB doc (pytest's fixtures guide), 5 MB of plain text (click's
`git log -p` with every planted shape of tests/security/secret_cases.py), 5 MB of real GitHub
REST responses (PyGithub's recordings), and a hostile 5 MB MCP result (unique keys in every
object, a password, a URL password and secret words in every item), compact and indented.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support import corpora  # noqa: E402

FIVE_MB = 5_000_000
RUN = ("import sys; sys.path.insert(0, sys.argv[1]); text = open(sys.argv[2]).read()\n"
       "if sys.argv[3] == 'scan':\n"
       "    from garrepa_py.guard import secrets\n"
       "    safe, found = secrets.masked(text)\n"
       "    print(len(found.findings), ','.join(found.unmaskable) or '-')\n"
       "else:\n    print(0, '-')\n")


def inputs(folder: Path) -> dict[str, Path]:
    from tests.security.secret_cases import document

    out: dict[str, Path] = {}
    docs = corpora.load("docs") / "pytest-8.2.0" / "doc" / "en" / "how-to" / "fixtures.rst"
    out["doc 50 KB"] = folder / "doc.md"
    out["doc 50 KB"].write_text(docs.read_text()[:50_000])
    log = subprocess.run(["git", "-C", str(corpora.load("gitrepo")), "log", "-p"], capture_output=True,
                         text=True, check=True).stdout
    plain = ""
    while len(plain) < FIVE_MB:
        plain += log + document()
    out["plain 5 MB"] = folder / "plain.txt"
    out["plain 5 MB"].write_text(plain[:FIVE_MB])
    items: list[object] = []
    size = 0
    for path in sorted(corpora.load("github").glob("*.json")):
        try:
            value = json.loads(path.read_text())
        except ValueError:
            continue
        items.append(value)
        size += len(json.dumps(value))
        if size > FIVE_MB:
            break
    out["GitHub JSON 5 MB"] = folder / "github.json"
    out["GitHub JSON 5 MB"].write_text(json.dumps(items))
    rng = random.Random(1)
    rows = []
    while len(rows) < 11_200:
        n = len(rows)
        rows.append({**{f"field_{n}_{k}": f"value {k} of row {n}" for k in range(3)},
                     "id": n, "url": f"https://api.example.com/items/{n}",
                     "password": f"Pw{n}x!{rng.randrange(10**9)}Qz",
                     "dsn": f"postgres://app:Pk{n}z{rng.randrange(10**6)}@db{n % 7}.internal/app",
                     "author": {"login": f"user{n}", "token_url": f"https://auth.example.com/{n}"},
                     "notes": "ordinary text about keys, tokens and authors " * 2})
    out["hostile MCP 5 MB"] = folder / "mcp.json"
    out["hostile MCP 5 MB"].write_text(json.dumps(rows))
    out["hostile MCP 5 MB, indented"] = folder / "mcp-indented.json"
    out["hostile MCP 5 MB, indented"].write_text(json.dumps(rows[:9_900], indent=2))
    return out


def run(path: Path, mode: str) -> tuple[float, int, str]:
    """(seconds, findings, unmaskable kinds) of one whole process."""
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", RUN, str(REPO / "src"), str(path),
                           mode], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    findings, unmaskable = proc.stdout.split()
    return seconds, int(findings), unmaskable


def measure(repeat: int = 3) -> list[dict[str, object]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, path in inputs(Path(folder)).items():
            floor = min(run(path, "read")[0] for _ in range(repeat))
            scans = [run(path, "scan") for _ in range(repeat)]
            seconds = min(s for s, _, _ in scans)
            rows.append({"input": name, "chars": len(path.read_text()),
                         "findings": scans[0][1], "unmaskable": scans[0][2],
                         "process_s": round(seconds, 3), "guard_s": round(seconds - floor, 3)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure()
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| input | chars | findings | whole process | the guard's part |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['input']} | {r['chars']:,} | {r['findings']:,} | {r['process_s']} s | "
              f"{r['guard_s']} s |")


if __name__ == "__main__":
    main()
