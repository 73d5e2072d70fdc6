"""The README and docs/ cannot drift from the code: the command reference and config table are
generated, the README's command table has a row per command, and every relative link resolves."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import load_script

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


@pytest.fixture(scope="module")
def reference() -> ModuleType:
    return load_script("scripts/command_reference.py")


def test_commands_page_is_generated_from_help(reference: ModuleType) -> None:
    page = (REPO / "docs" / "commands.md").read_text()
    assert reference.commands_with_reference(page) == page, (
        "docs/commands.md is stale: run .venv/bin/python scripts/command_reference.py --write")
    for command in ("init", "uninstall", "doctor", "trust", "summarize", "write", "peek", "ask",
                    "report", "preview", "config list", "config get", "config set"):
        assert f"### `garrepa {command}`" in page


def test_configuration_page_table_is_generated_from_the_schema(reference: ModuleType) -> None:
    page = (REPO / "docs" / "configuration.md").read_text()
    assert reference.configuration_with_table(page) == page, (
        "docs/configuration.md is stale: run .venv/bin/python scripts/command_reference.py --write")
    assert "| `threshold.minChars` | `32000` |" in page


def test_readme_command_table_has_a_row_for_every_command(reference: ModuleType) -> None:
    readme = (REPO / "README.md").read_text()
    assert reference.missing_table_rows(readme) == []
    # a command without a row is named (a group by its name), so adding one fails this test
    without_peek = "\n".join(line for line in readme.splitlines()
                             if "(docs/commands.md#garrepa-peek)" not in line)
    assert reference.missing_table_rows(without_peek) == ["peek"]
    without_config = readme.replace("(docs/commands.md#garrepa-config-list)", "")
    assert reference.missing_table_rows(without_config) == ["config"]


def test_readme_config_keys_are_real_settings_with_their_defaults() -> None:
    from garrepa_py.config.schema import SETTINGS

    defaults = {setting.key: setting.default for setting in SETTINGS}
    readme = (REPO / "README.md").read_text()
    rows = re.findall(r"^\| `([\w.]+)` \| `([^`]*)` \|", readme, re.M)
    assert len(rows) >= 4
    for key, default in rows:
        assert key in defaults, f"README's config table names no setting {key!r}"
        assert json.loads(default) == defaults[key], f"README's default for {key} is stale"


def anchors(markdown: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to '-', repeats -1, -2."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", strip_fences(markdown), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


def strip_fences(markdown: str) -> str:
    """Fenced blocks hold examples (a `--help` text, a briefing), not headings or links."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)


def strip_code(markdown: str) -> str:
    """Without fenced blocks and inline code: what is left is prose whose links are real."""
    return re.sub(r"`[^`\n]*`", "", strip_fences(markdown))


def broken_links(page: Path) -> list[str]:
    text = page.read_text()
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", strip_code(text)):
        if re.match(r"[a-z]+:", target):  # https:, mailto: — not ours to resolve
            continue
        path, _, fragment = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.exists():
            broken.append(f"{target} (no file)")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved.read_text()):
            broken.append(f"{target} (no heading)")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_a_link_to_a_missing_file_or_heading_is_reported(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other page\n\n## Section `two` (issue 2)\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](other.md#section-two-issue-2) [gone](missing.md) "
                    "[no heading](other.md#section-three) [web](https://example.com/x.md)\n"
                    "```\n[in code](missing-too.md)\n```\n")
    assert broken_links(page) == ["missing.md (no file)", "other.md#section-three (no heading)"]
