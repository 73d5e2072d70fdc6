"""Write the Codex session-file fixtures (tests/e2e/fixtures/codex-0.171.0/sessions/) from real
runs of the pinned Codex against the loopback fake, with ids and paths replaced.

    GARREPA_TEST_CODEX=… .venv/bin/python -m tests.support.build_codex_sessions

Each run's rollout-*.jsonl is copied with every UUID-shaped id replaced by a stable
placeholder (uuid-1, uuid-2, … in order of appearance) and the temp folder by /tmp/CASE.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from tests.support.codex_run import run_codex, write_config
from tests.support.fake_responses import FakeResponses, Reply

OUT = Path(__file__).resolve().parents[1] / "e2e" / "fixtures" / "codex-0.171.0" / "sessions"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
CASES = {
    # a cut output (Codex keeps 64 KiB in the session, the model gets about 10 K) and a failure
    "shell": ([Reply.call("exec_command", cmd="seq 1 20000"),
               Reply.call("exec_command", cmd="echo oops >&2; exit 3")], False),
    "mcp": ([Reply.mcp("probe", "big_text", lines=3)], True),
}


def scrub(text: str, tmp: str) -> str:
    names: dict[str, str] = {}
    text = UUID.sub(lambda m: names.setdefault(m.group(0), f"uuid-{len(names) + 1}"), text)
    return text.replace(tmp, "/tmp/CASE")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (script, mcp) in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            base = Path(tmp)
            project = base / "proj"
            project.mkdir()
            with FakeResponses(script) as fake:
                write_config(base / "codex-home", fake.url, project, mcp=mcp)
                run = run_codex(project, base / "codex-home", args=("--strict-config",))
            assert run.returncode == 0, run.stderr[-2000:]
            [session] = run.sessions()
            text = scrub(session.read_text(), tmp)
            (OUT / f"rollout-{name}.jsonl").write_text(text)
            print(f"{name}: {len(text):,} chars", file=sys.stderr)


if __name__ == "__main__":
    main()
