"""The shared shell tokenizer (shell/tokenizer.py): what it reads, what it refuses, and which
files a command prints exactly — checked against a real bash where the shell decides."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from garrepa_py.shell import tokenizer
from garrepa_py.shell.tokenizer import (
    AND,
    SimpleCommand,
    file_reads,
    is_assignment,
    is_redirection,
    simple_command,
    stages,
    words,
)


def test_words_keeps_and_as_its_own_marker_and_refuses_any_other_operator() -> None:
    assert words("cd 'a b' && GIT_PAGER=cat git log") == ["cd", "a b", AND, "GIT_PAGER=cat", "git",
                                                          "log"]
    assert words('x "&&" y') == ["x", "&&", "y"]  # a quoted && is a word, not the operator
    for command in ("a | b", "a; b", "a || b", "a > f", "a < f", "a &", "&& a", "a &&",
                    "a && && b", "", "   "):
        assert words(command) is None, command


@pytest.mark.parametrize("word, expected", [
    ("A=1", True), ("_x=", True), ("PYTHONPATH=src:.", True), ("a_1=x=y", True),
    ("=x", False), ("1A=2", False), ("A-B=1", False), ("A", False), ("--opt=1", False),
    ("A.B=1", False),
])
def test_is_assignment(word: str, expected: bool) -> None:
    assert is_assignment(word) is expected


@pytest.mark.parametrize("command, expected", [
    ("git log", SimpleCommand(None, None, (), ("git", "log"))),
    ("cd sub && A=1 B=2 pytest -q", SimpleCommand("sub", None, ("A=1", "B=2"), ("pytest", "-q"))),
    ("cd s && source .venv/bin/activate && pytest",
     SimpleCommand("s", ".venv/bin/activate", (), ("pytest",))),
    (". bin/activate && make test", SimpleCommand(None, "bin/activate", (), ("make", "test"))),
    ("A=1 git diff A=2", SimpleCommand(None, None, ("A=1",), ("git", "diff", "A=2"))),
])
def test_simple_command_splits_cd_source_assignments_and_argv(command: str,
                                                              expected: SimpleCommand) -> None:
    assert simple_command(command) == expected


@pytest.mark.parametrize("command", [
    "A=1", "cd x", "cd x && A=1", "cd a && cd b && git log", "source a && cd b && pytest",
    "git log && git diff", "git log | head", "git log; x", "git log > f", "cd a b && git log",
    "source a b && pytest", "",
])
def test_simple_command_is_none_for_anything_but_one_command(command: str) -> None:
    assert simple_command(command) is None


def test_stages_split_every_list_and_pipeline_operator() -> None:
    assert stages("cd x && grep -rn 'a b' . | head -5; ls || true") == [
        ["cd", "x"], ["grep", "-rn", "a b", "."], ["head", "-5"], ["ls"], ["true"]]
    assert stages("a|b") == [["a"], ["b"]]
    assert stages("a;b") == [["a"], ["b"]]


def test_redirections_are_operator_words_followed_by_their_target() -> None:
    found = stages("cat <in 2>/dev/null >>out 2>&1 &>both 3<&- x '<' \">\"")
    assert found == [["cat", "\0<", "in", "\x002>", "/dev/null", "\0>>", "out", "\x002>&1", "\0&>",
                      "both", "\x003<&-", "x", "<", ">"]]
    redirections = [word for word in found[0] if is_redirection(word)]
    assert redirections == ["\0<", "\x002>", "\0>>", "\x002>&1", "\0&>", "\x003<&-"]  # not '<'
    # a digit word is the fd only when it touches the operator unquoted
    assert stages("echo 2 >f") == [["echo", "2", "\0>", "f"]]
    assert stages('echo "2">f') == [["echo", "2", "\0>", "f"]]
    assert stages("echo a2>f") == [["echo", "a2", "\0>", "f"]]


@pytest.mark.parametrize("command", [
    "a &", "a & b", "a |& b", "a | ", "| a", "a ;; b", "a && || b", "a <<EOF", "a <<< x",
    "a <> f", "a >| f", "a <(b)", "a >(b)", "a >&f", "a >", "a 2>", "a > | b", "$(a)", "`a`",
    "a $(b)", "(a)", "{ a; }", "! a", "a # c", "a\nb", "a\\\nb", "if a; then b; fi",
    "for x in 1; do a; done", "while a; do b; done", "time a", "coproc a", "[[ -f x ]]",
    "function f { a; }", "a 'b", "a ${x:-y}", "a $1", "a {b,c}", "a\u00a0b",
])
def test_stages_are_none_for_what_the_tokenizer_does_not_understand(command: str) -> None:
    assert stages(command) is None
    assert file_reads(command) is None


@pytest.mark.parametrize("command, files", [
    ("cat f", ["f"]),
    ("cat<f", ["f"]),  # a redirected input is the read file
    ("cat < 'a b.txt'", ["a b.txt"]),
    ("cat -- -x", ["-x"]),  # after --, a dash word is a file
    ("cat -n -", []),  # stdin
    ('"ca"t f', ["f"]),  # the shell removes the quotes: it runs cat
    ("c\\at f", ["f"]),
    ("/usr/bin/cat f", ["f"]),
    ("cat a\\ b 'c d'", ["a b", "c d"]),
    ("cat f | grep x", ["f"]),  # one stage of a pipeline
    ("grep -n x f | head -n 20", []),  # grep's output, not a file's
    ("cd src && cat app.py", ["app.py"]),  # as written: relative to where the stage runs
    ("LC_ALL=C head f", ["f"]),
    ("head -n 50 f", ["f"]), ("head -n50 f", ["f"]), ("head -50 f", ["f"]),
    ("head -c 100 f", ["f"]), ("head --lines 5 f", ["f"]), ("head --lines=5 f g", ["f", "g"]),
    ("tail f", ["f"]), ("tail -n +5 f", ["f"]), ("tail +5 f", ["f"]), ("tail -f -s 2 f", ["f"]),
    ("sed -n '1,80p' f", ["f"]), ("sed -n 1,80p f", ["f"]), ("sed -ne 1p f g", ["f", "g"]),
    ("sed -e 1p -e 2p f", ["f"]), ("sed -f script.sed f", ["f"]), ("sed 10q f", ["f"]),
    ("sed -i s/a/b/ f", []), ("sed -i.bak s/a/b/ f", []), ("sed -ni 1p f", []),
    ("sed --in-place=.orig s/a/b/ f", []),  # a write that prints nothing
    ("nl -ba f", ["f"]), ("nl -b a f", ["f"]),
    ("less f", ["f"]), ("less +F f", ["f"]), ("more f", ["f"]),
    ("bat -l py --style plain f", ["f"]), ("bat --line-range=1:40 f", ["f"]), ("batcat f", ["f"]),
    ("awk -F: '{print $1}' /etc/passwd", ["/etc/passwd"]), ("awk 'NR<9' x=1 f", ["f"]),
    ("awk -f prog.awk f", ["f"]), ("gawk -v n=3 'NR==n' f", ["f"]),
    ("tac f", ["f"]), ("xxd -l 16 f", ["f"]), ("od -An -tx1 f", ["f"]), ("od -j 8 f", ["f"]),
    ("strings -n 8 f", ["f"]),
    ("cat *.py", ["*.py"]),  # a glob as its pattern
    ("cat ~/.bashrc", ["~/.bashrc"]),
    ("cat '$F'", ["$F"]),  # quoted: a file named $F
    ("git show HEAD:f", ["f"]), ("git --no-pager -C . show HEAD~1:src/a.py", ["src/a.py"]),
    ("git show :README.md", ["README.md"]), ("git cat-file -p main:x.toml", ["x.toml"]),
    ("git show HEAD", []), ("git show HEAD:", []), ("git show :/fix", []),
    ("git show HEAD -- a.py", []), ("git log -p", []),
    ("cat f > out", ["f"]), ("cat f 2>&1 | head", ["f"]), ("cat a; cat b && tail c || nl d",
                                                           ["a", "b", "c", "d"]),
    ("[ -f x ] && cat x", ["x"]),
    ("cat", []), ("echo x | cat", []), ("grep -rn head .", []), ("ls -la", []),
    ("find . -name '*.py'", []), ("xargs -0 rm", []), ("A=1", []), ("> f", []),
    ("source env.sh", []),
])
def test_file_reads(command: str, files: list[str]) -> None:
    assert file_reads(command) == files


@pytest.mark.parametrize("command", [
    "cat $F", 'cat "$HOME/f"', "cat ${F}", "cat < $F", "git show HEAD:$F",
    "xargs cat", "find . -exec cat '{}' +", "find . -exec /bin/cat '{}' \\;", "env cat f",
    "sudo cat f", "nice -n 5 tail f", "timeout 5 cat f", "command cat f", "exec cat f",
    "bash -c 'cat f'", "sh x.sh", "eval cat f", "$PAGER f", "/bin/c?t f", "c* f",
    "ls | xargs $CMD",
])
def test_file_reads_are_none_when_the_file_is_known_only_at_run_time(command: str) -> None:
    assert stages(command) is not None  # the line itself is understood
    assert file_reads(command) is None


def test_words_are_what_the_regular_tokenizer_reads_for_words() -> None:
    """stages' words agree with words() wherever words() understands the line."""
    for command in ("git log --format='%H %s'", "cd 'a b' && X=1 pytest -k \"a and b\"",
                    "a\\ b c\\\"d", 'x "$A" "${B}c" \'$C\''):
        plain = words(command)
        assert plain is not None
        joined = [w for w in plain if w != AND]
        assert [w for stage in stages(command) or [] for w in stage] == joined


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("command", [
    "argv a 'b c' | argv \"d\"\\ e; argv x 2>/dev/null && argv y",
    "argv<in 'x'\"y\"z a\\ b",
    "A=1 argv -n 2>&1 \"$HOME\"x | argv '*.py' '<' \">\"",
    "argv a2>out b >>out2; argv 2 >out3",
    "argv 'a;b' \"c|d\" e\\&f",
])
def test_stages_match_the_argv_a_real_bash_runs(tmp_path: Path, command: str) -> None:
    bin_dir, log = tmp_path / "bin", tmp_path / "argv"
    bin_dir.mkdir()
    log.mkdir()
    stub = bin_dir / "argv"
    # each run writes its own file: the stages of a pipeline run at the same time
    stub.write_text('#!/bin/sh\nfor a in "$0" "$@"; do printf "%s\\037" "$a"; done > "$LOG/$$"\n')
    stub.chmod(0o755)
    (tmp_path / "in").write_text("")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "LOG": str(log), "HOME": "/h"}
    subprocess.run(["bash", "--norc", "--noprofile", "-c", command], cwd=tmp_path, env=env,
                   check=False, capture_output=True, timeout=20)
    runs = [path.read_text().split("\x1f")[:-1] for path in log.iterdir()]
    ran = sorted([os.path.basename(run[0]), *run[1:]] for run in runs)
    found = stages(command)
    assert found is not None
    expected = []
    for stage in found:
        argv, index = [], 0
        while index < len(stage):
            word = stage[index]
            if is_redirection(word):
                index += 1 if ">&" in word or "<&" in word else 2
                continue
            if argv or not is_assignment(word):
                argv.append(word.replace("$HOME", "/h"))
            index += 1
        expected.append(argv)
    assert ran == sorted(expected)


def test_file_reads_is_linear_in_the_command_length() -> None:
    import time

    def cost(n: int) -> float:
        command = " | ".join(f"cat 'f{i}' -n" for i in range(n))
        start = time.process_time()
        assert file_reads(command) == [f"f{i}" for i in range(n)]
        return time.process_time() - start

    cost(200)
    # sizes whose cost is well above the clock's noise (2,000 took 18 ms and once read 30.1x)
    small, large = min(cost(4000) for _ in range(5)), min(cost(40000) for _ in range(3))
    assert large < small * 30  # 10x the input: well under quadratic (100x)


def test_the_module_keeps_its_public_api_small() -> None:
    public = {name for name in vars(tokenizer) if not name.startswith("_")
              and callable(getattr(tokenizer, name)) and getattr(tokenizer, name).__module__
              == tokenizer.__name__}
    assert public == {"words", "is_assignment", "is_redirection", "simple_command",
                      "SimpleCommand", "stages", "joined_stages", "file_reads"}
