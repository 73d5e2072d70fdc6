"""Attack on the host layer (issue 36): an odd `--host` on the hook's command line. Only a host
named plainly is served; a flag with no name, an empty name, or two different names is a
launcher garrepa does not know, and every event passes (`unknown-host`) — it must never be served
as Claude Code, whose reply shape the launcher's host may not read. `--host=NAME` names NAME."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..hosts.codex.test_host import codex_event, last, run_codex_hook

BIG = "".join(f"line {i} {'x' * 40}\n" for i in range(3000))


@pytest.mark.parametrize("args", [("--host",), ("--host", ""), ("--host", "codex", "--host",
                                                                 "claude-code")])
def test_an_odd_host_flag_passes_every_event(project: Path, garrepa_home: Path,
                                             args: tuple[str, ...]) -> None:
    event = codex_event("post-tool-use.shell.json", project, tool_input={"command": "cat x.log"},
                        tool_response=BIG)
    proc = run_codex_hook(event, *args)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    line = last(garrepa_home)
    assert (line["decision"], line["reason"]) == ("pass", "unknown-host")


def test_host_equals_form_names_the_host(project: Path, garrepa_home: Path) -> None:
    proc = run_codex_hook(codex_event("post-tool-use.shell.json", project), "--host=codex")
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert last(garrepa_home)["host"] == "codex"
