"""Which command outputs the command route may digest, and why any other must reach the agent
exactly as it came (standard library only).

A list of what may be digested, not of what may not: the first program of a command must be one
whose output is about many things (a search, a listing, a log, a fetch, a package manager, a
cluster or cloud tool), each later part of a pipeline a filter of that output. Anything else —
`python -c`, `perl`, `base64`, `jq`, `diff`, `cp`, an unknown tool — passes exactly, so a new
way to print a file is exact without anyone thinking of it. Within the list, what can still
print one file's bytes or a secret is exact too: a `cat`/`head`/`tail`/`sed -n` of a file that
is not a log, a grep that prints every line (`-v`, `--passthru`, a pattern matching the empty
string), a `file://` fetch, a command run inside a container or pod (`docker exec`, `kubectl
cp`), a secret's dump (`kubectl get secret`, `aws secretsmanager`, `terraform output`). Found by
two attacks on the route (tests/security/test_attack_command_route.py, test_attack_search_route.py).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings

PRODUCERS = frozenset({
    "grep", "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "du",
    "cat", "tail", "journalctl", "dmesg", "curl", "wget", "docker", "podman", "kubectl", "helm",
    "pip", "pip3", "uv", "npm", "pnpm", "yarn", "apt", "apt-get", "brew", "ps", "lsof",
    "netstat", "aws", "gcloud", "az", "terraform"})
# what may follow a producer in a pipeline, reading its output
FILTERS = frozenset({"grep", "egrep", "fgrep", "rg", "sort", "uniq", "head", "tail", "wc",
                     "tr", "column", "cat"})
GREPS = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ack"})
# a grep that prints every line of its input: its files whole
PRINT_ALL_FLAGS = ("-v", "--invert-match", "--passthru", "--passthrough")
# options of grep, rg, ag and ack that take the next word as their value (not the pattern)
VALUE_OPTIONS = frozenset({"-A", "-B", "-C", "-m", "-g", "-t", "-T", "-f", "-d", "-D", "-M",
                           "-j", "--glob", "--iglob", "--type", "--type-not", "--include",
                           "--exclude", "--exclude-dir", "--max-count", "--context",
                           "--after-context", "--before-context", "--color", "--colour",
                           "--max-depth", "--threads", "--file", "--regexp", "-e"})
# Arguments after which a multi-purpose tool prints what it was asked to: a file inside a
# container or pod, another command's output, a secret.
INNER_COMMANDS = {
    "docker": frozenset({"exec", "run", "cp", "attach", "secret", "config", "save", "export"}),
    "podman": frozenset({"exec", "run", "cp", "attach", "secret", "save", "export"}),
    "kubectl": frozenset({"exec", "cp", "attach", "run", "debug", "secret", "secrets",
                          "port-forward", "proxy", "config"}),
    "helm": frozenset({"get", "template"}),
    "terraform": frozenset({"output", "show", "state", "console"}),
}
# cloud CLIs: any argument holding one of these is a credential, a secret or a copy
CLOUD = frozenset({"aws", "gcloud", "az"})
CLOUD_WORDS = ("secret", "keyvault", "kms", "ssm", "credential", "token", "password", "login",
               "cp", "key", "cat", "sign")
LOG_SUFFIXES = (".log", ".out", ".err")  # also rotated: app.log.1


def is_log(path: str) -> bool:
    name = path.rsplit("/", 1)[-1].lower()
    stem, dot, number = name.rpartition(".")
    if dot and number.isdigit():  # a rotated log: app.log.1
        name = stem
    return name.endswith(LOG_SUFFIXES)


def program(stage: list[str]) -> tuple[str, list[str]] | None:
    """A stage's program (its base name) and arguments, assignments and redirections left
    out; None for an empty stage."""
    from garrepa_py.routes import shell_words

    words: list[str] = []
    skip = False
    for word in stage:
        if skip:
            skip = False
            continue
        if shell_words.is_redirection(word):
            skip = True  # its target word follows (fd duplications carry theirs: no target)
            if "&" in word and word[-1:].isdigit() or word.endswith("&-"):
                skip = False
            continue
        if not words and shell_words.is_assignment(word):
            continue
        words.append(word)
    return (words[0].rsplit("/", 1)[-1], words[1:]) if words else None


def _grep_prints_all(arguments: list[str]) -> bool:
    """`-v`, `--passthru`, or a pattern that matches the empty string (`''`, `.*`, `a*`):
    every line of the input is printed."""
    import re

    for argument in arguments:
        if argument in PRINT_ALL_FLAGS or (argument.startswith("-") and not argument.startswith(
                "--") and "v" in argument[1:] and argument[1:].isalpha()):
            return True
    explicit = [arguments[i + 1] for i, a in enumerate(arguments[:-1]) if a in ("-e", "--regexp")]
    first = None
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in VALUE_OPTIONS:
            index += 2
            continue
        if not argument.startswith("-"):
            first = argument
            break
        index += 1
    for pattern in explicit or ([first] if first is not None else []):
        try:
            if re.search(pattern, "") is not None:
                return True
        except (re.error, RecursionError, OverflowError):
            return True  # a pattern Python cannot read: not ours to judge
    return False


def _prints_what_it_is_asked(name: str, arguments: list[str]) -> bool:
    words = {a.lower() for a in arguments}
    if name in INNER_COMMANDS and words & INNER_COMMANDS[name]:
        return True
    if name in CLOUD and any(part in a.lower() for a in arguments for part in CLOUD_WORDS):
        return True
    if name in ("curl", "wget") and any(a.lower().lstrip("'\"").startswith("file:")
                                        for a in arguments):
        return True
    return False


def _excluded(command: str, stages: list[list[str]], patterns: tuple[str, ...]) -> bool:
    """A user's `commands.exclude` glob against the whole command and against each part of
    it (so `cd k8s && kubectl get secret …` is the same command as without the `cd`)."""
    import fnmatch

    texts = [command.strip(), *(" ".join(w for w in stage if not w.startswith("\0"))
                                for stage in stages)]
    return any(fnmatch.fnmatchcase(text, pattern) for text in texts for pattern in patterns)


def names_saved_output(text: str) -> bool:
    """A word naming garrepa's spill folder or Claude Code's saved tool results: the agent is
    recovering exact bytes."""
    from garrepa_py.paths import STATE_FOLDER

    return ".garrepa" in text or "tool-results" in text or f"/{STATE_FOLDER}/spill" in text


def exact_reason(command: str, settings: Settings) -> str | None:
    """Why this command's output must reach the agent exactly as it is, or None."""
    from garrepa_py.routes import shell_words

    stages = shell_words.stages(command)
    if stages is None:
        return "command-not-understood"
    if _excluded(command, stages, settings.commands.exclude):
        return "excluded-command"
    words = [word for stage in stages for word in stage if not word.startswith("\0")]
    if any(names_saved_output(word) for word in words):
        return "saved-output-read"
    from garrepa_py.guard.secrets import secret_path

    if any(secret_path(word) for word in words if not word.startswith("-")):
        return "secret-path"  # a secret's name anywhere, a log's suffix or not
    runs = [found for found in (program(stage) for stage in stages)
            if found is not None and found[0] != "cd"]
    if not runs:
        return "not-a-listed-command"
    (first, arguments), rest = runs[0], runs[1:]
    if first not in PRODUCERS or any(name not in FILTERS for name, _ in rest):
        return "not-a-listed-command"
    if _prints_what_it_is_asked(first, arguments):
        return "inner-command-or-secret"
    reads = shell_words.file_reads(command)
    if reads is None:
        return "command-not-understood"
    if any(not is_log(path) for path in reads):
        return "exact-file-read"
    if first in GREPS and _grep_prints_all(arguments):
        return "exact-file-read"  # a filter after a pipe (`| grep -v x`) prints no file
    return None
