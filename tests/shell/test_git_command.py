"""Which Bash commands are a single read-only git dump, each form both ways."""

from __future__ import annotations

import pytest

from garrepa_py.shell.git_command import parse


@pytest.mark.parametrize("command, subcommand, global_args, args, cd", [
    ("git diff", "diff", (), (), None),
    ("git log -p -3", "log", (), ("-p", "-3"), None),
    ("git show HEAD~1 --stat", "show", (), ("HEAD~1", "--stat"), None),
    ("git -C ../other log", "log", ("-C", "../other"), (), None),
    ("git --no-pager diff --cached", "diff", ("--no-pager",), ("--cached",), None),
    ("git -P log", "log", ("-P",), (), None),
    ("git -c core.pager=cat -c color.ui=never show", "show",
     ("-c", "core.pager=cat", "-c", "color.ui=never"), (), None),
    ("GIT_PAGER=cat git log", "log", (), (), None),
    ("GIT_PAGER=cat LANG=C git --no-pager diff", "diff", ("--no-pager",), (), None),
    ("cd sub && git diff HEAD", "diff", (), ("HEAD",), "sub"),
    ("cd 'dir with space' && GIT_PAGER=cat git -C . log", "log", ("-C", "."), (),
     "dir with space"),
    ('git log --format="%H %an %s"', "log", (), ("--format=%H %an %s",), None),
    ("git --git-dir=.git --work-tree=. diff", "diff", ("--git-dir=.git", "--work-tree=."), (),
     None),
    ("git diff -- src/app.py", "diff", (), ("--", "src/app.py"), None),
])
def test_read_only_dumps_are_recognised(command: str, subcommand: str, global_args: tuple,
                                        args: tuple, cd: str | None) -> None:
    dump = parse(command)
    assert dump is not None
    assert (dump.subcommand, dump.global_args, dump.args, dump.cd) == (subcommand, global_args,
                                                                     args, cd)


@pytest.mark.parametrize("command", [
    "git commit -m 'x'", "git push", "git rebase -i HEAD~3", "git reset --hard", "git checkout .",
    "git stash", "git apply p.diff", "git am < x", "git status", "git branch -D x",
    "git log | head", "git diff > out.patch", "git diff >> out", "git log 2>&1", "git show < x",
    "git log; rm -rf /", "git log || true", "git log && git diff", "true && git log",
    "cd a && cd b && git log", "git log &", "(git log)", "echo $(git log)", "echo `git log`",
    "git diff --output=x.patch", "git diff --output x.patch", "git log --ext-diff",
    "git show HEAD:.env", "git diff -- .env.production", "git log -p -- secrets/keys.txt",
    "git show HEAD:config/id_rsa", "/usr/bin/git log", "bash -c 'git log'", "echo git log",
    "git --exec-path", "git", "git --unknown-flag log", "git log 'unbalanced",
    "git log\ngit diff", "",
])
def test_everything_else_is_not(command: str) -> None:
    assert parse(command) is None


def test_command_for_rebuilds_a_runnable_command() -> None:
    dump = parse("cd 'my repo' && git -C . diff HEAD~4 HEAD")
    assert dump is not None
    assert dump.command_for("HEAD~4", "HEAD", "--", "src/a b.py") == (
        "cd 'my repo' && git -C . diff 'HEAD~4' HEAD -- 'src/a b.py'")
