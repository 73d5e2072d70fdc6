"""Attack on issue 33's spill place (round 2), through the real hook process: the spill of a
digest made in a project whose path holds a character beyond U+FFFF (an emoji, mathematical
letters) lands in the folder Claude Code itself names for that path. Claude Code (2.1.328,
2.1.332) turns every UTF-16 unit that is not an ASCII letter or digit into `-`, so an emoji is
two; garrepa wrote one, into a folder of its own where the agent's Read is refused (the same
break measured end to end: tests/e2e/test_attack_round2_spill_place.py). The oracle here is the
JavaScript rule spelled independently, over UTF-16 units. Negative control: an accented letter
and a space (one unit each) give the folder they gave before.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .helpers import bash_event, hook, reply

LISTING = "".join(f"src/m{n % 40}.py:{n}:    value = compute({n})\n" for n in range(3000))


def claude_folder(path: str) -> str:
    """`path.replace(/[^a-zA-Z0-9]/g, "-")` as JavaScript runs it, over UTF-16 units."""
    units = path.encode("utf-16-le")
    text = "".join(chr(int.from_bytes(units[i:i + 2], "little")) for i in range(0, len(units), 2))
    return re.sub(r"[^a-zA-Z0-9]", "-", text, flags=re.ASCII)


@pytest.mark.parametrize("name", ["caf\u00e9 notes", "proj-\U0001f680",
                                  "\U0001d4ab\U0001d4c7\U0001d4c4\U0001d4bf"],
                         ids=["control-bmp-accent-space", "astral-emoji", "astral-math-letters"])
def test_a_spill_lands_in_the_folder_claude_code_names_for_the_project(
        tmp_path: Path, garrepa_home: Path, name: str) -> None:
    project = tmp_path / name
    project.mkdir()
    response = {"stdout": LISTING, "stderr": "", "interrupted": False, "isImage": False}
    answer = reply(hook(project, bash_event(tmp_path, "grep -rn value src", response)))
    assert answer is not None, "a large search is digested"
    spills = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "projects" / claude_folder(str(project)) \
        / "garrepa" / "spill"
    assert [p.name for p in spills.iterdir()], spills
    assert str(spills) in str(answer["updatedToolOutput"]["stdout"])


SPILL_LINES = "".join(f"{{folder}}/spill/{n:032x}.txt:{n}:    value = compute({n})\n"
                      for n in range(3000))


@pytest.mark.parametrize("command", [
    "grep -rn value {folder}/",
    "grep -rn value {folder}",
    "cd {folder} && grep -rn value spill",
    "grep -rn value {projects}/",
])
def test_a_search_of_the_state_folder_is_a_recovery_and_reaches_the_agent_exactly(
        tmp_path: Path, garrepa_home: Path, command: str) -> None:
    """The spill folder named without `garrepa/spill` (its parent, a `cd` into it, the whole
    of Claude Code's projects folder): the search prints spills' exact lines, which a digest
    would cut and spill once more (the growth issue 33 measured in the project tree)."""
    project = tmp_path / "p"
    project.mkdir()
    projects = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "projects"
    folder = projects / claude_folder(str(project)) / "garrepa"
    text = SPILL_LINES.replace("{folder}", str(folder))
    response = {"stdout": text, "stderr": "", "interrupted": False, "isImage": False}
    said = command.format(folder=folder, projects=projects)
    assert reply(hook(project, bash_event(tmp_path, said, response))) is None, said
    # negative control: the same search of the project's own tree is digested
    twin = reply(hook(project, bash_event(tmp_path, "grep -rn value src", response)))
    assert twin is not None and "updatedToolOutput" in twin


@pytest.mark.parametrize(("name", "taken"), [
    ("acme-api_2", True),
    ("../outside", False),  # negative controls: names Claude Code itself refuses
    ("nul", False),
    ("x" * 65, False),
])
def test_claude_code_project_dir_name_names_the_spill_folder_as_claude_code_does(
        tmp_path: Path, garrepa_home: Path, name: str, taken: bool) -> None:
    """With CLAUDE_CONFIG_DIR set, Claude Code (2.1.328, 2.1.332) names the project's folder
    CLAUDE_CODE_PROJECT_DIR_NAME when it is 1-64 letters, digits, `_` or `-` and no DOS device
    name; the spill must land there (e2e: the Read of it is refused elsewhere)."""
    project = tmp_path / "p"
    project.mkdir()
    response = {"stdout": LISTING, "stderr": "", "interrupted": False, "isImage": False}
    answer = reply(hook(project, bash_event(tmp_path, "grep -rn value src", response),
                        env={"CLAUDE_CODE_PROJECT_DIR_NAME": name}))
    projects = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "projects"
    folder = projects / (name if taken else claude_folder(str(project)))
    assert f"{folder}/garrepa/spill/" in answer["updatedToolOutput"]["stdout"]
    assert sorted(p.name for p in projects.iterdir()) == [folder.name]
