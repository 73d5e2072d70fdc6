"""Builders of the real-world corpora, from public registries and real toolchain runs.

The tests never run these: they read the committed archives under tests/corpora/ through
tests/support/corpora.py. `scripts/build_corpora.py KIND` runs a builder here in a temporary
folder, validates what it made, packs it and pins it in tests/corpora/MANIFEST.json.
Kinds (the builder's names):
    docs       docs and changelogs from PyPI sdists
    prose      the docs/ trees of five more sdists (the secret guard's prose precision)
    refdocs    the docs/ trees of aiohttp and marshmallow (API entries a Read map reaches)
    datatext   data shipped under documentation names (.txt pins, word lists), and one RST .txt
    github     GitHub REST responses recorded in PyGithub's sdist
    npm        `npm view <package> --json` documents
    gitrepo    a git repository, one commit per click release
    requests   the same for requests 2.31.0 and 2.32.3
    flask      the same for flask 2.3.3 … 3.1.0
    logs       pytest, mypy, ruff, tape and tsc runs (click, qs, …)
    jslogs     jest and vitest runs of real npm packages' suites
    nativelogs cargo, go, make + cc and Maven runs
Benchmark-only corpora are still built on demand into .cache/corpus/ (no test uses them):
    python tests/support/corpus.py github3   → large GitHub responses from github3.py
and release_repo() for the secret-* repositories of benchmarks/secret_precision.py and
tests/security/secret_diffs/build.py.
Files are fetched through the package index's simple API and checked against its sha256.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".cache" / "corpus"
SDISTS = CACHE / "sdists"  # downloads, shared by every build (each checked by its sha256)
INDEX = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")

# Projects whose sdists carry real documentation and changelogs, Markdown and reStructuredText.
DOC_SDISTS = (("pytest", "8.2.0"), ("click", "8.1.7"), ("httpx", "0.27.0"), ("attrs", "23.2.0"),
              ("rich", "13.7.1"))
DOC_PATTERN = re.compile(r"(?i)(\.(md|mdx|markdown|rst|txt|adoc|org)|/(readme|changelog|changes|"
                         r"license|authors|notice)[^/]*)$")


def sdist(name: str, version: str) -> Path:
    target = SDISTS / f"{name}-{version}.tar.gz"
    if target.exists():
        return target
    url, digest = _sdist_link(name, version)
    data = urllib.request.urlopen(url, timeout=120).read()
    if hashlib.sha256(data).hexdigest() != digest:
        raise RuntimeError(f"sha256 mismatch for {url}")
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(".part")
    temporary.write_bytes(data)
    temporary.replace(target)
    _source_file(target).write_text(json.dumps({"url": url, "sha256": digest}) + "\n")
    return target


def _sdist_link(name: str, version: str) -> tuple[str, str]:
    """(download URL, sha256) of an sdist, as the package index lists it."""
    page = urllib.request.urlopen(f"{INDEX}/{name}/", timeout=60).read().decode()
    pattern = rf'href="([^"]*/{re.escape(name)}-{re.escape(version)}\.tar\.gz)#sha256=([0-9a-f]+)"'
    match = re.search(pattern, page, re.I)
    if match is None:
        raise RuntimeError(f"no sdist for {name} {version} on {INDEX}")
    url, digest = match.groups()
    return url, digest


def _source_file(target: Path) -> Path:
    return target.with_name(target.name + ".source.json")


def sdist_source(name: str, version: str) -> dict[str, str]:
    """Where an sdist came from, for a manifest: package, version, URL and the sha256 of the
    file (checked against the index when no download recorded the URL). It must be fetched."""
    target = SDISTS / f"{name}-{version}.tar.gz"
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    recorded = _source_file(target)
    if recorded.exists():
        url = json.loads(recorded.read_text())["url"]
    else:
        url, listed = _sdist_link(name, version)
        if listed != digest:
            raise RuntimeError(f"{target} is not the sdist {INDEX} lists for {name} {version}")
        recorded.write_text(json.dumps({"url": url, "sha256": digest}) + "\n")
    return {"package": name, "version": version, "url": url.split("#")[0], "sha256": digest}


def docs() -> Path:
    """Every documentation file of DOC_SDISTS, under .cache/corpus/docs/<sdist>/<path>."""
    root = CACHE / "docs"
    done = root / ".complete"
    if done.exists():
        return root
    for name, version in DOC_SDISTS:
        with tarfile.open(sdist(name, version)) as archive:
            for member in archive.getmembers():
                if not member.isfile() or not DOC_PATTERN.search(member.name):
                    continue
                if ".." in Path(member.name).parts or member.name.startswith("/"):
                    continue
                source = archive.extractfile(member)
                if source is None:
                    continue
                target = root / member.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
    done.write_text("\n".join(f"{n}=={v}" for n, v in DOC_SDISTS) + "\n")
    return root


# Projects whose sdists carry their whole docs/ tree (the prose the secret guard must leave alone).
PROSE_SDISTS = (("flask", "3.0.3"), ("jinja2", "3.1.4"), ("werkzeug", "3.0.3"),
                ("structlog", "24.1.0"), ("itsdangerous", "2.2.0"))


def prose() -> Path:
    """The docs/ tree (documents only) of each of PROSE_SDISTS, under .cache/corpus/prose/."""
    root = CACHE / "prose"
    done = root / ".complete"
    if done.exists():
        return root
    for name, version in PROSE_SDISTS:
        with tarfile.open(sdist(name, version)) as archive:
            for member in archive.getmembers():
                parts = Path(member.name).parts
                if not member.isfile() or len(parts) < 3 or parts[1] != "docs" \
                        or not DOC_PATTERN.search(member.name) or ".." in parts:
                    continue
                source = archive.extractfile(member)
                if source is None:
                    continue
                target = root / member.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
    done.write_text("\n".join(f"{n}=={v}" for n, v in PROSE_SDISTS) + "\n")
    return root


# API reference documents nobody here wrote (issue 35): Sphinx directives (`.. class::`,
# `.. attribute::`, `.. method::` with their parameters), big tables and definition lists, the
# entries a Read map must reach (structural/doc/entries.py). Their docs/ trees, documents only.
REFDOC_SDISTS = (("aiohttp", "3.11.11"), ("marshmallow", "3.21.1"))


def refdocs() -> Path:
    """The docs/ tree (documents only) of each of REFDOC_SDISTS, under .cache/corpus/refdocs/."""
    return _docs_trees("refdocs", REFDOC_SDISTS)


def _docs_trees(kind: str, sdists: tuple[tuple[str, str], ...]) -> Path:
    root = CACHE / kind
    done = root / ".complete"
    if done.exists():
        return root
    for name, version in sdists:
        with tarfile.open(sdist(name, version)) as archive:
            for member in archive.getmembers():
                parts = Path(member.name).parts
                if not member.isfile() or len(parts) < 3 or parts[1] != "docs" \
                        or not DOC_PATTERN.search(member.name) or ".." in parts:
                    continue
                source = archive.extractfile(member)
                if source is None:
                    continue
                target = root / member.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
    done.write_text("\n".join(f"{n}=={v}" for n, v in sdists) + "\n")
    return root


# Data that sdists ship under a documentation name (.txt, a bare AUTHORS): pins, word and id
# lists, a name list under one heading; and a doctest file that is reStructuredText in .txt
# (the control: a document). The Read route must pass the data whole and map the document.
DATA_FILES: dict[tuple[str, str], tuple[str, ...]] = {
    ("aiohttp", "3.11.11"): ("requirements/constraints.txt", "CONTRIBUTORS.txt",
                             "docs/spelling_wordlist.txt", "tests/sample.txt"),
    ("hypothesis", "6.100.0"): ("src/hypothesis/vendor/tlds-alpha-by-domain.txt",),
    ("codespell", "2.3.0"): ("codespell_lib/data/dictionary_en-GB_to_en-US.txt",),
    ("Babel", "2.14.0"): ("Babel.egg-info/SOURCES.txt",),
    ("pip", "24.0"): ("AUTHORS.txt",),
    ("setuptools", "69.5.1"): ("pkg_resources/api_tests.txt",),
}


def datatext() -> Path:
    """The DATA_FILES of each sdist, under .cache/corpus/datatext/<name>-<version>/<path>."""
    root = CACHE / "datatext"
    done = root / ".complete"
    if done.exists():
        return root
    for (name, version), wanted in DATA_FILES.items():
        with tarfile.open(sdist(name, version)) as archive:
            for member in archive.getmembers():
                inner = "/".join(Path(member.name).parts[1:])
                if not member.isfile() or inner not in wanted:
                    continue
                source = archive.extractfile(member)
                if source is None:
                    continue
                target = root / f"{name}-{version}" / inner
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
    done.write_text("".join(f"{n}=={v}\n" for n, v in DATA_FILES))
    return root


GITHUB_SDIST = ("PyGithub", "2.3.0")
NPM_PACKAGES = ("react", "typescript", "express", "lodash", "eslint", "vite")
MIN_RESPONSE_CHARS = 2000


def _json_corpus(name: str, spec: tuple[str, str], folder: str, min_chars: int,
                 bodies: Callable[[bytes], Iterator[tuple[int, str]]]) -> Path:
    """Every distinct JSON body of at least `min_chars` that `bodies` finds in the files under
    `folder` of an sdist, one file per body, under .cache/corpus/<name>/."""
    root = CACHE / name
    done = root / ".complete"
    if done.exists():
        return root
    root.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    with tarfile.open(sdist(*spec)) as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            source = archive.extractfile(member) if folder in member.name else None
            if source is None:
                continue
            for number, body in bodies(source.read()):
                if len(body) < min_chars or body in seen:
                    continue
                try:
                    json.loads(body)
                except ValueError:
                    continue
                seen.add(body)
                stem = Path(member.name).stem.replace(".", "_")
                (root / f"{stem}-{number}.json").write_text(body)
    done.write_text(f"{spec[0]}=={spec[1]}: {len(seen)} responses\n")
    return root


def _replay_lines(data: bytes) -> Iterator[tuple[int, str]]:
    """PyGithub's ReplayData: one response body per line among the request lines."""
    for number, line in enumerate(data.decode("utf-8", "replace").split("\n")):
        body = line.strip()
        if body[:1] in ("[", "{"):
            yield number, body


def _cassette_bodies(data: bytes) -> Iterator[tuple[int, str]]:
    """A betamax cassette: each interaction's response body, plain or base64 (gzipped)."""
    import base64
    import gzip

    try:
        cassette = json.loads(data)
    except ValueError:
        return
    for number, interaction in enumerate(cassette.get("http_interactions", [])):
        body = interaction.get("response", {}).get("body", {})
        text = body.get("string") or ""
        if not text and body.get("base64_string"):
            raw = base64.b64decode(body["base64_string"])
            try:
                raw = gzip.decompress(raw)
            except OSError:
                pass
            text = raw.decode("utf-8", "replace")
        yield number, text


def github() -> Path:
    """Each JSON response body over 2,000 chars in PyGithub's ReplayData, one file per body."""
    return _json_corpus("github", GITHUB_SDIST, "/tests/ReplayData/", MIN_RESPONSE_CHARS,
                        _replay_lines)


GITHUB3_SDIST = ("github3.py", "4.0.1")
BIG_RESPONSE_CHARS = 32_000


def github3() -> Path:
    """Each JSON response body of 32,000 chars or more in github3.py's betamax cassettes: the
    benchmark's held-out corpus of large GitHub results (no test uses it)."""
    return _json_corpus("github3", GITHUB3_SDIST, "/tests/cassettes/", BIG_RESPONSE_CHARS,
                        _cassette_bodies)


def npm() -> Path:
    root = CACHE / "npm"
    root.mkdir(parents=True, exist_ok=True)
    for package in NPM_PACKAGES:
        target = root / f"{package}.json"
        if target.exists():
            continue
        out = subprocess.run(["npm", "view", package, "--json"], capture_output=True, text=True,
                             timeout=120, check=True).stdout
        json.loads(out)
        target.write_text(out)
    return root


GIT_RELEASES = ("8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7")


def gitrepo() -> Path:
    """click's sdists as consecutive commits, so diffs and logs are real code changes.

    Authors and dates are fixed, so the commit SHAs are the same on every machine.
    """
    return release_repo("click", GIT_RELEASES, "gitrepo")


REQUESTS_RELEASES = ("2.31.0", "2.32.3")


def requests_repo() -> Path:
    """requests 2.31.0 then 2.32.3: a real diff with test certificates and `password` code."""
    return release_repo("requests", REQUESTS_RELEASES, "requests-repo")


FLASK_RELEASES = ("2.3.3", "3.0.0", "3.0.3", "3.1.0")


def flask_repo() -> Path:
    """flask 2.3.3, 3.0.0, 3.0.3 and 3.1.0: a mid-size framework's release diffs (its main
    module, CLI, changelog, tests, examples and requirements files all change)."""
    return release_repo("flask", FLASK_RELEASES, "flask-repo")


def release_repo(name: str, versions: tuple[str, ...], folder: str) -> Path:
    import shutil

    root = CACHE / folder
    if (root / ".git" / "garrepa-complete").exists():
        return root
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    git = ["git", "-C", str(root), "-c", "user.name=Release Bot", "-c",
           "user.email=releases@example.com", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    for day, version in enumerate(versions, start=1):
        for child in root.iterdir():
            if child.name != ".git":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
        with tarfile.open(sdist(name, version)) as archive:
            prefix = f"{name}-{version}/"
            for member in archive.getmembers():
                if not member.name.startswith(prefix) or not member.isfile():
                    continue
                relative = member.name[len(prefix):]
                if ".." in Path(relative).parts or member.name.startswith("/"):
                    continue
                source = archive.extractfile(member)
                if source is None:
                    continue
                target = root / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
        stamp = f"2023-0{day}-0{day}T12:00:00+00:00"
        env = dict(os.environ, GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        subprocess.run(git + ["add", "-A"], check=True, env=env)
        subprocess.run(git + ["commit", "-q", "-m", f"Release {name} {version}", "-m",
                              f"Import the {name} {version} sdist from PyPI."], check=True, env=env)
    (root / ".git" / "garrepa-complete").write_text("\n".join(versions) + "\n")
    return root


# Test and build logs: click 8.1.7's own test suite and sources, run for real, some with a fault
# put in (an assertion flipped, a syntax error, a type error). Each log is kept with its command,
# its real exit code and, for pytest, the failing tests as pytest's JUnit XML names them.
LOG_RUNS: dict[str, tuple[list[str], dict[str, tuple[str, str]]]] = {
    "pytest-pass": (["-m", "pytest", "tests", "-v"], {}),
    "pytest-three-failures": (["-m", "pytest", "tests", "-v"], {
        "tests/test_basic.py": ("assert not result.exception", "assert result.exception"),
        "tests/test_options.py": ("assert result.exit_code == 0", "assert result.exit_code == 3"),
        "tests/test_utils.py": ("assert click.unstyle(", "assert not click.unstyle(")}),
    "pytest-collection-error": (["-m", "pytest", "tests", "-v"], {
        "tests/test_chain.py": ("import pytest", "import pytest +")}),
    "pytest-quiet-failures": (["-m", "pytest", "tests", "-q"], {
        "tests/test_termui.py": ("assert ", "assert not ")}),
    "mypy-type-error": (["-m", "mypy", "--no-incremental", "src/click/utils.py"], {
        "src/click/utils.py": ("def make_str(value: t.Any) -> str:",
                               "def make_str(value: t.Any) -> int:")}),
    "mypy-clean": (["-m", "mypy", "--no-incremental", "src/click/globals.py"], {}),
    "ruff-errors": (["-m", "ruff", "check", "--no-cache", "--select", "E,F,B", "src"], {}),
    "ruff-clean": (["-m", "ruff", "check", "--no-cache", "--select", "F401", "src/click/_textwrap.py"], {}),
}


def logs() -> Path:
    """Each LOG_RUNS entry as <name>.log (stdout and stderr as one stream) and <name>.json."""
    import xml.etree.ElementTree as ElementTree

    root = CACHE / "logs"
    done = root / ".complete"
    if done.exists():
        return root
    root.mkdir(parents=True, exist_ok=True)
    for name, (arguments, faults) in LOG_RUNS.items():
        work = root / f"{name}.work"
        if work.exists():
            subprocess.run(["rm", "-rf", str(work)], check=True)
        work.mkdir()
        with tarfile.open(sdist("click", "8.1.7")) as archive:
            archive.extractall(work, filter="data")
        tree = work / "click-8.1.7"
        for relative, (old, new) in faults.items():
            path = tree / relative
            text = path.read_text()
            count = 1 if name != "pytest-quiet-failures" else 4
            path.write_text(text.replace(old, new, count))
        junit = work / "junit.xml"
        extra = ["-p", "no:cacheprovider", "-W", "ignore::pytest.PytestRemovedIn10Warning",
                 f"--junitxml={junit}"] if "pytest" in arguments else []
        env = dict(os.environ, PYTHONPATH=str(tree / "src"), COLUMNS="100")
        env.pop("PYTEST_ADDOPTS", None)
        done_run = subprocess.run([sys.executable, *arguments, *extra], cwd=tree, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600,
                                  check=False)
        failing: list[str] = []
        if junit.exists():
            for case in ElementTree.parse(junit).getroot().iter("testcase"):
                if case.find("failure") is not None or case.find("error") is not None:
                    failing.append(f"{case.get('classname')}::{case.get('name')}")
        (root / f"{name}.log").write_bytes(done_run.stdout)
        (root / f"{name}.json").write_text(json.dumps({
            "command": " ".join(["python", *arguments]), "exit_code": done_run.returncode,
            "failing": failing}, indent=1))
        subprocess.run(["rm", "-rf", str(work)], check=True)
    _npm_logs(root)
    done.write_text("click 8.1.7, qs 6.17.1 and tiny-invariant 1.3.3 logs\n")
    return root


QS_TEST_DEPS = ("es-value-fixtures", "for-each", "has-bigints", "has-override-mistake",
                "has-property-descriptors", "has-proto", "has-symbols", "iconv-lite",
                "mock-property", "object-inspect", "safer-buffer", "tape")


def _npm_package(work: Path, npm: str, spec: str, tools: tuple[str, ...]) -> tuple[Path, Path]:
    """(work folder, unpacked package) for an npm package from the registry, with `tools`
    installed beside it (its own devDependencies and scripts dropped: only what is named runs)."""
    if work.exists():
        subprocess.run(["rm", "-rf", str(work)], check=True)
    work.mkdir()
    subprocess.run([npm, "pack", spec, "--silent"], cwd=work, check=True, capture_output=True,
                   timeout=300)
    with tarfile.open(next(work.glob("*.tgz"))) as archive:
        archive.extractall(work, filter="data")
    package = work / "package"
    manifest = json.loads((package / "package.json").read_text())
    for key in ("devDependencies", "scripts"):
        manifest.pop(key, None)
    (package / "package.json").write_text(json.dumps(manifest))
    subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts",
                    *tools], cwd=package, check=True, capture_output=True, timeout=600)
    return work, package


def _npm_logs(root: Path) -> None:
    """qs 6.17.1 from npm, its own tape suite (1,699 assertions), as it is and with three
    assertions flipped; skipped where npm is not installed."""
    import shutil

    npm = shutil.which("npm")
    if npm is None:
        return
    work, package = _npm_package(root / "qs.work", npm, "qs@6.17.1", QS_TEST_DEPS)
    command = ["node", "node_modules/.bin/tape", "test/**/*.js"]
    for name, flip in (("tape-pass", False), ("tape-three-failures", True)):
        parse = package / "test" / "parse.js"
        original = parse.read_text()
        if flip:
            parse.write_text(original.replace("st.deepEqual(", "st.notDeepEqual(", 3))
        done = subprocess.run(command, cwd=package, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=600, check=False)
        parse.write_text(original)
        failing = [line[7:].strip() for line in done.stdout.decode("utf-8", "replace").split("\n")
                   if line.startswith("not ok ")]
        (root / f"{name}.log").write_bytes(done.stdout)
        (root / f"{name}.json").write_text(json.dumps({
            "command": "npx tape 'test/**/*.js'", "exit_code": done.returncode,
            "failing": failing, "format": "tap"}, indent=1))
    subprocess.run(["rm", "-rf", str(work)], check=True)
    _tsc_logs(root, npm)


def _tsc_logs(root: Path, npm: str) -> None:
    """tiny-invariant 1.3.3's TypeScript source from npm, checked by the real tsc: clean (with
    Node's types named, and found by default), and with a type changed (three errors), plain and
    --pretty."""
    work, package = _npm_package(root / "tsc.work", npm, "tiny-invariant@1.3.3",
                                 ("typescript@5", "@types/node"))
    source = package / "src" / "tiny-invariant.ts"
    tsc = ["node", "node_modules/.bin/tsc", "--noEmit", "--strict"]
    runs = {"tsc-clean": (["--types", "node"], False), "tsc-default-types": ([], False),
            "tsc-type-errors": (["--types", "node"], True),
            "tsc-type-errors-pretty": (["--types", "node", "--pretty"], True)}
    original = source.read_text()
    for name, (flags, fault) in runs.items():
        source.write_text(original.replace("const prefix: string", "const prefix: number")
                          if fault else original)
        done = subprocess.run([*tsc, *flags, "src/tiny-invariant.ts"], cwd=package,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300,
                              check=False)
        (root / f"{name}.log").write_bytes(done.stdout)
        (root / f"{name}.json").write_text(json.dumps({
            "command": "npx tsc " + " ".join(tsc[2:] + flags), "exit_code": done.returncode,
            "failing": []}, indent=1))
    subprocess.run(["rm", "-rf", str(work)], check=True)


def jslogs() -> Path:
    """jest and vitest logs from real npm packages' own suites, ESLint on one's sources
    (support/build_logs.py)."""
    import shutil

    from build_logs import eslint, jest, vitest  # type: ignore[import-not-found]

    root = CACHE / "jslogs"
    done = root / ".complete"
    if done.exists():
        return root
    root.mkdir(parents=True, exist_ok=True)
    npm_tool = shutil.which("npm")
    if npm_tool is not None:
        jest(root, npm_tool, _npm_package)
        vitest(root, npm_tool, _npm_package)
        eslint(root, npm_tool, _npm_package)
    done.write_text("@reduxjs/toolkit 1.9.7 (jest), @tanstack/query-core 5.59.0 (vitest), "
                    "qs 6.17.1 (eslint)\n")
    return root


def nativelogs() -> Path:
    """cargo, go, make + cc and Maven logs from real projects (support/build_logs.py); each
    family only where its toolchain is installed."""
    from build_logs import cargo, go, make, maven

    root = CACHE / "nativelogs"
    done = root / ".complete"
    if done.exists():
        return root
    root.mkdir(parents=True, exist_ok=True)
    cargo(root)
    go(root)
    make(root, sdist)
    maven(root, sdist)
    done.write_text("semver 1.0.14, go-cmp + go-difflib, Brotli 1.1.0, JPype 1.5.0\n")
    return root


if __name__ == "__main__":
    import fcntl

    kind = sys.argv[1]
    CACHE.mkdir(parents=True, exist_ok=True)
    # One build of a kind at a time: scripts/test starts the slow ones in the background while
    # the linters run, and a test that needs one meanwhile waits here, then finds it complete.
    with open(CACHE / f".{kind}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        print({"docs": docs, "github": github, "npm": npm, "gitrepo": gitrepo,
               "requests": requests_repo, "flask": flask_repo, "github3": github3, "logs": logs,
               "jslogs": jslogs, "nativelogs": nativelogs}[kind]())
