"""Issue 25's smaller install and doctor items, each pinned where the user sees it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from garrepa_py.engine import prompt
from garrepa_py.install import json_style
from garrepa_py.structural import generic

from ..cli.helpers import invoke


def garrepa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args], capture_output=True,
                          text=True, check=False, env=dict(os.environ, GARREPA_PROVIDER="none"))


def test_a_fresh_settings_file_has_no_trailing_blanks_and_a_second_init_changes_no_byte(
        project: Path) -> None:
    assert garrepa("init", str(project), "--logs").returncode == 0
    files = [project / ".claude" / "settings.json", project / ".claude" / "settings.local.json",
             project / "garrepa.config.json"]
    first = [path.read_bytes() for path in files]
    for text in first:
        assert not [line for line in text.decode().splitlines() if line != line.rstrip()]
    assert garrepa("init", str(project), "--logs").returncode == 0
    assert [path.read_bytes() for path in files] == first


def test_an_indented_render_never_ends_a_line_in_a_blank() -> None:
    style = json_style.JsonStyle(item_separator=", ")  # as an empty `{}` file's style once was
    text = json_style.render({"a": [1, 2], "b": {"c": 3}}, style)
    assert text == '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": 3\n  }\n}\n'
    one_line = json_style.render({"a": [1, 2]}, json_style.JsonStyle(indent=None, item_separator=", "))
    assert one_line == '{"a": [1, 2]}\n'


def settings_check(project: Path) -> dict[str, str]:
    result = garrepa("doctor", str(project), "--json")
    checks = json.loads(result.stdout)["checks"]
    return next(check for check in checks if check["name"] == "settings")


def edit_config(project: Path, **sections: object) -> None:
    path = project / "garrepa.config.json"
    data = json.loads(path.read_text())
    data.update(sections)
    path.write_text(json.dumps(data, indent=2) + "\n")


def test_doctor_names_a_hook_timeout_the_config_no_longer_has(project: Path) -> None:
    assert garrepa("init", str(project), "--logs").returncode == 0
    edit_config(project, hook={"timeoutSeconds": 60})
    assert garrepa("trust", str(project)).returncode == 0
    assert garrepa("init", str(project)).returncode == 0
    assert settings_check(project)["status"] == "ok"
    edit_config(project, hook={"timeoutSeconds": 45})
    assert garrepa("trust", str(project)).returncode == 0
    check = settings_check(project)
    assert check["status"] == "warn"
    assert check["detail"].startswith("the config's hook timeout is 45 s, but ")
    assert "with 60 s" in check["detail"]
    assert garrepa("init", str(project)).returncode == 0  # the hint's fix
    assert settings_check(project)["status"] == "ok"


def test_doctor_says_once_that_logs_wait_for_trust_and_the_fix_is_trust(project: Path) -> None:
    assert garrepa("init", str(project), "--logs").returncode == 0
    edit_config(project, hook={"timeoutSeconds": 45})  # an edit revokes the trust
    check = settings_check(project)
    assert check["status"] == "warn"
    assert "wait for trust" in check["detail"] and "re-run garrepa init" not in check["detail"]
    assert check["hint"] == ("review garrepa.config.json, then run `garrepa trust` (not "
                             "`garrepa init`: it would remove the logs entries)")
    assert garrepa("trust", str(project)).returncode == 0
    assert "wait for trust" not in settings_check(project)["detail"]


def test_init_logs_in_a_path_with_a_space_quotes_the_runner_in_its_allow_rule(
        tmp_path: Path) -> None:
    project = tmp_path / "my project"
    project.mkdir()
    assert garrepa("init", str(project), "--logs").returncode == 0
    local = json.loads((project / ".claude" / "settings.local.json").read_text())
    runner = project / ".claude" / "hooks" / "garrepa-log"
    assert local["permissions"]["allow"] == ["Bash(garrepa ask:*)", "Bash(garrepa peek:*)",
                                             f"Bash('{runner}':*)"]
    assert settings_check(project)["status"] == "ok"
    assert garrepa("uninstall", str(project)).returncode == 0
    assert not (project / ".claude" / "settings.local.json").exists()  # the quoted rule removed


def test_init_logs_refuses_a_path_the_route_cannot_name(tmp_path: Path) -> None:
    project = tmp_path / "it's"
    project.mkdir()
    result = garrepa("init", str(project), "--logs")
    assert result.returncode == 1
    assert "the logs route cannot work here" in result.stderr
    assert "hint: use a project path of letters, digits, spaces and ._-/" in result.stderr
    assert not (project / ".claude").exists()  # nothing was changed
    assert garrepa("init", str(project)).returncode == 0  # without the logs route it installs


def test_uninstall_says_what_it_left_and_why(project: Path) -> None:
    invoke("init", str(project), "--logs")  # it writes garrepa.config.json, naming the schema
    result = invoke("uninstall", str(project))
    assert result.exit_code == 0
    assert "garrepa.config.schema.json" in result.output
    assert "names it as its $schema" in result.output
    assert (project / ".claude" / "garrepa.config.schema.json").exists()
    invoke("uninstall", str(project), "--purge")
    assert not (project / ".claude" / "garrepa.config.schema.json").exists()


def test_the_prompt_numbers_lines_as_wc_counts_them() -> None:
    assert prompt.number_lines("a\nb\n") == "1\ta\n2\tb\n"  # no line 3
    assert prompt.number_lines("a\nb") == "1\ta\n2\tb\n"
    assert prompt.number_lines("") == ""
    assert prompt.number_lines("x\n", start=10) == "10\tx\n"


def test_the_generic_header_never_says_lines_one_to_zero() -> None:
    assert generic.compress("").text == "Empty: 0 lines."
    assert generic.compress("only\n").text == "Line 1 of 1:\nonly"
    long_line = "x" * 5000
    text = generic.compress(long_line).text
    assert text.startswith("Line 1 of 1 (its first 4,000 of 5,000 chars):\n")
    assert text.endswith("... the rest of line 1 (1,000 chars) not shown.")
    lines = generic.compress("".join(f"{n}\n" for n in range(100))).text
    assert lines.startswith("Lines 1-40 of 100:") and "... 60 more lines (" in lines
