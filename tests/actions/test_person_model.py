"""The commands a person waits on (`write`, `ask`, `summarize`) reach the model through the
anthropic SDK, streaming to a terminal; the hook keeps its standard-library client."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..cli.helpers import invoke
from ..conftest import git
from ..support.fake_anthropic import FakeAnthropic

DIFF = """diff --git a/app.py b/app.py
index 1111111..2222222 100644
--- a/app.py
+++ b/app.py
@@ -1 +1 @@
-def greet(): return "hi"
+def greet(): return "hello"
"""


def sdk_sent(headers: dict[str, str]) -> bool:
    return headers.get("user-agent", "").startswith("Anthropic/Python")


def test_write_in_a_pipe_uses_the_sdk_without_streaming(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with FakeAnthropic(reply_text="Greet with hello") as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-person")
        result = invoke("write", "commit-message", input=DIFF)
    assert result.exit_code == 0, result.output
    assert result.output == "Greet with hello\n"
    [headers] = fake.headers
    assert sdk_sent(headers) and headers["x-api-key"] == "sk-person"
    assert "stream" not in fake.requests[0].body


def test_ask_and_summarize_use_the_sdk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\n" + "".join(f"line {n} of the notes\n" for n in range(3000)))
    with FakeAnthropic(reply_text="3: line 0 of the notes") as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_AUTH_TOKEN", "tok-person")
        monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
        asked = invoke("ask", str(notes), "where is line 0?")
        summarized = invoke("summarize", str(notes))
    assert asked.exit_code == 0, asked.output
    assert "line 0 of the notes" in asked.output
    assert summarized.exit_code == 0, summarized.output
    assert len(fake.headers) == 2
    assert all(sdk_sent(h) and h["authorization"] == "Bearer tok-person" for h in fake.headers)


def read_all(fd: int, process: subprocess.Popen[bytes], seconds: float) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif process.poll() is not None:
            break
    return out


def test_write_at_a_terminal_streams_and_prints_the_checked_draft(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "app.py").write_text('def greet(): return "hi"\n')
    git(repo, "add", "app.py")
    with FakeAnthropic(reply_text="Greet with hello rather than hi") as fake:
        env = dict(os.environ, ANTHROPIC_BASE_URL=fake.url, ANTHROPIC_API_KEY="sk-tty",
                   COLUMNS="80", LINES="24", TERM="xterm")
        parent, child = pty.openpty()
        process = subprocess.Popen([sys.executable, "-m", "garrepa_py", "write",
                                    "commit-message", "--staged"], cwd=repo, env=env,
                                   stdin=child, stdout=child, stderr=child)
        os.close(child)
        try:
            screen = read_all(parent, process, 60)
        finally:
            os.close(parent)
            process.wait(10)
    assert process.returncode == 0, screen
    assert b"Greet with hello rather than hi" in screen
    [request] = fake.requests
    assert request.body.get("stream") is True  # the preview came from the stream
    assert sdk_sent(fake.headers[0])


def test_the_hook_path_keeps_the_standard_library_client(tmp_path: Path) -> None:
    probe = ("import sys\n"
             "from garrepa_py.model.providers import make_client\n"
             "from garrepa_py.config.load import load_config\n"
             "client, _ = make_client(load_config(sys.argv[1]))\n"
             "print(type(client).__name__, 'anthropic' in sys.modules)\n")
    env = dict(os.environ, ANTHROPIC_API_KEY="sk-hook", ANTHROPIC_BASE_URL="http://127.0.0.1:9")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == ["AnthropicClient", "False"]
