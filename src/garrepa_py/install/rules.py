"""The `if` rules of garrepa's hook entries: Claude Code does not start the hook at all for a
tool call no rule matches, so a Read of source code or a `git status` costs nothing.

Measured against Claude Code 2.1.328 (tests/e2e/test_claude_if_rules.py): rules use
permission-rule syntax and match case-insensitively; `Read(**/*.md)` matches at any depth,
inside and outside the project, for absolute and relative paths; `Read(**/README)` matches the
bare name at any depth (`Read(README)` alone misses files outside the project);
`Read(**/docs/**/*.html)` matches directly under and below any `docs` folder. Every handler
whose rule matches runs, so the rules are built disjoint: one per documentation extension, one
per extensionless name, html/htm under the html folders only when those extensions are not
documentation already. For Bash, leading `VAR=…` and `cd … &&` parts are stripped by Claude
Code; `Bash(git log*)` misses `git -C . log`, so each global option git accepts before the
subcommand gets its own rule.

Measured against 2.1.328 and 2.1.332 (tests/e2e/test_claude_log_forms.py): a command named by
its path misses a rule for its name (`.venv/bin/pytest` misses `Bash(pytest*)`, as
`/usr/bin/git` misses `Bash(git *)`), while a leading `*` works (`Bash(*bin/pytest*)` matches
`.venv/bin/pytest -q` and `/opt/x/bin/pytest`); for Bash the rule text is matched
case-sensitively (`.VENV/BIN/PYTEST` misses it); `source .venv/bin/activate && pytest` is split,
and its `pytest` part matches `Bash(pytest*)`. A leading `*` also matches a mention
(`echo .venv/bin/pytest` starts the hook, which passes it). Two rules match one command only
when a later word names a second form (`pytest tests/bin/pytest_x.py`, `git -c k=v diff log/`):
measured, both hooks return the same rewrite and Claude Code runs it once (one runner, one log),
so the cost is one extra process. `Bash(git -c * log*)` also starts the hook for
`git -c k=v commit -m "fix log"` (the route passes it); `git -c k=v commit -qm x` starts none.

A rule is a filter, never the guard: the hook re-checks every event as before.
"""

from __future__ import annotations

import re

from garrepa_py.config.settings import ReadSettings

SAFE_WORD = re.compile(r"[A-Za-z0-9_+-]+")
DIGESTED = ("diff", "log", "show", "blame")  # routes.git_command.DUMP_COMMANDS
GIT_GLOBAL_OPTIONS = ("-C", "-c", "-P", "--no-pager", "--git-dir", "--work-tree", "--namespace",
                      "--config-env", "--exec-path", "--no-optional-locks", "--literal-pathspecs",
                      "--no-replace-objects", "--bare", "--glob-pathspecs", "--noglob-pathspecs",
                      "--icase-pathspecs", "--no-advice")


def read_rules(read: ReadSettings) -> tuple[str, ...] | None:
    """One rule per kind of documentation file; None when a configured value cannot be written
    safely as a rule (then the Read handler has no `if` and the route decides alone)."""
    extensions, names, folders = (sorted(read.doc_extensions), sorted(read.doc_names),
                                  sorted(read.html_dirs))
    if not all(SAFE_WORD.fullmatch(word) for word in (*extensions, *names, *folders)):
        return None
    rules = [f"Read(**/*.{extension})" for extension in extensions]
    rules += [f"Read(**/{name})" for name in names]
    rules += [f"Read(**/{folder}/**/*.{extension})" for folder in folders
              for extension in ("html", "htm") if extension not in read.doc_extensions]
    return tuple(rules)


RULE_STARTS = ("pytest", "py.test", "python -m pytest", "python3 -m pytest", "python -m mypy",
               "python3 -m mypy", "python -m ruff", "python3 -m ruff", "python -m unittest",
               "python3 -m unittest", "mypy", "ruff check", "tox", "nox", "jest", "vitest", "tsc",
               "eslint", "make", "gradle", "./gradlew", "mvn", "./mvnw", "cargo test",
               "cargo build", "cargo check", "cargo clippy", "go test", "go build", "go vet",
               "npm test", "npm run", "docker build", "npx", "uv run", "poetry run",
               "pipenv run", "pdm run", "hatch run", "yarn", "pnpm")


PATH_PYTHON_MODULES = ("pytest", "mypy", "ruff", "unittest")  # `…/bin/python3 -m X`
PATH_NAMED = tuple(start for start in RULE_STARTS  # `…/bin/X`, `node_modules/.bin/X`
                   if start.split()[0] in ("pytest", "py.test", "mypy", "ruff", "tox", "nox",
                                           "jest", "vitest", "tsc", "eslint", "make", "gradle",
                                           "mvn", "cargo", "go", "npm", "docker"))


def log_rules() -> tuple[str, ...]:
    """The opt-in logs route's PreToolUse Bash rules, one per way a test or build run starts (leading
    `VAR=…` and `cd … &&` are stripped by Claude Code), and one per runner named by its path
    (`.venv/bin/pytest`, `.venv/bin/python -m pytest`, `node_modules/.bin/jest`). No start is a
    prefix of another and no path shape holds another, so one call matches one rule (every
    matching handler runs); the route re-checks every call."""
    rules = [f"Bash({start}*)" for start in RULE_STARTS]
    rules += [f"Bash(*bin/python* -m {module}*)" for module in PATH_PYTHON_MODULES]
    rules += [f"Bash(*bin/{start}*)" for start in PATH_NAMED]
    return tuple(rules)


def git_rules() -> tuple[str, ...]:
    """The git commands the route digests, and every form that puts options before them."""
    rules = [f"Bash(git {command}*)" for command in DIGESTED]
    for option in GIT_GLOBAL_OPTIONS:
        if option == "-c":  # `git -c k=v commit` starts no hook; `git -c k=v log` does
            rules += [f"Bash(git -c * {command}*)" for command in DIGESTED]
            continue
        rules.append(f"Bash(git {option} *)")
        if option.startswith("--"):
            rules.append(f"Bash(git {option}=*)")
    return tuple(rules)
