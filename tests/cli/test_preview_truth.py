"""Issue 34: `garrepa preview --mcp` tells the truth about a result garrepa would not replace
(no "saves 66%" for a one-line digest) and says a saving is before the agent's read-backs."""

from __future__ import annotations

import json
from pathlib import Path

from ..security.test_mcp_kinds import gist
from ..support import mcp_shapes
from .test_cli_polish import cli

ENV = {"GARREPA_PROVIDER": "none"}


def test_preview_of_a_degenerate_digest_says_it_passes(tmp_path: Path, doc_corpus: Path) -> None:
    result = tmp_path / "gist.json"
    # plain prose with no structure in the gist's one big string (a document would be mapped;
    # tests/security/test_mcp_kinds.py has both)
    prose = "\n".join(f"Note {n}: the weather was fine and nothing happened at all today."
                      for n in range(1500))
    result.write_text(gist(prose))
    shown = cli("preview", "--mcp", str(result), "--tool", "mcp__github__get_gist",
                cwd=tmp_path, env=ENV)
    assert shown.returncode == 0, shown.stderr
    first = shown.stderr.splitlines()[0]
    assert first.startswith("pass (digest-unaccountable) · route mcp · ")
    assert ": the same · raw output" in first and "saves" not in first
    assert shown.stdout == result.read_text() + "\n"  # the result, whole


def test_control_preview_of_a_filesystem_read_is_a_map_with_its_read_back_said(
        tmp_path: Path, doc_corpus: Path) -> None:
    result = tmp_path / "read_text_file.json"
    result.write_text(mcp_shapes.structured(
        (doc_corpus / "pytest-8.2.0/doc/en/deprecations.rst").read_text()))
    shown = cli("preview", "--mcp", str(result), "--tool", "mcp__filesystem__read_text_file",
                cwd=tmp_path, env=ENV)
    first = shown.stderr.splitlines()[0]
    assert first.startswith("compress (briefed) · route mcp · ")
    assert " before any read-back of the copy it names · raw output" in first
    assert "Content: document (rst); unwrapped from content" in shown.stdout
    as_json = json.loads(cli("preview", "--mcp", str(result), "--tool",
                             "mcp__filesystem__read_text_file", "--json", cwd=tmp_path,
                             env=ENV).stdout)
    assert "Document map of this result" in as_json["text"]
