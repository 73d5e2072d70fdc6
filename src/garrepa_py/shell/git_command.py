"""Is this Bash command exactly one read-only `git diff`, `git log`, `git show` or `git blame`?

Claude Code's `if: "Bash(git *)"` fires for any compound command with a git part, so the hook
re-parses the command with the shared shell tokenizer (shell/tokenizer.py simple_command:
whatever it does not understand with certainty is no) and says yes only for a single read-only
dump, optionally after `cd DIR &&` and `VAR=value` assignments, with `-C DIR`, `--no-pager`,
`-c key=value` and friends. Anything else — writes, pipes, redirections, command substitution,
`;`, `||`, background jobs, several git commands, `--output`, secret paths — is no.
"""

from __future__ import annotations

from garrepa_py.shell import tokenizer

DUMP_COMMANDS = ("diff", "log", "show", "blame")
GLOBAL_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace",
                               "--config-env", "--exec-path"})
GLOBAL_FLAGS = frozenset({"--no-pager", "-P", "--no-optional-locks", "--literal-pathspecs",
                          "--no-replace-objects", "--bare", "--glob-pathspecs",
                          "--noglob-pathspecs", "--icase-pathspecs", "--no-advice"})
FORBIDDEN_ARGS = ("--output", "-o", "--ext-diff", "--textconv")


class GitDump:
    """A plain class, not a dataclass: every Bash result the hook sees is parsed here, and
    `dataclasses` costs a pass-through event several ms to import."""

    __slots__ = ("subcommand", "global_args", "args", "cd")

    def __init__(self, subcommand: str, global_args: tuple[str, ...], args: tuple[str, ...],
                 cd: str | None) -> None:
        self.subcommand = subcommand  # "diff" | "log" | "show" | "blame"
        self.global_args = global_args  # everything between `git` and the subcommand
        self.args = args  # everything after the subcommand
        self.cd = cd  # the directory of a leading `cd DIR &&`

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GitDump) and (
            self.subcommand, self.global_args, self.args, self.cd) == (
            other.subcommand, other.global_args, other.args, other.cd)

    def __repr__(self) -> str:
        return (f"GitDump({self.subcommand!r}, {self.global_args!r}, {self.args!r}, "
                f"{self.cd!r})")

    def command_for(self, *extra: str) -> str:
        """A command that shows part of the same output, e.g. one file left out of a digest."""
        import shlex

        words = ["git", *self.global_args, self.subcommand, *extra]
        line = " ".join(shlex.quote(w) for w in words)
        return f"cd {shlex.quote(self.cd)} && {line}" if self.cd else line


def _paths_in(args: tuple[str, ...]) -> list[str]:
    """Arguments that may name files: pathspecs, and the path part of `REV:path`."""
    found = []
    for arg in args:
        if arg.startswith("-"):
            continue
        found.append(arg.split(":", 1)[1] if ":" in arg and not arg.startswith(":/") else arg)
    return [p for p in found if p]


def parse(command: str, check_paths: bool = True) -> GitDump | None:
    """The dump, or None. `check_paths=False` (the route's claim, decided for every Bash result
    the hook sees) leaves out the secret-path check and its import; the route's handler checks
    again with it before anything is read."""
    simple = tokenizer.simple_command(command)
    if simple is None or simple.sourced is not None:
        return None
    cd, tokens = simple.cd, simple.argv
    if len(tokens) < 2 or tokens[0] != "git":
        return None
    index = 1
    while index < len(tokens) and tokens[index].startswith("-"):
        option = tokens[index]
        name = option.split("=", 1)[0]
        if name in GLOBAL_WITH_VALUE:
            index += 1 if "=" in option else 2  # `--git-dir=x` or `--git-dir x`, `-C dir`
        elif option in GLOBAL_FLAGS:
            index += 1
        else:
            return None  # an option we do not know: not ours to judge
    if index >= len(tokens) or tokens[index] not in DUMP_COMMANDS:
        return None
    subcommand = tokens[index]
    args = tuple(tokens[index + 1:])
    for arg in args:
        if arg.split("=", 1)[0] in FORBIDDEN_ARGS:
            return None
    if subcommand == "show" and any(":" in arg and not arg.startswith("-") for arg in args):
        return None  # `git show REV:path` prints a file's bytes, which must stay exact
    if not check_paths:
        return GitDump(subcommand, tuple(tokens[1:index]), args, cd)
    from garrepa_py.guard.secrets import secret_path

    if any(secret_path(path) for path in _paths_in(args)):
        return None
    return GitDump(subcommand, tuple(tokens[1:index]), args, cd)
