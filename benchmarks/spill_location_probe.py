"""Where can a spill file live so that the agent reads it back with no permission prompt?

garrepa's exact copies ("spills") must be out of the way of every search, listing and `git add`
of the project, and still readable by the agent's `Read` (with offset/limit) in Claude Code's
default permission mode. This probe asks the real binary: for each candidate place it writes a
small numbered file there, has a scripted fake model `Read` it with offset=2 and limit=3, and
records what the model received (the lines, or Claude Code's refusal). In `-p` mode a
permission prompt cannot be answered, so a place that would prompt shows up as an error result.

    python benchmarks/spill_location_probe.py --claude PATH [--claude PATH2] [--out FILE]

Candidates:
    project          <project>/.garrepa/spill/          (today's place; the control)
    session          <transcript dir>/<session>/tool-results/ (beside Claude Code's own outputs)
    transcript_dir   <transcript dir>/garrepa-spill/     (the project's transcript folder)
    user_cache       ~/.cache/garrepa/spill/<project>/   (XDG cache)
    user_config      ~/.config/garrepa/spill/            (garrepa's home)
    tmp              /tmp/garrepa-<uid>/spill/
    user_cache+rule  ~/.cache/garrepa/… with the project settings allowing Read there
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.claude_run import stream_events  # noqa: E402
from tests.support.fake_anthropic import FakeAnthropic, Turn  # noqa: E402

TEXT = "".join(f"spill line {n}\n" for n in range(1, 11))
WANT = ("spill line 2", "spill line 3", "spill line 4")


def _transcript_dir(home: Path) -> Path | None:
    projects = home / ".claude" / "projects"
    found = sorted(p for p in projects.glob("*") if p.is_dir()) if projects.is_dir() else []
    return found[0] if found else None


def _place(candidate: str, home: Path, project: Path, session: str) -> Path:
    if candidate == "project":
        return project / ".garrepa" / "spill"
    if candidate in ("session", "transcript_dir"):
        folder = _transcript_dir(home)
        assert folder is not None, "Claude Code made no transcript folder"
        return folder / session / "tool-results" if candidate == "session" \
            else folder / "garrepa-spill"
    if candidate.startswith("user_cache"):
        return home / ".cache" / "garrepa" / "spill" / "proj"
    if candidate == "user_config":
        return home / ".config" / "garrepa" / "spill"
    if candidate == "tmp":
        return Path(tempfile.gettempdir()) / f"garrepa-probe-{os.getuid()}" / "spill"
    raise ValueError(candidate)


def probe(claude: str, candidate: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="spill-probe-") as scratch:
        root = Path(scratch)
        home, project = root / "home", root / "project"
        home.mkdir()
        project.mkdir()
        subprocess.run(["git", "init", "-q", str(project)], check=True)
        if candidate == "user_cache+rule":
            (project / ".claude").mkdir()
            (project / ".claude" / "settings.json").write_text(json.dumps({"permissions": {
                "allow": [f"Read({home}/.cache/garrepa/**)"],
                "additionalDirectories": [str(home / ".cache" / "garrepa")]}}))
        session = "0f3c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b"
        written: dict[str, str] = {}

        def read_turn(_body: dict[str, Any]) -> Turn:
            folder = _place(candidate, home, project, session)
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            target = folder / "3f2a9c0d1e2b4c5d.txt"
            target.write_text(TEXT)
            target.chmod(0o600)
            written["path"] = str(target)
            return Turn.tool("Read", file_path=str(target), offset=2, limit=3)

        with FakeAnthropic([read_turn, Turn(text="done")]) as fake:
            env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                   "IS_SANDBOX": "1", "ANTHROPIC_BASE_URL": fake.url,
                   "ANTHROPIC_API_KEY": "sk-test-dummy", "DISABLE_AUTOUPDATER": "1",
                   "DISABLE_TELEMETRY": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
            done = subprocess.run([claude, "-p", "go", "--permission-mode", "default",
                                   "--session-id", session, "--output-format", "stream-json",
                                   "--verbose"], cwd=project, env=env, capture_output=True,
                                  text=True, timeout=180, stdin=subprocess.DEVNULL, check=False)
            results = list(fake.tool_results().values())
        stream_events(done.stdout)
        if candidate == "tmp":
            shutil.rmtree(Path(written.get("path", "/nonexistent")).parent.parent,
                          ignore_errors=True)
    result = results[0] if results else {}
    content = result.get("content")
    text = content if isinstance(content, str) else json.dumps(content)
    return {"candidate": candidate, "path": written.get("path", ""),
            "is_error": bool(result.get("is_error")),
            "read_back": all(line in text for line in WANT) and "spill line 5" not in text,
            "received": text[:300]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claude", action="append", required=True)
    parser.add_argument("--out")
    parser.add_argument("--only", action="append")
    args = parser.parse_args()
    candidates = args.only or ["project", "session", "transcript_dir", "user_cache",
                               "user_config", "tmp", "user_cache+rule"]
    rows = []
    for claude in args.claude:
        version = subprocess.run([claude, "--version"], capture_output=True, text=True,
                                 check=False).stdout.split()[0]
        for candidate in candidates:
            row = {"version": version, **probe(claude, candidate)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(row) + "\n" for row in rows))


if __name__ == "__main__":
    main()
