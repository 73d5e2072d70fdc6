"""Which command outputs the command route may digest, and why any other must reach the agent
exactly as it came (standard library only).

A list of what may be digested, not of what may not: each part of a list (`;`, `&&`, `||`) must
start with a program whose output is about many things (a search, a listing, a log, a fetch, a
package manager, a cluster or cloud tool), each later stage of its pipeline a filter of that
output. Anything else — `python -c`, `perl`, `base64`, `jq`, `diff`, `cp`, an unknown tool —
passes exactly, so a new way to print a file is exact without anyone thinking of it. Within the
list, every stage of every part is judged by what it prints, and any one that can print one
file's bytes or a secret makes the whole command exact: a `cat`/`head`/`tail`/`sed -n` of a file
that is not a log, a `sort`/`uniq` given a file, a search that prints every line (read by each
tool's own option rules, GNU grep's and ugrep's both: shell/grep_family.py), a fetch of a
`file:` URL however spelled (`FILE:`, `{file,x}://`, a `-K` config), a command run inside a
container or pod (`docker exec`, `kubectl cp`), a secret's dump (`kubectl get secret`, `aws
secretsmanager`, `terraform output`). Found by attacks on the route
(tests/security/test_attack_command_route.py, test_attack_search_route.py,
test_exact_by_parse.py).
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
GREPS = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ack"})  # shell/grep_family.py
SORTERS = frozenset({"sort", "uniq", "column"})
# a word whose value is known only when it runs cannot make these print a file's bytes
BLIND = frozenset({"ls", "tree", "du", "ps", "lsof", "netstat", "wc", "tr"})
# find's and fd's ways to run a command on what they found, and the commands that print only
# names, sizes or sums of what they are given
EXECS = frozenset({"-exec", "-execdir", "-ok", "-okdir", "-x", "--exec", "-X", "--exec-batch"})
LISTERS = frozenset({"ls", "stat", "wc", "file", "du", "basename", "dirname", "echo",
                     "realpath", "readlink", "md5sum", "sha1sum", "sha256sum", "touch"})
# the short options of each that take a value: fewer here reads a value as a file (exact), never
# a file as a value
SORT_VALUED = {"sort": frozenset("kotST"), "uniq": frozenset("fsw"),
               "column": frozenset("scoNWRHElnr")}
# Arguments after which a multi-purpose tool prints what it was asked to: a file inside a
# container or pod, another command's output, a secret.
INNER_COMMANDS = {
    "docker": frozenset({"exec", "run", "cp", "attach", "secret", "config", "save", "export"}),
    "podman": frozenset({"exec", "run", "cp", "attach", "secret", "save", "export"}),
    "kubectl": frozenset({"exec", "cp", "attach", "run", "debug", "secret", "secrets",
                          "port-forward", "proxy", "config"}),
    "helm": frozenset({"get", "template"}),
    "terraform": frozenset({"output", "show", "state", "console"}),
    # package managers that run another program, whatever it prints (`uv run cat F`)
    "uv": frozenset({"run", "tool"}),
    "npm": frozenset({"exec", "x", "explore"}),
    "pnpm": frozenset({"exec", "dlx"}),
    "yarn": frozenset({"exec", "dlx"}),
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
    from garrepa_py.shell import tokenizer

    words: list[str] = []
    skip = False
    for word in stage:
        if skip:
            skip = False
            continue
        if tokenizer.is_redirection(word):
            skip = True  # its target word follows (fd duplications carry theirs: no target)
            if "&" in word and word[-1:].isdigit() or word.endswith("&-"):
                skip = False
            continue
        if not words and tokenizer.is_assignment(_plain(word)):
            continue
        words.append(word)
    return (words[0].rsplit("/", 1)[-1], words[1:]) if words else None


def _prints_what_it_is_asked(name: str, arguments: list[str]) -> bool:
    import re

    # `kubectl get secret/db,configmap/x`: each kind of a `kind/name` list is a word of its own
    words = {part for a in arguments for part in re.split(r"[/,]", a.lower())}
    if name in INNER_COMMANDS and words & INNER_COMMANDS[name]:
        return True
    if name in CLOUD and any(part in a.lower() for a in arguments for part in CLOUD_WORDS):
        return True
    if name == "curl":
        return _curl_reads_a_file(arguments)
    if name == "wget" and any("file:" in a.lower() for a in arguments):
        return True
    if name == "dmesg":  # `-F F`, `--file=F`: prints a file's lines instead of the kernel's
        return any(a == "--file" or a.startswith("--file=") or a.startswith("-")
                   and not a.startswith("--") and "F" in a for a in arguments)
    return False


def _curl_reads_a_file(arguments: list[str]) -> bool:
    """A `file:` URL in any case and anywhere in a word, a URL glob that can spell one
    (`{file,x}:///F`, `fi[l-l]e://`), a config file (`-K`, `--config`, any abbreviation: its
    URLs are not known), a variable read from a file (`--variable`, `--expand-…`), a default
    protocol other than http(s) (`--proto-default file /F`), a write-out format read from a
    file (`-w @F`: printed after the response)."""
    for index, argument in enumerate(arguments):
        lowered = argument.lower()
        if "file:" in lowered or "://" in lowered and ("{" in lowered or "[" in lowered):
            return True
        if argument.startswith("--") and len(argument) > 3 and (
                "--config".startswith(argument.split("=", 1)[0])
                or argument.startswith(("--var", "--expand"))):
            return True
        if argument.startswith("-") and not argument.startswith("--") and "K" in argument:
            return True
        if lowered.startswith("--proto-d"):  # `--proto-default file /F`: a URL without a
            value = lowered.partition("=")[2] if "=" in lowered else " ".join(  # scheme is
                arguments[index + 1:index + 2]).lower()  # read by this protocol
            if value not in ("http", "https"):
                return True
    # `-w @F`, `-sw@F`, `--write-out=@F`: the write-out format is a file's text, printed
    for before, argument in zip(["", *arguments], arguments, strict=False):
        if argument.startswith("--wr") and "=@" in argument or "w@" in argument and \
                argument.startswith("-") or argument.startswith("@") and (
                    before.startswith("--wr") or before[:1] == "-" and before[1:2] != "-"
                    and before.endswith("w")):
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
    from garrepa_py.paths import STATE_FOLDER, claude_projects_dir

    # Claude Code's folder for a project holds garrepa's state folder: a search of it, of its
    # `garrepa/` or from a `cd` into it (`grep -rn x …/garrepa/`) reads spills as surely as
    # one naming `garrepa/spill` does
    return ".garrepa" in text or "tool-results" in text or f"/{STATE_FOLDER}/spill" in text \
        or ".claude/projects" in text or claude_projects_dir() in text


EXCLUDING = ("--exclude-dir", "--exclude", "--ignore-dir", "--ignore")


def _leaves_out(word: str, before: str) -> bool:
    """A word that keeps a folder out of a search (`--exclude-dir=.garrepa`, `-g '!.garrepa'`):
    what the digest's own note tells the agent to add, not a read of what it names."""
    if word.startswith(tuple(f"{option}=" for option in EXCLUDING)) or before in EXCLUDING:
        return True
    return word.startswith(("--glob=!", "--iglob=!")) or \
        before in ("-g", "--glob", "--iglob") and word.startswith("!")


def exact_reason(command: str, settings: Settings) -> str | None:
    """Why this command's output must reach the agent exactly as it is, or None."""
    from garrepa_py.shell import tokenizer

    stages = tokenizer.stages(command)
    if stages is None:
        return "command-not-understood"
    if _excluded(command, stages, settings.commands.exclude):
        return "excluded-command"
    words = [word for stage in stages for word in stage if not word.startswith("\0")]
    if any(names_saved_output(word) and not _leaves_out(word, before)
           for before, word in zip(["", *words[:-1]], words, strict=True)):
        return "saved-output-read"
    from garrepa_py.guard.secrets import secret_path

    if any(secret_path(word) for word in words if not word.startswith("-")):
        return "secret-path"  # a secret's name anywhere, a log's suffix or not
    parts = tokenizer.joined_stages(command)
    if parts is None:
        return "command-not-understood"
    runs = _runs(parts)
    if runs is None:
        return "not-a-listed-command"
    reads = tokenizer.file_reads(command)
    if reads is None:
        return "command-not-understood"
    if any(not is_log(path) for path in reads):
        return "exact-file-read"
    return _runs_reason(runs)


def _runs(parts: list[tuple[str | None, list[str]]]) -> list[tuple[bool, str, list[str]]] | None:
    """Each stage's (whether it reads the stage before it, program, arguments), when every
    part of the list starts with a producer (or a `cd`) and each stage after a `|` is a filter;
    None otherwise."""
    from garrepa_py.shell import tokenizer

    runs: list[tuple[bool, str, list[str]]] = []
    for operator, stage in parts:
        found = program(stage)
        if found is None or found[0] == "cd" and operator != tokenizer.PIPE:
            continue
        name, arguments = found
        if name not in (FILTERS if operator == tokenizer.PIPE else PRODUCERS):
            return None
        piped = operator == tokenizer.PIPE and not any(
            tokenizer.is_redirection(word) and word.endswith("<") for word in stage)
        runs.append((piped, name, arguments))
    return runs or None


def _plain(word: str) -> str:
    """A word of `joined_stages` without its mark (tokenizer.VARIABLE, GLOB)."""
    return word[1:] if word[:1] in ("\x01", "\x02") else word


def _runs_reason(runs: list[tuple[bool, str, list[str]]]) -> str | None:
    """Every stage of every part by its own rules: any one that prints a file whole, a
    container's file or a secret makes the whole command exact."""
    from garrepa_py.shell import tokenizer

    for piped, name, arguments in runs:
        if name not in BLIND and any(a.startswith(tokenizer.VARIABLE) for a in arguments):
            return "variable-argument"  # `grep "$P" F`, `curl $URL`: known only when it runs
        if not piped and _prints_what_it_is_asked(name, [_plain(a) for a in arguments]):
            return "inner-command-or-secret"
        if _prints_a_file(name, arguments, piped):
            return "exact-file-read"
    return None


def _prints_a_file(name: str, arguments: list[str], piped: bool) -> bool:
    """A search that prints every line (a filter after a pipe, `| grep -v x`, prints no file),
    a sort given a file, a `find -exec` or `fd -x` running anything but a lister or a search
    that prints no file whole."""
    from garrepa_py.shell.grep_family import prints_whole

    if name in GREPS:
        return prints_whole(name, arguments, piped)
    if name in SORTERS:
        return _sorts_a_file(SORT_VALUED[name], [_plain(a) for a in arguments])
    if name in ("find", "fd", "fdfind"):
        if name != "find":
            arguments = _split_exec(arguments)
        plain = [_plain(a) for a in arguments]
        starts = [i for i, a in enumerate(plain) if a in EXECS]
        for start in starts:
            inner = plain[start + 1:]
            for end, word in enumerate(inner):
                if word in (";", "+"):
                    inner = inner[:end]
                    break
            if not inner:
                continue
            program_name = inner[0].rsplit("/", 1)[-1]
            if program_name in GREPS:
                if prints_whole(program_name, arguments[start + 2:start + 1 + len(inner)],
                                False):
                    return True
            elif program_name not in LISTERS:
                return True  # `-exec cat {} +`, `-x python …`: prints what it is asked
    return False


def _split_exec(arguments: list[str]) -> list[str]:
    """fd's exec options with their command attached (`-xcat`, `--exec=cat`, `-Xcat`) as two
    words, as fd (clap) reads them."""
    out: list[str] = []
    for word in arguments:
        option, equals, value = word.partition("=")
        if equals and option in EXECS and option.startswith("--"):
            out += [option, value]
        elif word[:2] in ("-x", "-X") and len(word) > 2:
            out += [word[:2], word[2:].removeprefix("=")]
        else:
            out.append(word)
    return out


def _sorts_a_file(valued: frozenset[str], arguments: list[str]) -> bool:
    """`sort F`, `uniq F`, `column F`, `sort --files0-from=L`: a filter given a file prints
    that file (sorted)."""
    index = 0
    while index < len(arguments):
        word = arguments[index]
        index += 1
        if word == "--":
            return index < len(arguments)
        if word.startswith("--files0"):
            return True
        if word.startswith("--"):
            continue  # `--key=2`; a long option's value as the next word counts as a file
        if word.startswith("-") and word != "-":
            for at, letter in enumerate(word[1:], start=1):
                if letter in valued:
                    index += 1 if at == len(word) - 1 else 0  # `-k 2` or `-k2`
                    break
            continue
        return True
    return False
