"""Print the `garrepa report` the README shows, from a real (short) session: no model, no network.

Usage: .venv/bin/python scripts/readme_report_example.py

Four PostToolUse events go to the real hook process, the way Claude Code sends them: a Read of
pytest 8.2.0's `doc/en/how-to/fixtures.rst` (mapped), a Read of one section the map names, a
`git log -p` of the click release repository (a persisted output), and a GitHub list-issues MCP
result (PyGithub's recorded reply). The inputs come from the committed corpora
(tests/corpora/). Claude Code's transcript is written with what each reply delivered, so the
report's arrival check reads a real shape. Everything lives in a temporary folder.
"""

from __future__ import annotations

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

from tests.support.corpora import load  # noqa: E402

HOOK = "import sys; sys.path.insert(0, sys.argv[1]); from garrepa_py.hook.entry import main; main()"
SECTION = (538, 286)  # the section "Fixture scopes" of the map, as an agent would ask for it


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        project = root / "repo"
        subprocess.run(["git", "clone", "-q", str(load("gitrepo")), str(project)], check=True)
        doc = project / "fixtures.rst"
        shutil.copy(load("docs") / "pytest-8.2.0" / "doc" / "en" / "how-to" / "fixtures.rst", doc)
        home = root / "home"
        transcript = root / "claude" / "projects" / "-repo" / "readme-session.jsonl"
        results = transcript.with_suffix("") / "tool-results"
        results.mkdir(parents=True)
        env = {**os.environ, "GARREPA_HOME": str(home), "GARREPA_PROVIDER": "none",
               "CLAUDE_PROJECT_DIR": str(project)}
        fields = {"session_id": "readme-session", "transcript_path": str(transcript),
                  "cwd": str(project), "hook_event_name": "PostToolUse"}
        delivered: dict[str, Any] = {}

        def hook(event: dict[str, Any], unchanged: str) -> None:
            done = subprocess.run([sys.executable, "-I", "-S", "-c", HOOK, str(REPO / "src")],
                                  input=json.dumps({**fields, **event}).encode(),
                                  capture_output=True, env=env, check=True)
            reply = json.loads(done.stdout)["hookSpecificOutput"]["updatedToolOutput"] \
                if done.stdout else None
            delivered[event["tool_use_id"]] = unchanged if reply is None else as_model_sees(reply)

        def read(tool_use_id: str, offset: int | None = None, limit: int | None = None) -> None:
            lines = doc.read_text().split("\n")
            first = offset or 1
            window = lines[first - 1:first - 1 + limit] if limit else lines[first - 1:]
            tool_input: dict[str, Any] = {"file_path": str(doc)}
            if offset:
                tool_input.update(offset=offset, limit=limit)
            hook({"tool_name": "Read", "tool_input": tool_input, "tool_use_id": tool_use_id,
                  "tool_response": {"type": "text", "file": {
                      "filePath": str(doc), "content": "\n".join(window),
                      "numLines": len(window), "startLine": first, "totalLines": len(lines)}}},
                 numbered("\n".join(window), first))

        read("toolu_read")
        read("toolu_section", *SECTION)
        log = subprocess.run(["git", "log", "-p"], cwd=project, capture_output=True, text=True,
                             check=True).stdout
        saved = results / "toolu_git.txt"
        saved.write_text(log)
        hook({"tool_name": "Bash", "tool_input": {"command": "git log -p"},
              "tool_use_id": "toolu_git",
              "tool_response": {"stdout": log[:30000], "stderr": "", "interrupted": False,
                                "persistedOutputPath": str(saved),
                                "persistedOutputSize": len(log)}}, "")
        issues = (load("github") / "Issue33_testClosedIssues-31.json").read_text()
        hook({"tool_name": "mcp__github__list_issues", "tool_input": {},
              "tool_use_id": "toolu_mcp", "tool_response": [{"type": "text", "text": issues}]},
             issues)
        with transcript.open("w") as out:
            for tool_use_id, content in delivered.items():
                out.write(json.dumps({"type": "user", "message": {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": tool_use_id,
                     "content": content}]}}) + "\n")
        report = subprocess.run([sys.executable, "-m", "garrepa_py", "report"], env=env,
                                capture_output=True, text=True, check=True)
        print(report.stdout, end="")


def numbered(text: str, first: int) -> str:
    """A Read's content as the model gets it: `N<tab>line`, from `first`."""
    return "\n".join(f"{n}\t{line}" for n, line in enumerate(text.split("\n"), first))


def as_model_sees(reply: Any) -> Any:
    """A hook's updatedToolOutput as the transcript keeps it (Read: numbered lines; Bash: its
    stdout; MCP: the content blocks as they are)."""
    if isinstance(reply, dict) and "file" in reply:
        return numbered(reply["file"]["content"], reply["file"].get("startLine", 1))
    if isinstance(reply, dict):
        return str(reply.get("stdout", ""))
    return reply


if __name__ == "__main__":
    main()
