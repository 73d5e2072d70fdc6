"""`garrepa init --host codex` in a temp project, then the real Codex binary (pinned 0.171.0)
runs headless against the loopback fake Responses API: garrepa's hook runs for a Bash call and
an MCP call, and journals them with host codex; with no init (negative control), or with init
but no trust, no line.

Also the measurements behind the install's command form (docs/codex-hooks-measured.md, "How
Codex runs a hook command"): `/bin/bash -c` in the session's folder, no project variable.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ..cli.helpers import invoke
from ..support import codex_run
from ..support.codex_run import write_config
from ..support.fake_responses import FakeResponses, Reply

pytestmark = [pytest.mark.codex]



def journal(garrepa_home: Path) -> list[dict[str, Any]]:
    path = garrepa_home / "journal.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture
def codex_project(tmp_path: Path) -> Path:
    project = tmp_path / "my proj"
    (project / ".codex").mkdir(parents=True)
    return project


def run_codex_with(env_patch: dict[str, str], project: Path, codex_home: Path, *,
                   args: tuple[str, ...], bypass_hook_trust: bool) -> codex_run.CodexRun:
    """codex_run.run_codex, with GARREPA_HOME passed on (Codex hands hooks its environment)."""
    binary = codex_run.codex_binary()
    assert binary is not None
    env = {"HOME": str(codex_home.parent / "home"), "CODEX_HOME": str(codex_home),
           "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "FAKE_OPENAI_KEY": "sk-test-dummy", "HTTPS_PROXY": "http://127.0.0.1:9",
           "HTTP_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9",
           "NO_PROXY": "127.0.0.1,localhost", **env_patch}
    command = [str(binary), "exec", "--json", "--skip-git-repo-check",
               *(["--dangerously-bypass-hook-trust"] if bypass_hook_trust else []), *args, "go"]
    proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, check=False)
    return codex_run.CodexRun(proc.returncode, [], proc.stderr, codex_home)


def session(tmp_path: Path, garrepa_home: Path, project: Path, script: list[Reply], *,
            mcp: bool = False, bypass_hook_trust: bool = True, cwd: Path | None = None,
            extra_config: str = "") -> FakeResponses:
    home = tmp_path / "codex-home"
    with FakeResponses(script) as fake:
        config = write_config(home, fake.url, project, mcp=mcp)
        if extra_config:
            config.write_text(config.read_text() + extra_config)
        run = run_codex_with({"GARREPA_HOME": str(garrepa_home)}, cwd or project, home,
                        args=("--strict-config",), bypass_hook_trust=bypass_hook_trust)
    assert run.returncode == 0, run.stderr[-2000:]
    return fake


def test_after_init_the_hook_runs_for_a_bash_call_and_journals_host_codex(
        tmp_path: Path, garrepa_home: Path, codex_project: Path) -> None:
    result = invoke("init", "--host", "codex", "--provider", "none", str(codex_project))
    assert result.exit_code == 0, result.output
    assert "trust" in result.output
    fake = session(tmp_path, garrepa_home, codex_project,
                   [Reply.call("exec_command", cmd="echo hi from codex")])
    assert fake.output_text("call_000001").endswith("Output:\nhi from codex\n")  # passed whole
    lines = [line for line in journal(garrepa_home) if line.get("host") == "codex"]
    events = sorted((line["event"], line["tool"]) for line in lines)
    assert events == [("PostToolUse", "Bash"), ("PreToolUse", "Bash")]
    assert all(line["tool_use_id"] == "call_000001" for line in lines)


def test_negative_control_without_init_no_line(tmp_path: Path, garrepa_home: Path,
                                               codex_project: Path) -> None:
    invoke("init", "--host", "codex", "--provider", "none", str(tmp_path / "elsewhere"))
    session(tmp_path, garrepa_home, codex_project,
            [Reply.call("exec_command", cmd="echo hi from codex")])
    assert journal(garrepa_home) == []


def test_the_mcp_entry_matches_mcp_tools(tmp_path: Path, garrepa_home: Path,
                                         codex_project: Path) -> None:
    assert invoke("init", "--host", "codex", "--provider", "none",
                  str(codex_project)).exit_code == 0
    session(tmp_path, garrepa_home, codex_project, [Reply.mcp("probe", "big_text", lines=3)],
            mcp=True)
    events = sorted((line["event"], line["tool"]) for line in journal(garrepa_home))
    assert events == [("PostToolUse", "mcp__probe__big_text")]  # no Bash entry fired


def test_after_uninstall_no_line(tmp_path: Path, garrepa_home: Path,
                                 codex_project: Path) -> None:
    assert invoke("init", "--host", "codex", "--provider", "none",
                  str(codex_project)).exit_code == 0
    assert invoke("uninstall", str(codex_project)).exit_code == 0
    assert not (codex_project / ".codex" / "hooks.json").exists()
    session(tmp_path, garrepa_home, codex_project,
            [Reply.call("exec_command", cmd="echo hi from codex")])
    assert journal(garrepa_home) == []


def test_the_hook_runs_from_a_subfolder_of_a_git_project(tmp_path: Path, garrepa_home: Path,
                                                         codex_project: Path) -> None:
    """Codex runs hooks in the session's folder: the absolute launcher path still finds it."""
    subprocess.run(["git", "init", "-q", str(codex_project)], check=True)
    (codex_project / "sub").mkdir()
    assert invoke("init", "--host", "codex", "--provider", "none",
                  str(codex_project)).exit_code == 0
    session(tmp_path, garrepa_home, codex_project,
            [Reply.call("exec_command", cmd="echo hi")], cwd=codex_project / "sub")
    assert sorted(line["event"] for line in journal(garrepa_home)) == ["PostToolUse",
                                                                       "PreToolUse"]


def test_untrusted_hooks_do_not_run_and_trusted_ones_do(tmp_path: Path, garrepa_home: Path,
                                                        codex_project: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --dangerously-bypass-hook-trust: nothing until `init --trust-codex-hooks` has
    recorded the hashes Codex's app-server reports in CODEX_HOME/config.toml."""
    assert invoke("init", "--host", "codex", "--provider", "none",
                  str(codex_project)).exit_code == 0
    session(tmp_path, garrepa_home, codex_project, [Reply.call("exec_command", cmd="echo a")],
            bypass_hook_trust=False)
    assert journal(garrepa_home) == []  # skipped without a word
    codex_home = tmp_path / "trust-home"
    codex_home.mkdir()
    mine = (f'# mine\nmodel = "x"\n[projects.{json.dumps(str(codex_project))}]\n'
            'trust_level = "trusted"\n')
    (codex_home / "config.toml").write_text(mine)
    binary = codex_run.codex_binary()
    assert binary is not None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "codex").symlink_to(binary)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    monkeypatch.setenv("CODEX_HOME", str(codex_home))
    result = invoke("init", "--host", "codex", "--trust-codex-hooks", str(codex_project))
    assert result.exit_code == 0, result.output
    assert "3 hooks recorded as trusted" in result.output
    recorded = (codex_home / "config.toml").read_text()
    assert recorded.startswith(mine)  # the user's lines kept
    session(tmp_path, garrepa_home, codex_project, [Reply.call("exec_command", cmd="echo b")],
            bypass_hook_trust=False, extra_config="\n" + recorded[len(mine):])
    assert sorted(line["event"] for line in journal(garrepa_home)) == ["PostToolUse",
                                                                       "PreToolUse"]


def test_how_codex_runs_a_hook_command(tmp_path: Path, codex_project: Path) -> None:
    """Measured: `/bin/bash -c COMMAND`, in the session's folder, with no variable naming the
    project (so a relative launcher path fails from a subfolder)."""
    subprocess.run(["git", "init", "-q", str(codex_project)], check=True)
    (codex_project / "sub").mkdir()
    out = tmp_path / "seen"
    script = (f'{{ echo "$0"; pwd; cat /proc/$$/cmdline | tr "\\0" "|"; echo; env; }} '
              f'> {json.dumps(str(out))}; cat >/dev/null')
    (codex_project / ".codex" / "hooks.json").write_text(json.dumps(
        {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": script}]}]}}))
    session(tmp_path, tmp_path / "gh", codex_project, [Reply.call("exec_command", cmd="true")],
            cwd=codex_project / "sub")
    shell, cwd, cmdline, *env = out.read_text().splitlines()
    assert shell == "/bin/bash"
    assert cwd == str(codex_project / "sub")
    assert cmdline.split("|")[:2] == ["/bin/bash", "-c"]
    names = {line.split("=", 1)[0] for line in env if "=" in line}
    assert not any("PROJECT" in name for name in names)
    assert not any(name.startswith("CODEX_") and name != "CODEX_HOME" for name in names)


def test_the_session_reader_agrees_with_the_model_request_log(tmp_path: Path,
                                                              codex_project: Path) -> None:
    """hosts/codex/sessions.py on a live session: what it says the model received is what
    the fake Responses API was sent, character for character."""
    from garrepa_py.hosts.codex.sessions import read_session

    home = tmp_path / "codex-home"
    with FakeResponses([Reply.call("exec_command", cmd="seq 1 30000"),
                        Reply.call("exec_command", cmd="exit 4")]) as fake:
        write_config(home, fake.url, codex_project)
        run = codex_run.run_codex(codex_project, home, args=("--strict-config",))
    assert run.returncode == 0, run.stderr[-2000:]
    [path] = run.sessions()
    session = read_session(str(path))
    for call_id in ("call_000001", "call_000002"):
        call = session.call(call_id)
        assert call is not None and call.received == fake.output_text(call_id)
    assert session.calls["call_000001"].aggregated_output_chars == 65_536
    assert session.calls["call_000002"].exit_code == 4
    assert len(session.usage) == 3
