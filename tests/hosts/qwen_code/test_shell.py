"""Qwen Code's shell result (hosts/qwen_code/shell.py): whole, saved, cut, and the stop reply."""

from __future__ import annotations

from pathlib import Path

from garrepa_py.hosts.host import Pass
from garrepa_py.hosts.qwen_code import shell
from garrepa_py.hosts.qwen_code.host import HOST

from .support import fixture, grep_output, post, saved, wrapped


def test_the_recorded_small_output_is_its_own_source() -> None:
    event = HOST.parse(fixture("post-shell-small.json"))
    result = HOST.command_result(event)
    assert not isinstance(result, Pass) and result is not None
    expected = "".join(f"{n}\n" for n in range(1, 3001)).rstrip("\n")
    assert (result.command, result.source(), result.size) == ("seq 1 3000", expected,
                                                              len(expected))
    assert result.reply("digest") == {"continue": False, "stopReason": "digest"}
    assert HOST.command_small(event, 20_000) and not HOST.command_small(event, 10_000)


def test_a_saved_output_is_read_from_qwens_file(tmp_path: Path) -> None:
    output = grep_output(2_000)
    path, notice = saved(tmp_path, "grep -rn def src", output)
    result = HOST.command_result(HOST.parse(post("grep -rn def src", notice)))
    assert not isinstance(result, Pass) and result is not None
    assert result.source() == output and result.size == len(output)
    assert not HOST.command_small(HOST.parse(post("grep -rn def src", notice)), 10**9)


def test_a_saved_output_too_long_to_be_whole_passes(tmp_path: Path) -> None:
    output = "".join(f"{n}\n" for n in range(shell.SAVED_LINES + 1))
    _, notice = saved(tmp_path, "seq 0 20000", output)
    result = HOST.command_result(HOST.parse(post("seq 0 20000", notice)))
    assert not isinstance(result, Pass) and result is not None
    source = result.source()
    assert isinstance(source, Pass) and source.reason == "host-output-cut"


def test_a_saved_file_of_another_output_or_place_passes(tmp_path: Path) -> None:
    path, notice = saved(tmp_path, "grep -rn def src", grep_output(500))
    path.write_text(wrapped("grep -rn def src", "something else\n"))
    result = HOST.command_result(HOST.parse(post("grep -rn def src", notice)))
    assert result is not None and not isinstance(result, Pass)
    assert isinstance(source := result.source(), Pass) and source.reason == "saved-output-differs"
    elsewhere = notice.replace(str(path), str(tmp_path / "x.output"))
    refused = HOST.command_result(HOST.parse(post("grep -rn def src", elsewhere)))
    assert isinstance(refused, Pass) and refused.reason == "saved-path-refused"


def test_other_shapes_pass_as_unknown() -> None:
    for content, command in (("plain text", "ls"), (wrapped("ls", "a\n"), "ls -l")):
        taken = HOST.command_result(HOST.parse(post(command, content)))
        assert isinstance(taken, Pass) and taken.reason == "unknown-shape"
    assert shell.output_of(wrapped("ls", "a\nError: b\n"), "ls") == "a\nError: b\n"
