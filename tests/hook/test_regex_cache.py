"""garrepa's regular expressions compiled once per interpreter (src/garrepa_py/regex_cache.py):
the hook process fills the cache after its reply, the next process loads it, and the patterns
it loads behave exactly as freshly compiled ones. Any doubt (a broken file, another build, an
unwritable folder) and the hook answers the same as with no cache."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ..conftest import REPO, run_hook, session_fields

GREP = "".join(f"src/pkg/module_{n % 60}.py:{n}:    value_{n} = compute({n})  # note\n"
               for n in range(2500))


def grep_event(tmp_path: Path, command: str = "grep -rn value src") -> str:
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    return json.dumps({"session_id": "s", **session_fields(tmp_path), "cwd": str(project),
                       "hook_event_name": "PostToolUse", "tool_name": "Bash",
                       "tool_input": {"command": command}, "tool_use_id": "t",
                       "tool_response": {"stdout": GREP, "stderr": "", "interrupted": False,
                                         "isImage": False}})


def run(tmp_path: Path, cache: str, command: str = "grep -rn value src") -> bytes:
    proc = run_hook(grep_event(tmp_path, command),
                    env={"CLAUDE_PROJECT_DIR": str(tmp_path / "project"),
                         "GARREPA_PROVIDER": "none", "GARREPA_REGEX_CACHE": cache})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b'{"hookSpecificOutput"')  # a digest, not a pass
    return proc.stdout  # type: ignore[no-any-return]


def cache_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("regex.*.marshal"))


def test_the_first_event_fills_the_cache_and_the_next_reads_it(tmp_path: Path) -> None:
    folder = tmp_path / "regex"
    plain = run(tmp_path, "off")
    first = run(tmp_path, str(folder))
    [written] = cache_files(folder)
    fmt, version, _, items = marshal.loads(written.read_bytes())
    assert (fmt, version) == (1, sys.version)
    assert len(items) > 100  # the hook's modules' own patterns
    before = written.stat().st_mtime_ns
    second = run(tmp_path, str(folder))
    assert written.stat().st_mtime_ns == before  # nothing new: not rewritten
    assert plain == first == second  # the same reply with and without the cache


def test_a_pattern_from_the_event_is_never_written(tmp_path: Path) -> None:
    folder = tmp_path / "regex"
    marker = "zq_marker_Xyzzy"
    run(tmp_path, str(folder), command=f"grep -rn '{marker}|value' src")
    [written] = cache_files(folder)
    assert marker.encode() not in written.read_bytes()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other-build", "bad-opcodes",
                                    "directory"])
def test_a_broken_cache_changes_nothing(tmp_path: Path, damage: str) -> None:
    folder = tmp_path / "regex"
    plain = run(tmp_path, "off")
    run(tmp_path, str(folder))
    [written] = cache_files(folder)
    data = written.read_bytes()
    fmt, version, magic, items = marshal.loads(data)
    if damage == "garbage":
        written.write_bytes(b"\x00not marshal" * 10)
    elif damage == "truncated":
        written.write_bytes(data[: len(data) // 2])
    elif damage == "other-build":
        written.write_bytes(marshal.dumps((fmt, version + " other", magic, items)))
    elif damage == "bad-opcodes":
        broken = [(p, f, ff, [999_999] * len(code), g, gi, ig)
                  for p, f, ff, code, g, gi, ig in items]
        written.write_bytes(marshal.dumps((fmt, version, magic, broken)))
    else:
        written.unlink()
        written.mkdir()
    assert run(tmp_path, str(folder)) == plain


def test_an_unwritable_folder_changes_nothing(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        folder = tmp_path / "file-in-the-way"
        folder.write_text("")  # a file where the folder would be: root cannot write under it
    else:
        folder = tmp_path / "locked"
        folder.mkdir(mode=0o500)
    assert run(tmp_path, str(folder)) == run(tmp_path, "off")


def cache_items(tmp_path: Path) -> list[tuple]:  # type: ignore[type-arg]
    """What the cache holds after a real hook event."""
    folder = tmp_path / "regex"
    run(tmp_path, str(folder))
    [written] = cache_files(folder)
    return marshal.loads(written.read_bytes())[3]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[re.Pattern[str], re.Pattern[str]]]:
    """(as loaded from the cache, as `re` compiles it fresh) for every cached pattern."""
    import _sre

    pairs = []
    for pattern, flags, final, code, groups, groupindex, indexgroup in cache_items(
            tmp_path_factory.mktemp("cached")):
        loaded = _sre.compile(pattern, final, code, groups, groupindex, indexgroup)
        pairs.append((loaded, re._compiler.compile(pattern, flags)))  # type: ignore[attr-defined]
    return pairs


def test_loaded_patterns_are_the_patterns_re_would_compile(
        built: list[tuple[re.Pattern[str], re.Pattern[str]]]) -> None:
    assert len(built) > 100
    for loaded, fresh in built:
        assert (loaded.pattern, loaded.flags, loaded.groups, loaded.groupindex) == \
            (fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)


def test_warm_puts_them_where_re_compile_finds_them(tmp_path: Path) -> None:
    """In a fresh interpreter after warm(), re.compile of a cached text returns the loaded
    object itself: nothing is compiled again."""
    cache_items(tmp_path)
    script = ("import re\nfrom garrepa_py import regex_cache\nn = regex_cache.warm()\n"
              "from garrepa_py.structural.doc import markup\n"
              "print(n, re.compile(markup._ATX.pattern) is re._cache[str, markup._ATX.pattern, 0])")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=REPO,
                          env={**os.environ, "GARREPA_REGEX_CACHE": str(tmp_path / "regex")})
    count, same = proc.stdout.split()
    assert int(count) > 100 and same == "True"


PIECES = [*"abcXYZ019 _-.:/\\#*=`[]()<>|\t\n'\"", "é", "ß", "İ", "ﬁ", "\u200b", "commit ",
          "diff --git ", "FAILED ", "::", "## ", "ignore previous ", "[ref=e12]", "@@ -1 +1 @@"]


@settings(max_examples=60, deadline=None)
@given(text=st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_loaded_and_fresh_patterns_match_the_same_text(
        built: list[tuple[re.Pattern[str], re.Pattern[str]]], text: str) -> None:
    for loaded, fresh in built:
        assert [m.span() for m in loaded.finditer(text)] == \
            [m.span() for m in fresh.finditer(text)], fresh.pattern
