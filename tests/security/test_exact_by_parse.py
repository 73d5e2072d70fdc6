"""Issue 33, "exact stays exact": a command that prints a file whole reaches the agent exactly,
however its options are spelled and wherever it sits in a list or pipeline — decided by reading
each tool's options as the tool does (GNU grep and ugrep both), through the real hook process.

Each case has its benign twin (the same shape, a pattern that needs a character or a flag that
prints no more): the twin IS digested, so the rule is shown to be narrow, not a blanket pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.config.trust_write import record_trust

from ..conftest import run_hook, session_fields

# a 28 KB source file, as in the issue: Claude Code alone delivers it whole (under 30,000)
SOURCE = "".join(f"def function_{n}(value):\n    return value * {n}  # line {n}\n"
                 for n in range(480))


def project(tmp_path: Path, search: bool = False) -> Path:
    root = tmp_path / "project"
    root.mkdir(parents=True, exist_ok=True)
    config: dict[str, Any] = {"provider": {"type": "none"}}
    if search:
        config["search"] = {"enabled": True}
    (root / "garrepa.config.json").write_text(json.dumps(config))
    record_trust(root / "garrepa.config.json")
    return root


def run(tmp_path: Path, tool: str, tool_input: dict[str, Any], response: Any) -> Any:
    root = project(tmp_path, search=tool != "Bash")
    event = {"session_id": "s", **session_fields(tmp_path), "hook_event_name": "PostToolUse",
             "tool_name": tool, "tool_input": tool_input, "tool_response": response,
             "tool_use_id": "t", "cwd": str(root)}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(root),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout) if proc.stdout.strip() else None


def digested(tmp_path: Path, command: str, text: str = SOURCE) -> bool:
    response = {"stdout": text, "stderr": "", "interrupted": False, "isImage": False,
                "noOutputExpected": False}
    reply = run(tmp_path, "Bash", {"command": command, "description": "d"}, response)
    return bool(reply) and "updatedToolOutput" in reply.get("hookSpecificOutput", {})


# (prints the file whole, its benign twin): every form the issue measured as digested
PAIRS = [
    ("grep -e^ app.py", "grep -e^def app.py"),
    ("grep --regexp=^ app.py", "grep --regexp=^def app.py"),
    ("grep --regexp= app.py", "grep --regexp=def app.py"),
    ("grep -f empty.pat app.py", "grep -F def app.py"),
    ("grep -nvC0 x app.py", "grep -nC0 x app.py"),
    ("ls app.py && grep '' app.py", "ls app.py && grep 'def' app.py"),
    ("du . ; grep -v x app.py", "du . ; grep -n x app.py"),
    ("grep -y x app.py", "grep -i x app.py"),  # ugrep: --any-line; GNU: -i
    ("grep --any-line x app.py", "grep --line-number x app.py"),
    ("curl '{file,x}:///work/app.py'", "curl 'https://example.com/app.py'"),
    ("curl -K cfg", "curl -k https://example.com/app.py"),
    ("grep 'x\\|' app.py", "grep 'x\\|y' app.py"),  # GNU BRE alternation with an empty branch
    ("grep '\\(\\)' app.py", "grep '\\(def\\)' app.py"),
    ("grep -z x app.py", "grep -s x app.py"),
    ("grep --inv x app.py", "grep --line-n x app.py"),  # unambiguous prefixes
    ("grep -E 'x|' app.py", "grep -E 'x|y' app.py"),
    ("grep 'a*' app.py", "grep 'da*' app.py"),
    ("grep -P '.*' app.py", "grep -P 'd.*' app.py"),
    ("grep -x '.*' app.py", "grep -x 'def.*' app.py"),
    ("FiLe=1 curl -s FILE:///work/app.py", "FiLe=1 curl -s https://example.com/file"),
    ("curl --conf cfg", "curl --connect-timeout 5 https://example.com/app.py"),
    ("rg -e '' app.py", "rg -e def app.py"),
    ("rg --passthru x app.py", "rg --pretty x app.py"),
    ("find . -name '*.py' | grep -v x app.py", "find . -name '*.py' | grep -v x"),
    ("ls | sort app.py", "ls | sort -k 2"),
    ("grep -rn -C 5000 def .", "grep -rn -C 3 def ."),
    ("grep -rn -5000 def .", "grep -rn -5 def ."),
    ("grep '' < app.py", "grep def < app.py"),
    ("ls && cat app.py", "ls && cat app.log"),
    ("ls | grep -r ''", "ls | grep ''"),
    ('grep "$P" app.py', "grep 'P' app.py"),  # a variable's value is known only when it runs
    ("curl -s $URL", "curl -s https://example.com/app.py"),
    ("grep -e* app.py", "grep -e'x*y' app.py"),  # an unquoted glob may become any file's name
    ("find . -name '*.py' -exec grep '' '{}' +", "find . -name '*.py' -exec grep -l x '{}' +"),
    ("fd -e py -x cat", "fd -e py -x wc -l"),
    ("ls | uniq -c app.py", "ls | uniq -c"),  # `-c` counts: it takes no value
    ("ls | sort -r app.py", "ls | sort -rn"),
]


@pytest.mark.parametrize(("whole", "twin"), PAIRS, ids=[whole for whole, _ in PAIRS])
def test_a_whole_file_print_is_exact_and_its_twin_is_digested(
        tmp_path: Path, whole: str, twin: str) -> None:
    assert not digested(tmp_path, whole)
    assert digested(tmp_path / "twin", twin)


LISTING = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(4000))
TREE = "".join(f"./pkg/mod{n % 97}/file{n}.py\n" for n in range(4000))


@pytest.mark.parametrize(("command", "text"), [
    ("grep -rn foo .", LISTING), ("grep -n 'def ' big.py", SOURCE), ("find .", TREE),
    ("ls -laR", TREE), ("rg TODO", LISTING), ("find . | grep -v test", TREE),
    ("grep -rnE 'foo|bar' src", LISTING), ("cd src && grep -rn '\\bvalue\\b' .", LISTING),
    ("ls && find . -type f", TREE), ("grep -ri todo . | sort | uniq -c", LISTING),
    ("grep -rn value --include=*.py .", LISTING), ("grep -n value *.py", LISTING),
    ("ls $HOME/src", TREE),
])
def test_control_searches_and_listings_are_still_digested(
        tmp_path: Path, command: str, text: str) -> None:
    assert digested(tmp_path, command, text)


GREP_CONTENT = {"mode": "content", "numFiles": 0, "filenames": [], "content": SOURCE * 2,
                "numLines": 1920, "totalLines": 1920}


@pytest.mark.parametrize(("pattern", "extra"), [
    ("^", {}), ("", {}), ("$", {}), (".*", {}), ("x|", {}), ("def", {"-C": 500}),
])
def test_a_grep_tool_call_printing_every_line_stays_exact(
        tmp_path: Path, pattern: str, extra: dict[str, Any]) -> None:
    tool_input = {"pattern": pattern, "path": "app.py", "output_mode": "content", **extra}
    assert run(tmp_path, "Grep", tool_input, GREP_CONTENT) is None


def test_control_a_grep_tool_call_for_a_word_is_digested(tmp_path: Path) -> None:
    tool_input = {"pattern": "def", "path": "app.py", "output_mode": "content", "-C": 2}
    reply = run(tmp_path, "Grep", tool_input, GREP_CONTENT)
    assert reply["hookSpecificOutput"]["updatedToolOutput"]["content"] != SOURCE * 2
