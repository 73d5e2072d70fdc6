"""`npm test` / `npm run NAME` is wrapped only when the script's tool prints a success line.

npm 11 prints nothing of its own when a script fails, so a script whose tool is silent on a pass
(or unknown) could never be shown as passed by the runner: such a command is left alone and
Claude Code reports its exit status itself. The invariant over the real npm runs of the corpus
(tests/logs/corpus/runner_outcomes.jsonl), route and runner together: the exit status the agent
sees is non-zero exactly when the command's was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.logs.test_runner_outcomes import recorded, through_the_pipe
from tests.routes.test_logs import init, pre_bash
from tests.support.build_runner_corpus import PACKAGE, cases


@pytest.mark.parametrize("script, wrapped", [
    ("jest", True), ("jest --coverage", True), ("cross-env CI=1 jest", True),
    ("vitest run", True), ("mocha", True), ("vite build", True), ("./node_modules/.bin/jest", True),
    ("exit 3", False), ("tsc --noEmit", False), ("eslint .", False), ("vite", False),
    ("tsc && jest", False), ("node -e \"console.log(42)\"", False), ("jest; rm -rf x", False),
])
def test_only_a_script_whose_tool_speaks_is_wrapped(project: Path, script: str,
                                                    wrapped: bool) -> None:
    init(project, "--logs")
    (project / "package.json").write_text(PACKAGE % json.dumps({"test": script}))
    reply = pre_bash(project, "npm test")
    assert (reply is not None) == wrapped, reply


def test_no_package_json_or_no_such_script_is_left_alone(project: Path) -> None:
    init(project, "--logs")
    assert pre_bash(project, "npm test") is None
    (project / "package.json").write_text(PACKAGE % json.dumps({"build": "vite build"}))
    assert pre_bash(project, "npm test") is None
    assert pre_bash(project, "npm run build") is not None
    (project / "package.json").write_text("{not json")
    assert pre_bash(project, "npm run build") is None


def test_cd_prefix_reads_that_directory(project: Path) -> None:
    init(project, "--logs")
    (project / "web").mkdir()
    (project / "web" / "package.json").write_text(PACKAGE % json.dumps({"test": "vitest run"}))
    assert pre_bash(project, "npm test") is None
    assert pre_bash(project, "cd web && npm test") is not None


def test_the_timeout_of_the_call_reaches_the_runner(project: Path) -> None:
    init(project, "--logs")
    from ..conftest import SESSION_ID, run_hook, session_fields

    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Bash", "cwd": str(project),
             "tool_input": {"command": "pytest -x", "timeout": 300000}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    command = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    assert command.endswith(f"--family pytest --project {project} --timeout 300000"
                            f" --session {SESSION_ID}")


def test_npm_runs_of_the_corpus_keep_their_exit_status(project: Path, tmp_path: Path) -> None:
    init(project, "--logs")
    runs = {run["name"]: run for run in recorded()}
    npm_cases = [case for case in cases("/node/bin", "/python/bin", None)
                 if case[1].startswith("npm ") and case[0] in runs]
    if not npm_cases:
        pytest.skip("npm was not installed when the corpus was built")
    wrong = []
    for name, command, files, _ in npm_cases:
        (project / "package.json").unlink(missing_ok=True)
        for relative, text in files.items():
            target = project / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        run = runs[name]
        if pre_bash(project, command) is None:
            seen = run["exit_code"]  # not wrapped: Claude Code reports the command's own status
        else:
            seen = through_the_pipe(tmp_path, run["log"].encode(), run["family"]).returncode
        if (seen != 0) != (run["exit_code"] != 0):
            wrong.append((name, run["exit_code"], seen))
    assert not wrong, wrong
    assert {"npm-script-pass", "mocha-pass", "mocha-failure"} <= {case[0] for case in npm_cases}
