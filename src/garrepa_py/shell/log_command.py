"""Is this Bash command exactly one test or build run the logs route may wrap?

The same discipline as the git route (shell/git_command.py, shell/tokenizer.py): one
simple command, optionally after `cd DIR &&` and `VAR=value`, through `npx`, `uv run`,
`poetry run`, `pipenv run`, `pdm run`, `python -m` / `python3 -m`; no pipes, redirections, `;`,
`||`, `&&` beyond the one `cd`, background jobs, substitutions or anything else the tokenizer
does not understand with certainty. A command that is not a run — it prints a version, help, a
collection, a config, or its exit status says nothing (`--exit-zero`), or it never ends (watch
modes) — is left alone too: its output is not a run's log, and the runner must not judge it.

Wrapped are only the forms whose output is evidence of the run's outcome: an option or an
environment variable that changes what the tool prints or how it reports (an output file, a
silent mode, a machine format, a plugin, `PYTEST_ADDOPTS`, `MAKEFLAGS`, …) leaves the command
alone, so Claude Code reports its exit status itself. Environment assignments are allowed by
name (ASSIGNMENTS); ruff's options by an allow-list (RUFF_OPTIONS); every tool's options that
send the report elsewhere or change its form are refused by name (REPORT_CHANGING).
"""

from __future__ import annotations

import re

from garrepa_py.shell import tokenizer

PREFIXES = (("npx",), ("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("pdm", "run"),
            ("hatch", "run"), ("yarn",), ("pnpm",))
PYTHON = re.compile(r"python(3(\.\d+)?)?")  # python, python3, python3.12
BIN_DIRS = frozenset({"bin", ".bin"})  # a venv's bin/, node_modules/.bin/
# `uv run` options before the command: those that take a value, and those that do not
UV_RUN_VALUED = frozenset({"--with", "--extra", "--group", "--package", "--python", "-p",
                           "--env-file", "--directory", "--project", "--with-requirements"})
UV_RUN_FLAGS = frozenset({"--frozen", "--locked", "--no-sync", "--isolated", "--all-extras",
                          "--all-packages", "--no-dev", "--dev", "--offline", "--exact", "-q",
                          "--quiet", "-v", "--verbose", "--active", "--no-project"})
# program → the subcommands that run tests or builds (None: the program itself does)
RUNNERS: dict[str, tuple[str, ...] | None] = {
    "pytest": None, "py.test": None, "mypy": None, "ruff": ("check",), "tox": None, "nox": None,
    "jest": None, "vitest": None, "tsc": None, "eslint": None, "make": None, "gradle": None,
    "./gradlew": None, "mvn": None, "./mvnw": None, "cargo": ("test", "build", "check", "clippy"),
    "go": ("test", "build", "vet"), "npm": ("test", "run", "t"), "docker": ("build",),
    "unittest": None,
}
# program → the log family its output is read as (structural/log/logs.py PARSERS); make, npm and
# tox run other tools, so their logs are recognised by what they look like
FAMILIES = {"pytest": "pytest", "py.test": "pytest", "mypy": "mypy", "ruff": "ruff",
            "tsc": "tsc", "eslint": "eslint", "jest": "jest", "vitest": "vitest", "cargo": "cargo", "go": "go",
            "make": "make", "gradle": "gradle", "./gradlew": "gradle", "mvn": "maven",
            "./mvnw": "maven", "npm": "npm", "tox": "tox", "nox": "tox"}
# Runs that never end or want a terminal stay untouched: the runner prints only at the end.
WATCHING = frozenset({"--watch", "-w", "--watchAll", "watch", "--ui", "serve", "--serve"})
# Options (any tool, anywhere on the line, `--opt=value` too) that make a command not a run:
# version, help, listings and configs instead of a run; an exit status forced to 0; a fix pass.
NOT_A_RUN = frozenset({
    "--version", "-V", "--help", "-h", "-?", "--help-all", "--usage",
    "--co", "--collect-only", "--fixtures", "--fixtures-per-test", "--markers", "--setup-plan",
    "--setup-only", "--cache-show",
    "--exit-zero", "--fix", "--fix-only", "--fix-dry-run",
    "--list", "-list", "--list-tests", "--listTests", "--list-sessions", "--listenvs",
    "--listenvs-all", "--showConfig", "--show-config", "--print-config", "--show-settings",
    "--show-files", "--init", "--env-info", "--listFilesOnly", "--clearCache", "--clear-cache",
    "--dry-run", "--explain", "--print-data-base", "--just-print", "--recon", "--question"})
# program → its short options that list, print the version or dry-run (elsewhere `-l` is
# pytest's --showlocals, `-v` verbose, `-n` pytest-xdist's workers)
NOT_A_RUN_SHORT = {"make": frozenset({"-v", "-n", "-p", "-q"}), "tox": frozenset({"-l", "-a"}),
                   "nox": frozenset({"-l"}), **{program: frozenset({"-v"}) for program in (
                       "mvn", "./mvnw", "gradle", "./gradlew", "tsc", "eslint", "jest",
                       "vitest")}}
# program → its first words that list or configure instead of run
NOT_A_RUN_WORDS = {"vitest": frozenset({"list", "init"}),
                   "tox": frozenset({"list", "l", "config", "c", "quickstart", "devenv",
                                     "schema", "exec", "e", "legacy", "le"})}
# `VAR=value` before the command that leave what the tool prints as it is; any other name (a
# tool's `*_OPTS`, `PYTEST_ADDOPTS`, `MAKEFLAGS`, a locale, a colour switch) may change it
ASSIGNMENTS = frozenset({"PYTHONPATH", "PYTHONHASHSEED", "PYTHONDONTWRITEBYTECODE", "CI",
                         "NO_COLOR", "NODE_ENV", "RUST_BACKTRACE", "TZ", "DJANGO_SETTINGS_MODULE"})
# Options that write the report elsewhere, silence it or change its form, any program
# (`--opt=value` too); the program's short ones in REPORT_CHANGING_SHORT (a prefix: `-pno:x`)
REPORT_CHANGING = frozenset({
    "--output-file", "--output", "--output-format", "--format", "--reporter", "--reporters",
    "--silent", "--json", "--override-ini", "--config-file", "--message-format", "--formatter",
    "--no-summary", "--cov-fail-under"})
REPORT_CHANGING_SHORT = {program: options for programs, options in (
    (("pytest", "py.test"), ("-o", "-c")),  # an ini value (addopts), another config
    (("ruff",), ("-o", "-s")),
    (("mypy",), ("-O",)),
    (("eslint",), ("-o", "-f")),
) for program in programs}
# pytest's `-p NAME` loads a plugin (it may set the exit status or print nothing: `no:terminal`);
# only these are known to leave the report as it is
PYTEST_PLUGINS_KEPT = frozenset({"no:cacheprovider", "no:randomly", "no:faulthandler",
                                 "no:doctest", "no:legacypath", "no:pastebin", "no:warnings"})
# `ruff check`: the options known to keep its default report (findings, then `Found N errors.`
# or `All checks passed!`); any other option is not wrapped. `--output-format` only as full or
# concise (ruff's default).
RUFF_OPTIONS = frozenset({
    "--select", "--ignore", "--extend-select", "--extend-ignore", "--config", "--no-cache",
    "--isolated", "-q", "--quiet", "-v", "--verbose", "--show-fixes", "--no-fix", "--no-show-fixes",
    "--preview", "--no-preview", "--target-version", "--line-length", "--exclude",
    "--extend-exclude", "--force-exclude", "--no-force-exclude", "--respect-gitignore",
    "--no-respect-gitignore", "--per-file-ignores", "--extend-per-file-ignores", "--fixable",
    "--unfixable", "--extend-fixable", "--cache-dir", "--unsafe-fixes", "--no-unsafe-fixes",
    "-n"})
RUFF_VALUED = frozenset({"--select", "--ignore", "--extend-select", "--extend-ignore",
                         "--config", "--target-version", "--line-length", "--exclude",
                         "--extend-exclude", "--per-file-ignores", "--extend-per-file-ignores",
                         "--fixable", "--unfixable", "--extend-fixable", "--cache-dir"})
RUFF_FORMATS = frozenset({"full", "concise"})
TASK_RUNNERS = frozenset({"make", "gradle", "./gradlew", "mvn", "./mvnw"})
FINITE_TASK = re.compile(r"(?i)^(test|tests|check|checks|build|lint|all|ci|typecheck|compile|"
                         r"verify|assemble|package|install|clean)([-_:.\w]*)$")


def parse(command: str) -> str | None:
    """The log family (FAMILIES, else "generic") when the command is one run of a known test or
    build tool; None otherwise."""
    if "#" in command:
        return None  # a comment would swallow the `2>&1 | runner` appended after it
    simple = tokenizer.simple_command(command)
    if simple is None or simple.sourced is not None and not _activate_script(simple.sourced):
        return None
    if any(word.split("=", 1)[0] not in ASSIGNMENTS for word in simple.assignments):
        return None  # it may change what the tool prints: Claude Code reports the status
    tokens = _after_uv_run_options(list(simple.argv))
    for prefix in PREFIXES:
        if tuple(tokens[:len(prefix)]) == prefix:
            tokens = tokens[len(prefix):]
            break
    if len(tokens) >= 3 and PYTHON.fullmatch(tokens[0].rsplit("/", 1)[-1]) and tokens[1] == "-m":
        tokens = tokens[2:]
    if tokens and tokens[0] not in RUNNERS:
        tokens = [_runner_named_by_path(tokens[0]), *tokens[1:]]
    if not tokens or tokens[0] not in RUNNERS:
        return None
    if any(token in WATCHING or token.startswith("--watch") for token in tokens[1:]):
        return None
    if not_a_run(tokens) or changes_the_report(tokens):
        return None
    if tokens[0] in TASK_RUNNERS:  # `make dev`, `gradle bootRun`: a server, not a build
        tasks = [token for token in tokens[1:] if not token.startswith("-") and "=" not in token]
        if any(not FINITE_TASK.match(task) for task in tasks):
            return None
    subcommands = RUNNERS[tokens[0]]
    if subcommands is not None and (len(tokens) < 2 or tokens[1] not in subcommands):
        return None
    if tokens[0] == "npm" and tokens[1] == "run" and (len(tokens) < 3 or not tokens[2].startswith(
            ("test", "build", "lint", "typecheck", "check"))):
        return None
    return FAMILIES.get(tokens[0], "generic")


def _activate_script(word: str) -> bool:
    """`…/bin/activate`: a venv's own script (what it runs is the user's, as without garrepa)."""
    return word == "bin/activate" or word.endswith("/bin/activate")


def _after_uv_run_options(tokens: list[str]) -> list[str]:
    """`uv run` and the command after the options uv knows (`uv run --frozen --with x pytest` →
    `uv run pytest`); an option not known here leaves the words as they are (no runner is
    found)."""
    if tokens[:2] != ["uv", "run"]:
        return tokens
    rest = tokens[2:]
    while rest and rest[0].startswith("-"):
        option = rest[0].split("=", 1)[0]
        if option in UV_RUN_VALUED and "=" not in rest[0]:
            rest = rest[2:]
        elif option in UV_RUN_VALUED or option in UV_RUN_FLAGS:
            rest = rest[1:]
        else:
            return tokens
    return ["uv", "run", *rest]


def _runner_named_by_path(word: str) -> str:
    """`.venv/bin/pytest` → `pytest`: a known runner in a bin folder named by its path; else the
    word unchanged. (`./gradlew` and `./mvnw` are runners by that name already.)"""
    folder, _, name = word.rpartition("/")
    if folder.rsplit("/", 1)[-1] in BIN_DIRS and name in RUNNERS and "/" not in name:
        return name
    return word


def not_a_run(tokens: list[str]) -> bool:
    """The command (its program first) prints something other than a run's log, or its exit
    status says nothing about one."""
    program, rest = tokens[0], tokens[1:]
    for token in rest:
        option = token.split("=", 1)[0] if token.startswith("--") else token
        if option in NOT_A_RUN or option in NOT_A_RUN_SHORT.get(program, frozenset()):
            return True
    words = [token for token in rest if not token.startswith("-")]
    return bool(words) and words[0] in NOT_A_RUN_WORDS.get(program, frozenset())


def changes_the_report(tokens: list[str]) -> bool:
    """The command (its program first) writes its report elsewhere, silences it or changes its
    form: the log would not be evidence of the run's outcome."""
    program, rest = tokens[0], tokens[1:]
    if program == "ruff":
        return not _ruff_keeps_its_report(rest[1:])
    shorts = REPORT_CHANGING_SHORT.get(program, ())
    for token in rest:
        if token == "--":
            break
        option = token.split("=", 1)[0] if token.startswith("--") else token
        if option in REPORT_CHANGING or (not token.startswith("--") and token.startswith(shorts)):
            return True
    if program in ("pytest", "py.test") and not _plugins_keep_the_report(rest):
        return True
    if program in ("pytest", "py.test") and _quietness(rest) >= 2:
        return True  # `-qq` drops pytest's summary line: no evidence of a pass is left
    return False


def _plugins_keep_the_report(options: list[str]) -> bool:
    """Every `-p NAME` / `-pNAME` of a pytest command line is in PYTEST_PLUGINS_KEPT."""
    for index, token in enumerate(options):
        if token == "--":
            break
        if token == "-p":
            if index + 1 == len(options) or options[index + 1] not in PYTEST_PLUGINS_KEPT:
                return False
        elif token.startswith("-p") and token[2:].lstrip("=") not in PYTEST_PLUGINS_KEPT:
            return False
    return True


def _quietness(options: list[str]) -> int:
    """How many `-q` a pytest command line gives (`-qq`, `-q -q`, `-xq`, `--quiet`)."""
    count = 0
    for token in options:
        if token == "--quiet":
            count += 1
        elif re.fullmatch(r"-[a-zA-Z]+", token):
            # a cluster's letters up to the first option that takes a value (`-kq`: -k "q")
            count += re.match(r"-[^kmpocnrW]*", token).group(0).count("q")  # type: ignore[union-attr]
    return count


def _ruff_keeps_its_report(options: list[str]) -> bool:
    """`ruff check`'s words after `check`: only RUFF_OPTIONS, `--output-format` full/concise."""
    expect_value = False
    for token in options:
        if expect_value:
            expect_value = False
            continue
        if token == "--":
            return True  # paths only from here
        if not token.startswith("-"):
            continue  # a path
        name, equals, value = token.partition("=")
        if name == "--output-format":
            if not equals:
                return False  # its value is the next word: refused rather than guessed
            if value not in RUFF_FORMATS:
                return False
            continue
        if name not in RUFF_OPTIONS:
            return False
        expect_value = name in RUFF_VALUED and not equals
    return True
