"""Builds the answerability task set (issue 27): copies the real inputs into inputs/ (xz), records
where each came from in MANIFEST.json, and writes tasks.jsonl after checking every answer string
occurs in its input. Run once by hand; the benchmark itself only reads what this committed.

    python benchmarks/answerability/build.py

Sources (all on the machine, built from registry artifacts): the docs/github/npm/logs/jslogs/
nativelogs corpora and the click/flask git repositories of .cache/corpus (their origins are in
tests/corpora/MANIFEST.json), tests/read/corpus (its own MANIFEST.json) and the command outputs
of tests/structural/corpus (grep/ls/find over the Django 5.0.6 sdist, pip and npm installs; its
SOURCES.json). A Grep tool result is the same search as the Bash `grep -rn` with the paths as
ripgrep prints them (no leading `./`), and a Grep under `django` its lines under `./django/`. Each task is written by
hand below, after reading the input: `key` is what the question names (a setting, a file, a test,
an issue number), `answer` the lines that settle it.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CACHE = REPO / ".cache" / "corpus"
READ_CORPUS = REPO / "tests" / "read" / "corpus"
COMMAND_CORPUS = REPO / "tests" / "structural" / "corpus"
INPUTS = HERE / "inputs"

# input name -> (file on this machine, corpus it came from)
DOCS = {
    "django-settings.txt": READ_CORPUS / "django-settings.txt",
    "django-querysets.txt": READ_CORPUS / "django-querysets.txt",
    "django-release-1.8.txt": READ_CORPUS / "django-release-1.8.txt",
    "celery-configuration.rst": READ_CORPUS / "celery-configuration.rst",
    "sphinx-configuration.rst": READ_CORPUS / "sphinx-configuration.rst",
    "sqlalchemy-migration_20.rst": READ_CORPUS / "sqlalchemy-migration_20.rst",
    "attrs-CHANGELOG.md": CACHE / "docs/attrs-23.2.0/CHANGELOG.md",
    # issue 35: API references (Sphinx directives), tasks written from the files alone
    "aiohttp-web_reference.rst": CACHE / "refdocs/aiohttp-3.11.11/docs/web_reference.rst",
    "aiohttp-client_reference.rst": CACHE / "refdocs/aiohttp-3.11.11/docs/client_reference.rst",
    "httpx-CHANGELOG.md": CACHE / "docs/httpx-0.27.0/CHANGELOG.md",
    "click-CHANGES.rst": CACHE / "docs/click-8.1.7/CHANGES.rst",
    "pytest-reference.rst": CACHE / "docs/pytest-8.2.0/doc/en/reference/reference.rst",
    "pytest-fixtures.rst": CACHE / "docs/pytest-8.2.0/doc/en/how-to/fixtures.rst",
    "pytest-deprecations.rst": CACHE / "docs/pytest-8.2.0/doc/en/deprecations.rst",
    "flask-CHANGES.rst": CACHE / "flask-repo/CHANGES.rst",
}
GIT = {  # input name -> (repository, command)
    "flask-log-p-3.txt": ("flask-repo", "git log -p -3"),
    "flask-diff-3.0.3-3.1.0.txt": ("flask-repo", "git diff HEAD~1 HEAD"),
    "flask-diff-3.0.0-3.0.3.txt": ("flask-repo", "git diff HEAD~2 HEAD~1"),
    "flask-show-3.0.0.txt": ("flask-repo", "git show HEAD~2"),
    "flask-log-stat.txt": ("flask-repo", "git log --stat"),
    "flask-diff-src.txt": ("flask-repo", "git diff HEAD~3 HEAD -- src/"),
    "click-diff-8.1.3-8.1.7.txt": ("gitrepo", "git diff HEAD~4 HEAD"),
    "click-show-8.1.4.txt": ("gitrepo", "git show HEAD~3"),
    "click-diff-8.1.6-8.1.7.txt": ("gitrepo", "git diff HEAD~1 HEAD"),
    "click-log-stat.txt": ("gitrepo", "git log --stat"),
}
LOGS = ["logs/pytest-three-failures", "logs/tape-three-failures", "logs/pytest-pass",
        "logs/tape-pass", "logs/pytest-quiet-failures", "jslogs/jest-failures",
        "jslogs/jest-real-failures", "jslogs/vitest-failures", "jslogs/jest-pass",
        "nativelogs/cargo-test-failures", "nativelogs/cargo-build-error",
        "nativelogs/go-test-failures", "nativelogs/go-build-error", "nativelogs/go-test-pass",
        "nativelogs/maven-test-failures", "nativelogs/cargo-test-pass"]
# Bash outputs of tests/structural/corpus (SOURCES.json: command, cwd, exit status)
COMMANDS = ["grep-rn-deprecat", "grep-rn-C2-warnings", "ls-laR", "find", "pip-install",
            "pip-install-fails", "npm-install", "npm-install-fails"]
GREP_TOOL = {  # input name -> (command output it is read from, the lines under, the Grep call)
    "grep-tool-deprecat": ("grep-rn-deprecat", "./", {"pattern": "deprecat", "path": "."}),
    "grep-tool-deprecat-django": ("grep-rn-deprecat", "./django/",
                                  {"pattern": "deprecat", "path": "django"}),
    "grep-tool-C2-warnings": ("grep-rn-C2-warnings", "",
                              {"pattern": "warnings.warn", "path": "django", "-C": 2}),
}
MCP = {  # input name -> (file, the MCP tool that would return it)
    "gh-issues-100.json": ("github/PaginatedList_testCustomPerPage-9.json",
                           "mcp__github__list_issues"),
    "gh-search-repos.json": ("github/Search_testSearchRepos-20.json",
                             "mcp__github__search_repositories"),
    "gh-advisories.json": ("github/RepositoryAdvisory_testGetAdvisories-9.json",
                           "mcp__github__list_repository_security_advisories"),
    "gh-commits.json": ("github/Repository_testGetCommitsWithSinceUntil-9.json",
                        "mcp__github__list_commits"),
    "gh-dependabot.json": ("github/Organization_testGetDependabotAlerts-9.json",
                           "mcp__github__list_dependabot_alerts"),
    "gh-users.json": ("github/Github_testGetUsers-20.json", "mcp__github__list_users"),
    "gh-pr-files.json": ("github/PullRequest_testGetFiles-9.json",
                         "mcp__github__get_pull_request_files"),
    "gh-workflow-runs.json": ("github/PullRequest2408_test_get_workflow_runs-20.json",
                              "mcp__github__list_workflow_runs"),
    "gh-open-issues.json": ("github/Issue33_testOpenIssues-9.json", "mcp__github__list_issues"),
    "gh-issue-events.json": ("github/Repository_testGetIssuesEvents-9.json",
                             "mcp__github__list_issue_events"),
    "gh-pulls.json": ("github/Issue131_testGetPullsWithOrgHeadUser-9.json",
                      "mcp__github__list_pull_requests"),
    "gh-search-issues.json": ("github/Search_testSearchIssues-9.json",
                              "mcp__github__search_issues"),
    "npm-vite.json": ("npm/vite.json", "mcp__npm__view"),
    "npm-typescript.json": ("npm/typescript.json", "mcp__npm__view"),
    "npm-react.json": ("npm/react.json", "mcp__npm__view"),
    "gh-repos.json": ("github/Github_testGetRepos-9.json", "mcp__github__list_repositories"),
}


def read(question: str, doc: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    return {"kind": "read", "source": {"path": f"inputs/docs/{doc}.xz"},
            "question": question, "key": key, "answer": answer}


def git(question: str, name: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    repo, command = GIT[name]
    return {"kind": "bash", "source": {"command": command, "cwd": repo,
                                       "output_file": f"inputs/git/{name}.xz", "exit_code": 0},
            "question": question, "key": key, "answer": answer}


def log(question: str, name: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    meta = json.loads((CACHE / f"{name}.json").read_text())
    return {"kind": "bash", "source": {"command": meta["command"], "cwd": name.split("/")[0],
                                       "output_file": f"inputs/logs/{Path(name).name}.log.xz",
                                       "exit_code": meta["exit_code"]},
            "question": question, "key": key, "answer": answer}


def command(question: str, name: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    meta = json.loads((COMMAND_CORPUS / "SOURCES.json").read_text())["outputs"][name]
    return {"kind": "command", "source": {"command": meta["command"], "cwd": meta["cwd"],
                                          "output_file": f"inputs/commands/{name}.txt.xz",
                                          "exit_code": meta["exit"]},
            "question": question, "key": key, "answer": answer}


def search(question: str, name: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    """A Grep in content mode with line numbers and no limit (`head_limit: 0`): the only way
    a Grep result gets large (the default cuts it to 250 lines)."""
    call = {**GREP_TOOL[name][2], "output_mode": "content", "-n": True, "head_limit": 0}
    return {"kind": "search", "source": {"tool": "Grep", "tool_input": call,
                                         "text_file": f"inputs/commands/{name}.txt.xz"},
            "question": question, "key": key, "answer": answer}


def mcp(question: str, name: str, key: list[str], answer: list[str]) -> dict[str, Any]:
    return {"kind": "mcp", "source": {"tool": MCP[name][1], "text_file": f"inputs/mcp/{name}.xz"},
            "question": question, "key": key, "answer": answer}


TASKS: list[tuple[str, dict[str, Any]]] = [
    # ---- documentation Reads
    ("read-django-data-upload", read(
        "What is the default of DATA_UPLOAD_MAX_MEMORY_SIZE?", "django-settings.txt",
        ["DATA_UPLOAD_MAX_MEMORY_SIZE"], ["Default: ``2621440`` (i.e. 2.5 MB)."])),
    ("read-django-session-age", read(
        "What is the default of SESSION_COOKIE_AGE?", "django-settings.txt",
        ["SESSION_COOKIE_AGE"], ["Default: ``1209600`` (2 weeks, in seconds)"])),
    ("read-django-skip-locked", read(
        "What is the signature of select_for_update(), and its default for skip_locked?",
        "django-querysets.txt", ["select_for_update"],
        ["select_for_update(nowait=False, skip_locked=False, of=(), no_key=False)"])),
    ("read-django18-emailfield", read(
        "In Django 1.8, what did the default EmailField.max_length become?",
        "django-release-1.8.txt", ["EmailField.max_length"],
        ["the ``max_length`` has been increased to 254"])),
    ("read-celery-prefetch", read(
        "What is the default of worker_prefetch_multiplier?", "celery-configuration.rst",
        ["worker_prefetch_multiplier"], ["The default is 4 (four messages for each"])),
    ("read-sphinx-nitpicky", read(
        "What does the nitpicky option do and what is its default?",
        "sphinx-configuration.rst", ["nitpicky"],
        ["Sphinx will warn about *all* references where the target cannot be",
         "Default is ``False``."])),
    ("read-sqlalchemy-python", read(
        "Which Python version does SQLAlchemy 2.0 need at minimum?",
        "sqlalchemy-migration_20.rst", ["Python 3"],
        ["2.0 however starts at Python 3.7."])),
    ("read-sqlalchemy-get", read(
        "Where does Query.get() move to in SQLAlchemy 2.0?", "sqlalchemy-migration_20.rst",
        ["Query.get"],
        ["primary interface is now the :meth:`_orm.Session.get` method"])),
    ("read-attrs-py36", read(
        "Which attrs release dropped Python 3.6?", "attrs-CHANGELOG.md", ["Python 3.6"],
        ["## [23.1.0](https://github.com/python-attrs/attrs/tree/23.1.0) - 2023-04-16",
         "- Python 3.6 has been dropped"])),
    ("read-httpx-py37", read(
        "Which httpx release dropped Python 3.7?", "httpx-CHANGELOG.md", ["Python 3.7"],
        ["## 0.25.0 (11th September, 2023)", "* Drop support for Python 3.7. (#2813)"])),
    ("read-click-latest", read(
        "What did click 8.1.7 fix?", "click-CHANGES.rst", ["Version 8.1.7"],
        ["Version 8.1.7", "Released 2023-08-17"])),
    ("read-click-terminal-size", read(
        "When was click.get_terminal_size() deprecated, and what replaces it?",
        "click-CHANGES.rst", ["get_terminal_size"],
        ["``click.get_terminal_size()`` is deprecated and will be removed in",
         "8.1. Use :func:`shutil.get_terminal_size` instead. :issue:`1736`"])),
    ("read-pytest-retention", read(
        "What is the default of the tmp_path_retention_count ini option?",
        "pytest-reference.rst", ["tmp_path_retention_count"], ["tmp_path_retention_count = 3",
                                                             "Default: ``3``"])),
    ("read-pytest-scopes", read(
        "Which fixture scopes does pytest have?", "pytest-fixtures.rst", ["Fixture scopes"],
        ["* ``function``: the default scope", "* ``session``: the fixture is destroyed"])),
    ("read-pytest-yield-fixture", read(
        "Since when is pytest.yield_fixture deprecated?", "pytest-deprecations.rst",
        ["yield_fixture"], ["``pytest.yield_fixture`` is a deprecated alias",
                            ".. deprecated:: 6.2"])),
    ("read-flask-version-attr", read(
        "Which Flask release deprecated the __version__ attribute?", "flask-CHANGES.rst",
        ["__version__"], ["Version 3.0.0", "Deprecate the ``__version__`` attribute."])),
    ("read-aiohttp-client-max-size", read(
        "What happens when a POST request exceeds the Application's client_max_size?",
        "aiohttp-web_reference.rst", ["client_max_size"],
        ["`HTTPRequestEntityTooLarge` exception."])),
    ("read-aiohttp-keepalive", read(
        "What is the server's default keepalive_timeout in AppRunner?",
        "aiohttp-web_reference.rst", ["keepalive_timeout"], ["Default: ``3630`` seconds"])),
    ("read-aiohttp-run-app-keepalive", read(
        "What keepalive_timeout does run_app use by default?", "aiohttp-web_reference.rst",
        ["run_app"], ["keepalive_timeout=3630"])),
    ("read-aiohttp-read-bufsize", read(
        "What is the default read_bufsize of a ClientSession?", "aiohttp-client_reference.rst",
        ["read_bufsize"], ["64 KiB by default."])),
    ("read-aiohttp-connector-limit", read(
        "How many simultaneous connections does a TCPConnector allow by default?",
        "aiohttp-client_reference.rst", ["TCPConnector"], ["(default: 100)"])),
    ("read-aiohttp-raise-for-status", read(
        "What does ClientSession's raise_for_status parameter do?",
        "aiohttp-client_reference.rst", ["raise_for_status"],
        ["Automatically call :meth:`ClientResponse.raise_for_status` for"])),
    # ---- git outputs
    ("git-flask-form-memory", git(
        "What default does Flask 3.1.0 give MAX_FORM_MEMORY_SIZE in src/flask/app.py?",
        "flask-diff-3.0.3-3.1.0.txt", ["src/flask/app.py", "MAX_FORM_MEMORY_SIZE"],
        ['"MAX_FORM_MEMORY_SIZE": 500_000,'])),
    ("git-flask-config-prefix", git(
        "How does src/flask/config.py strip the prefix in from_prefixed_env after 3.1.0?",
        "flask-diff-3.0.3-3.1.0.txt", ["src/flask/config.py"],
        ["+            key = key.removeprefix(prefix)"])),
    ("git-flask-automatic-options", git(
        "What new condition guards automatic OPTIONS in src/flask/sansio/app.py?",
        "flask-diff-3.0.3-3.1.0.txt", ["src/flask/sansio/app.py"],
        ['+            if "OPTIONS" not in methods and self.config["PROVIDE_AUTOMATIC_OPTIONS"]:'])),
    ("git-flask-log-300", git(
        "When was the 'Release flask 3.0.0' commit made and by whom?", "flask-log-p-3.txt",
        ["Release flask 3.0.0"], ["Release flask 3.0.0", "Thu Feb 2 12:00:00 2023 +0000",
                                  "02603060f94d583fb742db8a45e5afa9c415c100"])),
    ("git-flask-show-version", git(
        "Which __version__ line does the 3.0.0 commit remove from src/flask/__init__.py?",
        "flask-show-3.0.0.txt", ["src/flask/__init__.py"], ['-__version__ = "2.3.3"'])),
    ("git-flask-log-stat", git(
        "Did the 3.1.0 release commit touch src/flask/wrappers.py?", "flask-log-stat.txt",
        ["src/flask/wrappers.py"], ["src/flask/wrappers.py"])),
    ("git-flask-src-config", git(
        "What changes in src/flask/config.py between 2.3.3 and 3.1.0?", "flask-diff-src.txt",
        ["src/flask/config.py"], ["+            key = key.removeprefix(prefix)"])),
    ("git-flask-diff-303", git(
        "How does 3.0.3 change the type: ignore in stream_with_context (src/flask/helpers.py)?",
        "flask-diff-3.0.0-3.0.3.txt", ["src/flask/helpers.py"],
        ["+        gen = iter(generator_or_function)  # type: ignore[arg-type]"])),
    ("git-click-version", git(
        "What __version__ does src/click/__init__.py have after 8.1.3..8.1.7?",
        "click-diff-8.1.3-8.1.7.txt", ["src/click/__init__.py"],
        ['-__version__ = "8.1.3"', '+__version__ = "8.1.7"'])),
    ("git-click-core-exit", git(
        "How is Context.__exit__ annotated in src/click/core.py after 8.1.7?",
        "click-diff-8.1.3-8.1.7.txt", ["src/click/core.py"],
        ["+        exc_type: t.Optional[t.Type[BaseException]],"])),
    ("git-click-show-files", git(
        "Which files did the 'Release click 8.1.4' commit touch under docs/?",
        "click-show-8.1.4.txt", ["docs/"],
        ["docs/complex.rst", "docs/documentation.rst"])),
    ("git-click-show-compat", git(
        "What does the 8.1.4 commit change in src/click/_compat.py?", "click-show-8.1.4.txt",
        ["src/click/_compat.py"], ["diff --git a/src/click/_compat.py b/src/click/_compat.py"])),
    ("git-click-small-diff", git(
        "What version does 8.1.7's diff set in src/click/__init__.py?",
        "click-diff-8.1.6-8.1.7.txt", ["src/click/__init__.py"],
        ['+__version__ = "8.1.7"'])),
    ("git-click-log-stat", git(
        "Which release commit changed src/click/shell_completion.py?", "click-log-stat.txt",
        ["src/click/shell_completion.py"], ["src/click/shell_completion.py"])),
    # ---- test and build logs
    ("log-pytest-failed", log(
        "Which tests failed in this pytest run, and where?", "logs/pytest-three-failures",
        ["FAILED"], ["test_basic_functionality", "tests/test_basic.py:16",
                     "test_trailing_blanks_boolean_envvar", "tests/test_options.py:211"])),
    ("log-pytest-counts", log(
        "How many tests failed and passed?", "logs/pytest-three-failures", ["failed"],
        ["37 failed, 552 passed, 21 skipped, 1 xfailed"])),
    ("log-pytest-pass-count", log(
        "How many tests passed?", "logs/pytest-pass", ["passed"],
        ["589 passed, 21 skipped, 1 xfailed"])),
    ("log-pytest-quiet", log(
        "Which progressbar tests failed?", "logs/pytest-quiet-failures",
        ["FAILED", "test_progressbar"],
        ["test_progressbar_strip_regression", "tests/test_termui.py:38"])),
    ("log-tape-failed", log(
        "Which tape assertions failed?", "logs/tape-three-failures", ["not ok"],
        ["not ok 6 should not be deeply equivalent"])),
    ("log-tape-pass", log(
        "How many tape assertions passed?", "logs/tape-pass", ["# pass"], ["# pass  1699"])),
    ("log-jest-failed", log(
        "Which jest test of the Sorted State Adapter failed?", "jslogs/jest-failures",
        ["Sorted State Adapter"], ["should let you add one entity to the state"])),
    ("log-jest-real", log(
        "Which serializableStateInvariantMiddleware test failed?", "jslogs/jest-real-failures",
        ["serializableStateInvariantMiddleware"],
        ["Should log an error when a non-serializable action is dispatched"])),
    ("log-vitest-suite", log(
        "Which vitest suite failed to run?", "jslogs/vitest-failures", ["FAIL"],
        ["src/__tests__/queryCache.test.tsx"])),
    ("log-jest-pass", log(
        "How many jest tests passed?", "jslogs/jest-pass", ["Tests:"], ["279 passed", "301 total"])),
    ("log-cargo-panic", log(
        "Where does test_eq panic?", "nativelogs/cargo-test-failures", ["test_eq"],
        ["thread 'test_eq'", "tests/test_version.rs:149:5"])),
    ("log-cargo-result", log(
        "How many cargo tests failed?", "nativelogs/cargo-test-failures", ["test result"],
        ["test result: FAILED. 7 passed; 3 failed"])),
    ("log-cargo-build", log(
        "Where is the compile error?", "nativelogs/cargo-build-error", ["error"],
        ["src/display.rs:5"])),
    ("log-go-failed", log(
        "What line fails in TestSequenceMatcherRatio?", "nativelogs/go-test-failures",
        ["TestSequenceMatcherRatio"], ["difflib_test.go:14: 0.9950249 != 0.9000000"])),
    ("log-go-build", log(
        "Where is the go build error?", "nativelogs/go-build-error", ["build failed"],
        ["path.go:28"])),
    ("log-go-pass", log(
        "Did github.com/pmezard/go-difflib/difflib pass?", "nativelogs/go-test-pass",
        ["go-difflib/difflib"], ["ok  \tgithub.com/pmezard/go-difflib/difflib"])),
    ("log-maven-failed", log(
        "Where does JPypePackageNGTest fail?", "nativelogs/maven-test-failures",
        ["JPypePackageNGTest"], ["JPypePackageNGTest.java:51"])),
    # ---- other command outputs (issue 28's command route): searches, listings, installs
    ("command-grep-deprecation-module", command(
        "Which lines of django/utils/deprecation.py match?", "grep-rn-deprecat",
        ["django/utils/deprecation.py"],
        ["./django/utils/deprecation.py:21:", "./django/utils/deprecation.py:90:"])),
    ("command-grep-db-fields", command(
        "Which files under django/db/models/fields deprecate get_prefetch_queryset() or an "
        "encoded JSON string?", "grep-rn-deprecat", ["django/db/models"],
        ["./django/db/models/fields/related_descriptors.py:160:",
         "./django/db/models/fields/json.py:121:"])),
    ("command-grep-release-50", command(
        "What does docs/releases/5.0.txt say about cx_Oracle?", "grep-rn-deprecat",
        ["docs/releases/5.0.txt"], ["./docs/releases/5.0.txt:633:* Support for ``cx_Oracle`` "
                                    "is deprecated"])),
    ("command-grep-postgres", command(
        "Which django.contrib.postgres fields are deprecated?", "grep-rn-deprecat",
        ["django/contrib/postgres"], ["CICharField is deprecated", "CIEmailField is deprecated",
                                      "CITextField is deprecated"])),
    ("command-grep-runtests", command(
        "Where does tests/runtests.py mention deprecation?", "grep-rn-deprecat",
        ["tests/runtests.py"], ["./tests/runtests.py:46:# Make deprecation warnings errors"])),
    ("command-grep-C2-paginator", command(
        "What does django/core/paginator.py warn about?", "grep-rn-C2-warnings",
        ["django/core/paginator.py"],
        ["Pagination may yield inconsistent results with an unordered"])),
    ("command-grep-C2-hashers", command(
        "Which password hashers in django/contrib/auth/hashers.py warn that they are "
        "deprecated?", "grep-rn-C2-warnings", ["django/contrib/auth/hashers.py"],
        ["SHA1PasswordHasher is deprecated", "UnsaltedMD5PasswordHasher is deprecated"])),
    ("command-ls-handlers", command(
        "What is in django/core/handlers, and how big is base.py?", "ls-laR",
        ["django/core/handlers"], ["-rw-r--r--  1 root root 14813 Feb 15  2024 base.py",
                                   "-rw-r--r--  1 root root  5922 Feb 15  2024 exception.py"])),
    ("command-ls-admin-options", command(
        "What size and permissions has django/contrib/admin/options.py?", "ls-laR",
        ["django/contrib/admin"], ["-rw-r--r--   1 root root 99991 May  7  2024 options.py"])),
    ("command-ls-settings-size", command(
        "How big is docs/ref/settings.txt?", "ls-laR", ["docs/ref"],
        ["-rw-r--r--  1 root root 118968 May  7  2024 settings.txt"])),
    ("command-find-settings", command(
        "Does docs/ref/settings.txt appear in the find listing?", "find", ["docs/ref"],
        ["./docs/ref/settings.txt"])),
    ("command-find-js-admin", command(
        "Which test files are in js_tests/admin?", "find", ["js_tests/admin"],
        ["./js_tests/admin/SelectFilter2.test.js", "./js_tests/admin/URLify.test.js"])),
    ("command-pip-installed", command(
        "Which psycopg2 version was installed?", "pip-install", ["Successfully installed"],
        ["Successfully installed psycopg2-2.9.9"])),
    ("command-pip-fails", command(
        "Why did installing pycairo fail?", "pip-install-fails", ["error"],
        ["ERROR: Failed building wheel for pycairo",
         "Command '['pkg-config', '--print-errors', '--exists', 'cairo >= 1.15.10']' returned "
         "non-zero exit status 1."])),
    ("command-npm-added", command(
        "How many packages did npm add?", "npm-install", ["added"],
        ["added 99 packages in 5s"])),
    ("command-npm-audit", command(
        "Why did npm's audit request fail?", "npm-install", ["audit error"],
        ["405 Method Not Allowed"])),
    ("command-npm-notarget", command(
        "Which left-pad version was not found?", "npm-install-fails", ["notarget"],
        ["No matching version found for left-pad@99.99.99."])),
    # ---- Grep tool results (issue 28's search route)
    ("search-deprecation-module", search(
        "Which lines of django/utils/deprecation.py match?", "grep-tool-deprecat",
        ["django/utils/deprecation.py"],
        ["django/utils/deprecation.py:21:", "django/utils/deprecation.py:90:"])),
    ("search-hashers", search(
        "Which hashers does django/contrib/auth/hashers.py deprecate?", "grep-tool-deprecat",
        ["django/contrib/auth/hashers.py"],
        ["django.contrib.auth.hashers.SHA1PasswordHasher is deprecated.",
         "django.contrib.auth.hashers.UnsaltedMD5PasswordHasher is deprecated."])),
    ("search-internals-30", search(
        "Where does docs/internals/deprecation.txt start the features removed in 3.0?",
        "grep-tool-deprecat", ["docs/internals/deprecation.txt"],
        ["docs/internals/deprecation.txt:353:.. _deprecation-removed-in-3.0:"])),
    ("search-runtests", search(
        "Where does tests/runtests.py mention deprecation?", "grep-tool-deprecat",
        ["tests/runtests.py"], ["tests/runtests.py:46:# Make deprecation warnings errors"])),
    ("search-django-json", search(
        "What does django/db/models/fields/json.py deprecate?", "grep-tool-deprecat-django",
        ["django/db/models/fields/json.py"],
        ["Providing an encoded JSON string via Value() is depre"])),
    ("search-django-options", search(
        "Which Meta option does django/db/models/options.py deprecate?",
        "grep-tool-deprecat-django", ["django/db/models/options.py"],
        ["'index_together' is deprecated"])),
    ("search-C2-renderers", search(
        "Which form renderers in django/forms/renderers.py warn that they are deprecated?",
        "grep-tool-C2-warnings", ["django/forms/renderers.py"],
        ["The DjangoDivFormRenderer transitional form renderer is deprecated",
         "The Jinja2DivFormRenderer transitional form renderer is deprecated"])),
    ("search-C2-cache-key", search(
        "Which warning category does django/core/cache/backends/base.py pass to "
        "warnings.warn?", "grep-tool-C2-warnings", ["django/core/cache/backends/base.py"],
        ["warnings.warn(warning, CacheKeyWarning)"])),
    # ---- MCP results
    ("mcp-issue-title-deep", mcp(
        "What is the title of issue #1730?", "gh-issues-100.json", ["1730"],
        ["ofxiPhoneImagePicker has a deallocation bug/crash"])),
    ("mcp-issue-author-top", mcp(
        "Who opened issue #1923?", "gh-issues-100.json", ["1923"], ["cerupcat"])),
    ("mcp-search-stars", mcp(
        "How many stars does ralphbean/bugwarrior have?", "gh-search-repos.json",
        ["ralphbean/bugwarrior"], ['"stargazers_count":82'])),
    ("mcp-search-total", mcp(
        "How many repositories matched the search?", "gh-search-repos.json", ["total_count"],
        ["2723"])),
    ("mcp-advisory-cve", mcp(
        "What is the CVE of advisory GHSA-f4jh-ww96-9h9j?", "gh-advisories.json",
        ["GHSA-f4jh-ww96-9h9j"], ["CVE-2021-28100"])),
    ("mcp-commit-message", mcp(
        "What is the message of commit d9b29851ddccc907f71f1ae662e57f2cd7c7dc71?",
        "gh-commits.json", ["d9b29851ddccc907f71f1ae662e57f2cd7c7dc71"],
        ["Fix tests for Python 2.5"])),
    ("mcp-dependabot-package", mcp(
        "Which package does Dependabot alert #6 concern?", "gh-dependabot.json",
        ['"number":6'], ["axios"])),
    ("mcp-user-id", mcp(
        "What is the profile page of user jeremy?", "gh-users.json", ["jeremy"],
        ["https://github.com/jeremy"])),
    ("mcp-pr-file-additions", mcp(
        "How many additions does src/github/PullRequestComment.py have in the PR?",
        "gh-pr-files.json", ["src/github/PullRequestComment.py"], ['"additions":11,'])),
    ("mcp-workflow-run", mcp(
        "What did workflow run 2802601268 conclude?", "gh-workflow-runs.json",
        ["2802601268"], ["Email Integration Test", "2022-08-05T09:20:27Z", "success"])),
    ("mcp-open-issue-title", mcp(
        "What is the title of issue #1235?", "gh-open-issues.json", ["1235"],
        ["no get methods for ofSoundPlayer"])),
    ("mcp-issue-event", mcp(
        "What kind of event is 13988647, and when did it happen?", "gh-issue-events.json",
        ["13988647"], ["2012-04-23T20:23:29Z", "closed"])),
    ("mcp-pull-branch", mcp(
        "What is the head branch of pull request #217?", "gh-pulls.json", ["217"],
        ["rebased/develop/jenkins_testing"])),
    ("mcp-search-issue", mcp(
        "What is the state of issue #1579 in the search?", "gh-search-issues.json", ["1579"],
        ["[Application] [Extension] Added two permission APIs.", "closed"])),
    ("mcp-npm-vite-node", mcp(
        "Which Node versions does vite declare in engines?", "npm-vite.json", ["engines"],
        ["^20.19.0 || >=22.12.0"])),
    ("mcp-npm-ts-latest", mcp(
        "What is the latest dist-tag of typescript?", "npm-typescript.json", ["dist-tags"],
        ["7.0.2"])),
    ("mcp-npm-react-next", mcp(
        "When was react 18.2.0 published?", "npm-react.json", ["18.2.0"],
        ['"18.2.0":"2024-02-23T22:24:13.654000+00:00"'])),
    ("mcp-repo-description", mcp(
        "What is the description of chneukirchen/gitsum?", "gh-repos.json",
        ["chneukirchen/gitsum"], ["basic darcsum feelalike for Git"])),
]


def _xz(data: bytes, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))


def build() -> None:
    manifest: dict[str, Any] = {
        "about": "Inputs of benchmarks/answerability.py (issue 27), copied or computed from real "
                 "registry artifacts. sha256 and bytes are the input's own (uncompressed); the "
                 "other fields say where it came from: package, version, artifact and its "
                 "sha256, or the corpus of tests/corpora/MANIFEST.json with its sources.",
        "inputs": {}}
    origins = json.loads((REPO / "tests/corpora/MANIFEST.json").read_text())
    read_origins = {e["file"]: e for e in json.loads((READ_CORPUS / "MANIFEST.json").read_text())}
    texts: dict[str, str] = {}

    def record(rel: str, data: bytes, origin: dict[str, Any]) -> None:
        _xz(data, HERE / rel)
        texts[rel] = data.decode("utf-8", "replace")
        manifest["inputs"][rel] = {**origin, "bytes": len(data),
                                   "sha256": hashlib.sha256(data).hexdigest()}

    for name, path in DOCS.items():
        if path.is_relative_to(READ_CORPUS):
            e = read_origins[path.name]
            origin = {"package": e["package"], "version": e["version"], "artifact": e["sdist"],
                      "artifact_sha256": e["sdist_sha256"], "path": e["path"]}
        else:
            corpus = "flask" if "flask-repo" in str(path) else \
                "refdocs" if "refdocs/" in str(path) else "docs"
            origin = {"corpus": corpus, "path": str(path.relative_to(CACHE)),
                      "sources": origins[corpus]["sources"]}
        record(f"inputs/docs/{name}.xz", path.read_bytes(), origin)
    for name, (repo, command) in GIT.items():
        out = subprocess.run(command.split(), cwd=CACHE / repo, capture_output=True,
                             check=True).stdout
        corpus = {"flask-repo": "flask", "gitrepo": "gitrepo"}[repo]
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=CACHE / repo,
                              capture_output=True, text=True, check=True).stdout.strip()
        record(f"inputs/git/{name}.xz", out,
               {"corpus": corpus, "command": command, "repo_head": head,
                "sources": origins[corpus]["sources"]})
    for name in LOGS:
        corpus = name.split("/")[0]
        meta = json.loads((CACHE / f"{name}.json").read_text())
        record(f"inputs/logs/{Path(name).name}.log.xz", (CACHE / f"{name}.log").read_bytes(),
               {"corpus": corpus, "command": meta["command"], "exit_code": meta["exit_code"],
                "sources": origins[corpus].get("sources"),
                "toolchains": origins[corpus].get("toolchains")})
    command_sources = json.loads((COMMAND_CORPUS / "SOURCES.json").read_text())
    outputs: dict[str, bytes] = {}
    for name in COMMANDS:
        meta = command_sources["outputs"][name]
        outputs[name] = lzma.decompress((COMMAND_CORPUS / f"{name}.txt.xz").read_bytes())
        record(f"inputs/commands/{name}.txt.xz", outputs[name], {
            "corpus": "tests/structural/corpus", "command": meta["command"], "cwd": meta["cwd"],
            "exit_code": meta["exit"], "sources": command_sources["sources"]})
    for name, (of, under, call) in GREP_TOOL.items():
        kept = [line.removeprefix(b"./") for line in outputs[of].split(b"\n")
                if line.startswith(under.encode())]
        record(f"inputs/commands/{name}.txt.xz", b"\n".join(kept), {
            "corpus": "tests/structural/corpus", "derived_from": f"inputs/commands/{of}.txt.xz",
            "tool": "Grep", "tool_input": call,
            "how": (f"the lines starting {under!r}, a leading './' removed (ripgrep's paths)"
                    if under else "as grep printed it: the same lines ripgrep prints"),
            "sources": command_sources["sources"]})
    for name, (rel, tool) in MCP.items():
        corpus = rel.split("/")[0]
        raw = json.dumps(json.loads((CACHE / rel).read_text()), separators=(",", ":"),
                         ensure_ascii=False)  # as an MCP server returns it: compact JSON
        record(f"inputs/mcp/{name}.xz", raw.encode(), {
            "corpus": corpus, "path": rel, "tool": tool,
            "sources": origins[corpus].get("sources")})
    problems = []
    lines = []
    for task_id, task in TASKS:
        src = task["source"]
        rel = src.get("path") or src.get("output_file") or src["text_file"]
        text = texts[rel]
        # MCP answers are written against the compact JSON every arm's saved file holds (the
        # reader ignores the blank after a JSON colon, so the laid-out copies match too)
        for answer in task["answer"]:
            if answer not in text:
                problems.append(f"{task_id}: answer {answer!r} not in {rel}")
        for key in task["key"]:
            if key.lower() not in text.lower():
                problems.append(f"{task_id}: key {key!r} not in {rel}")
        lines.append(json.dumps({"id": task_id, **task}, ensure_ascii=False))
    if problems:
        sys.exit("\n".join(problems))
    (HERE / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    (HERE / "MANIFEST.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{len(lines)} tasks, {len(texts)} inputs, "
          f"{sum(p.stat().st_size for p in INPUTS.rglob('*.xz')):,} bytes compressed")


if __name__ == "__main__":
    build()
