"""Codex's shell tool: may this call's command be rewritten to tee its output into a private spill?

Codex 0.171.0 cuts a command's output to about 10,100 characters before a PostToolUse hook sees
it (docs/codex-hooks-measured.md), so a faithful digest needs the bytes before the cut. The
PreToolUse hook rewrites one simple command `CMD` to

    set -o posix -o pipefail; CMD | RUNNER --dir DIR --session S --id T

(answered with `permissionDecision: allow` + `updatedInput`, the only form Codex applies). Every
part of that form was measured against the real binary (tests/e2e/test_codex_capture.py):

- Codex's exec policy parses a `bash -lc` script into commands only when it is plain words joined
  by `&&`, `||`, `;`, `|`. This form parses, so a user's `prefix_rule` that forbids or prompts for
  CMD still matches it (a `CMD 2>&1 | RUNNER` form does not parse, and a forbidden command ran).
- `pipefail` keeps CMD's exit status (RUNNER always exits 0); `posix` stops bash from printing a
  job line ("Killed …") when CMD dies by a signal, which the original (bash execs CMD) never
  prints. Neither leaks into CMD's environment (no POSIXLY_CORRECT, no SHELLOPTS).
- Only stdout goes through RUNNER: stderr is left to Codex as before (a redirection would break
  the exec-policy parse). The reader checks the spill against what Codex saw (capture_store).
- `permissionDecision: allow` does not skip Codex's approval: an escalated call is still reviewed,
  and the review names the rewritten command. So a call that asks for escalation is not
  rewritten (the approval shows what the model asked for), nor one with a TTY (CMD's stdout would
  become a pipe) or another shell: their arguments come from the session file
  (call_lookup), which Codex has written before PreToolUse runs.

Pure: no I/O here.
"""

from __future__ import annotations

from garrepa_py.shell import tokenizer

PREFIX = "set -o posix -o pipefail; "
RUNNER_MODULE = "garrepa_py.hook.tee_runner"  # the form of garrepa before the runner ran as a file
# the runner as a file: `PY -I -S ROOT/garrepa_py/hook/tee_runner.py`, ROOT the one the launcher
# named (the runner puts it on its own path), so it starts wherever the hook started
RUNNER_FLAGS = " -I -S "
RUNNER_SCRIPT = "/garrepa_py/hook/tee_runner.py"
MAX_COMMAND = 8192
# bash builtins and keywords whose meaning changes in a pipeline's subshell or in posix mode
# (`cd`, `exec`, `read`, `export`, …); the harmless printers stay allowed
BUILTINS = frozenset({
    ".", ":", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
    "complete", "compopt", "continue", "declare", "dirs", "disown", "enable", "eval", "exec",
    "exit", "export", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let",
    "local", "logout", "mapfile", "popd", "pushd", "read", "readarray", "readonly", "return",
    "set", "shift", "shopt", "source", "suspend", "times", "trap", "type", "typeset", "ulimit",
    "umask", "unalias", "unset", "wait", "[[", "time", "coproc", "function", "!"})
PLAIN_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
CALL_KEYS_KEPT = frozenset({"cmd", "workdir", "yield_time_ms", "max_output_tokens",
                            "justification", "prefix_rule", "sandbox_permissions", "tty", "login",
                            "shell"})


class Decision:
    __slots__ = ("command", "reason")

    def __init__(self, command: str | None, reason: str) -> None:
        self.command = command  # the rewritten command; None: leave the call alone
        self.reason = reason

    def __repr__(self) -> str:
        return f"Decision({self.command!r}, {self.reason!r})"


def plain_id(value: object) -> bool:
    """A session or call id safe as one shell word and as part of a file name."""
    return isinstance(value, str) and 0 < len(value) <= 80 and all(
        c in PLAIN_ID_CHARS for c in value)


def simple(command: str) -> str | None:
    """Why `command` is not one plain simple command this rewrite may wrap; None when it is."""
    if not command.strip() or len(command) > MAX_COMMAND:
        return "empty-or-long"
    if "#" in command or "\n" in command or "\r" in command:
        return "comment-or-newline"  # a comment would swallow `| RUNNER`
    stages = tokenizer.joined_stages(command)
    if stages is None:
        return "not-understood"
    if len(stages) != 1:
        return "compound"
    words = stages[0][1]
    if not words:
        return "empty-or-long"
    if any(tokenizer.is_redirection(word) for word in words):
        return "redirection"
    if any(word.startswith(tokenizer.VARIABLE) for word in words):
        return "variable"  # `$BASHPID` and the like differ in a pipeline's subshell
    first = words[0].lstrip(tokenizer.GLOB)
    if tokenizer.is_assignment(first):
        return "assignment"
    if first in BUILTINS or first in tokenizer.RESERVED:
        return "builtin"
    return None


def call_allows(call: dict[str, object] | None, command: str) -> str | None:
    """Why the model's call (its arguments, from the session file) rules the rewrite out; None
    when it does not: found, the same command, no TTY, no escalation, the default shell."""
    if call is None:
        return "call-not-found"
    if call.get("cmd") != command:
        return "call-differs"
    if any(key not in CALL_KEYS_KEPT for key in call):
        return "call-unknown-argument"  # a newer Codex's argument: not measured
    if call.get("tty") not in (None, False):
        return "tty"
    if call.get("sandbox_permissions") not in (None, "use_default"):
        return "escalation"
    if call.get("shell") is not None:
        return "shell"  # another shell than the user's: `set -o posix` may not exist there
    return None


def decide(command: object, call: dict[str, object] | None, user_shell: str | None,
           runner: str | None, directory: str | None, session: object,
           tool_use_id: object) -> Decision:
    """The rewritten command, or why not. `runner` and `directory` are shell words already
    (hook_commands.shell_word); `user_shell` is the login shell Codex runs commands with."""
    if not isinstance(command, str):
        return Decision(None, "no-command")
    why = simple(command)
    if why is not None:
        return Decision(None, why)
    why = call_allows(call, command)
    if why is not None:
        return Decision(None, why)
    if user_shell is None or user_shell.rsplit("/", 1)[-1] != "bash":
        return Decision(None, "shell-not-bash")  # `set -o posix` is bash's
    if runner is None or directory is None:
        return Decision(None, "runner-needs-quoting")
    if not plain_id(session) or not plain_id(tool_use_id):
        return Decision(None, "ids-not-plain")
    return Decision(f"{PREFIX}{command.rstrip()} | {runner} --dir {directory} "
                    f"--session {session} --id {tool_use_id}", "tee")


def unwrap(command: object, session: object, tool_use_id: object) -> str | None:
    """The model's own command inside the capture form `decide` wrote for this call, or None.

    Codex shows the PostToolUse hook the command it ran, the rewritten one (measured): the
    routes must see what the model asked for (a `grep`, a `git log`), not `set …; CMD | RUNNER`.
    Only the exact form for this session and call id, around one plain command, is undone."""
    if not isinstance(command, str) or not command.startswith(PREFIX) or \
            not plain_id(session) or not plain_id(tool_use_id):
        return None
    tail = f" --session {session} --id {tool_use_id}"
    if not command.endswith(tail):
        return None
    inner, bar, runner = command[len(PREFIX):-len(tail)].rpartition(" | ")
    program, dir_flag, _ = runner.partition(" --dir ")
    if not bar or not dir_flag or not _is_runner(program):
        return None
    return inner if simple(inner) is None else None


def _is_runner(program: str) -> bool:
    """`PY -I -S ROOT/garrepa_py/hook/tee_runner.py` (or the older `PY -I -m MODULE` form)."""
    python, flags, script = program.partition(RUNNER_FLAGS)
    if flags and python and script.removesuffix("'").endswith(RUNNER_SCRIPT):
        return True
    return program.endswith(f" -I -m {RUNNER_MODULE}")
