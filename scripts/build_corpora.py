"""Builds the committed corpora under tests/corpora/: run by hand to refresh them, never by tests.

    .venv/bin/python scripts/build_corpora.py [KIND ...] [--keep FAMILY ...]

Each kind is built by tests/support/corpus.py in a fixed temporary folder (so the paths tools
print are the same on every rebuild), validated (tests/support/corpus_check.py: a toolchain that
did not really run is an error, not a corpus), packed deterministically (an xz tar with sorted
members and fixed owners and times, or a git bundle for the release repositories) and pinned in
tests/corpora/MANIFEST.json with what it was built from. A family whose toolchain is missing or
broken is an error naming what to install; `--keep FAMILY` keeps that family's committed runs
instead. With no KIND every kind is built.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import lzma
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "support"))  # corpus.py imports build_logs by that name

import build_logs  # type: ignore[import-not-found]  # noqa: E402
from tests.support import corpora, corpus, corpus_check  # noqa: E402

BUILD = Path(tempfile.gettempdir()) / "garrepa-corpora-build"
FILE_KINDS: dict[str, Callable[[], Path]] = {
    "docs": corpus.docs, "prose": corpus.prose, "refdocs": corpus.refdocs,
    "datatext": corpus.datatext, "github": corpus.github,
    "npm": corpus.npm, "logs": corpus.logs,
    "jslogs": corpus.jslogs, "nativelogs": corpus.nativelogs}
REPO_KINDS: dict[str, tuple[str, tuple[str, ...], Callable[[], Path]]] = {
    "gitrepo": ("click", corpus.GIT_RELEASES, corpus.gitrepo),
    "requests": ("requests", corpus.REQUESTS_RELEASES, corpus.requests_repo),
    "flask": ("flask", corpus.FLASK_RELEASES, corpus.flask_repo)}
FAMILIES = {"logs": ("pytest", "mypy", "ruff", "tape", "tsc"),
            "jslogs": ("jest", "vitest", "eslint"),
            "nativelogs": ("cargo", "go", "make", "maven")}
PYTHON = [sys.executable, "-m"]
# family → (version commands, paths it builds from, Debian packages that provide them)
TOOLCHAINS: dict[str, tuple[list[list[str]], list[Path], tuple[str, ...]]] = {
    "pytest": ([PYTHON + ["pytest", "--version"]], [], ()),
    "mypy": ([PYTHON + ["mypy", "--version"]], [], ()),
    "ruff": ([PYTHON + ["ruff", "--version"]], [], ()),
    **{family: ([["node", "--version"], ["npm", "--version"]], [], ("nodejs", "npm"))
       for family in ("tape", "tsc", "jest", "vitest", "eslint")},
    "cargo": ([["cargo", "--version"], ["rustc", "--version"]], [build_logs.SEMVER],
              ("cargo", "librust-semver-dev")),
    "go": ([["go", "version"]], [build_logs.GOCODE / "google" / "go-cmp",
                                 build_logs.GOCODE / "pmezard" / "go-difflib"],
           ("golang-go", "golang-github-google-go-cmp-dev", "golang-github-pmezard-go-difflib-dev")),
    "make": ([["make", "--version"], ["cc", "--version"]], [], ("make", "gcc")),
    "maven": ([["mvn", "--version"], ["java", "-version"]],
              [build_logs.MAVEN_REPO / "org/apache/maven/plugins/maven-compiler-plugin/3.10.1",
               build_logs.MAVEN_REPO / "org/apache/maven/plugins/maven-resources-plugin/3.3.0",
               build_logs.MAVEN_REPO / "org/testng/testng/debian"],
              ("maven", "libmaven-compiler-plugin-java", "libmaven-resources-plugin-java",
               "libsurefire-java", "testng")),
}
NATIVE_BUILDERS = ("cargo", "go", "make", "maven")  # build_logs functions of those names


class BuildError(Exception):
    """A corpus that must not be kept; the message names the fix."""


def toolchain(family: str) -> tuple[dict[str, str], list[dict[str, str]]]:
    """({command: first line of its version}, Debian sources) of a family, or BuildError
    naming what to install when a tool is absent or does not run."""
    commands, paths, packages = TOOLCHAINS[family]
    install = f"apt-get install {' '.join(packages)}" if packages else \
        ".venv/bin/python -m pip install -e '.[test]'"
    versions: dict[str, str] = {}
    for command in commands:
        if shutil.which(command[0]) is None:
            raise BuildError(f"{family}: {command[0]} is not installed ({install})")
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        said = corpus_check.ANSI.sub("", done.stdout + done.stderr).strip()
        broken = [p for p in corpus_check.TOOLCHAIN_FAILURES if re.search(p, said, re.M)]
        if done.returncode != 0 or broken or not said:
            raise BuildError(f"{family}: `{' '.join(command[-2:])}` does not run "
                             f"({said.splitlines()[0] if said else done.returncode}); {install}")
        versions[" ".join(Path(command[0]).name if i == 0 else part
                          for i, part in enumerate(command))] = said.splitlines()[0]
    for path in paths:
        if not path.is_dir():
            raise BuildError(f"{family}: {path} is missing ({install})")
    debian = []
    for package in packages:
        done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True,
                              text=True, check=False)
        if done.returncode == 0 and done.stdout:
            debian.append({"package": package, "version": done.stdout, "from": "Debian"})
    return versions, debian


class Sources:
    """What one build fetched, recorded by wrapping corpus.py's fetchers."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []
        self._sdist = corpus.sdist
        self._npm_package = corpus._npm_package

    def sdist(self, name: str, version: str) -> Path:
        path = self._sdist(name, version)
        item = corpus.sdist_source(name, version)
        if item not in self.items:
            self.items.append(item)
        return path

    def npm_package(self, work: Path, npm: str, spec: str,
                    tools: tuple[str, ...]) -> tuple[Path, Path]:
        work, package = self._npm_package(work, npm, spec, tools)
        tgz = next(work.glob("*.tgz"))
        manifest = json.loads((package / "package.json").read_text())
        registry = subprocess.run([npm, "config", "get", "registry"], capture_output=True,
                                  text=True, check=True).stdout.strip().rstrip("/")
        name, version = manifest["name"], manifest["version"]
        installed = {}
        for tool in tools:
            tool_name = tool[:tool.rindex("@")] if "@" in tool[1:] else tool
            meta = package / "node_modules" / tool_name / "package.json"
            installed[tool] = json.loads(meta.read_text())["version"] if meta.exists() else "?"
        self.items.append({"package": name, "version": version, "from": "npm",
                           "url": f"{registry}/{name}/-/{name.split('/')[-1]}-{version}.tgz",
                           "sha256": hashlib.sha256(tgz.read_bytes()).hexdigest(),
                           "tools_installed": installed})
        return work, package

    def __enter__(self) -> Sources:
        corpus.sdist, corpus._npm_package = self.sdist, self.npm_package
        return self

    def __exit__(self, *_: object) -> None:
        corpus.sdist, corpus._npm_package = self._sdist, self._npm_package


def pack_tar(root: Path, archive: Path) -> int:
    """An xz tar of root's files, the same bytes for the same files: sorted, owner 0, mtime 0.
    Returns the file count. Build markers (.complete) are left out."""
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.name != ".complete")
    with open(archive, "wb") as raw, \
            lzma.open(raw, "wb", preset=9, check=lzma.CHECK_CRC64) as xz, \
            tarfile.open(fileobj=xz, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path in files:
            info = tarfile.TarInfo(path.relative_to(root).as_posix())
            info.size, info.mtime, info.mode = path.stat().st_size, 0, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with open(path, "rb") as source:
                tar.addfile(info, source)
    return len(files)


def pack_bundle(root: Path, archive: Path) -> dict[str, Any]:
    subprocess.run(["git", "-C", str(root), "-c", "pack.threads=1", "bundle", "create", "-q",
                    str(archive), "HEAD", "main"], check=True)
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    return {"head": head, "files": len(files)}


def check_files(kind: str, root: Path, kept: set[str]) -> None:
    """The kind's own checks: every expected file there and each one what it claims to be."""
    problems: list[str] = []
    if kind in ("docs", "prose", "refdocs"):
        sdists = {"docs": corpus.DOC_SDISTS, "prose": corpus.PROSE_SDISTS,
                  "refdocs": corpus.REFDOC_SDISTS}[kind]
        for name, version in sdists:
            if not (root / f"{name}-{version}").is_dir():
                problems.append(f"no documents of {name} {version}")
    elif kind == "datatext":
        for (name, version), wanted in corpus.DATA_FILES.items():
            problems += [f"no {path} in {name} {version}" for path in wanted
                         if not (root / f"{name}-{version}" / path).is_file()]
    elif kind in ("github", "npm"):
        for path in root.glob("*.json"):
            json.loads(path.read_text())
        names = {p.stem for p in root.glob("*.json")}
        if kind == "npm" and names != set(corpus.NPM_PACKAGES):
            problems.append(f"npm documents {sorted(names)} are not {corpus.NPM_PACKAGES}")
        if kind == "github" and len(names) < 100:
            problems.append(f"only {len(names)} GitHub responses")
    else:
        problems += corpus_check.problems_of_corpus(root)
        runs = {p.stem for p in root.glob("*.json")}
        for family in FAMILIES[kind]:
            wanted = {n for n in corpus_check.EXPECTED if n.split("-")[0] == family}
            if family not in kept and not wanted <= runs:
                problems.append(f"{family}: runs {sorted(wanted - runs)} were not recorded")
    if problems:
        raise BuildError(f"{kind}: " + "; ".join(problems))


def restore_kept(kind: str, root: Path, families: set[str]) -> list[dict[str, Any]]:
    """Put back the committed runs of `families` (their toolchains are missing here)."""
    if not families:
        return []
    if kind not in corpora.manifest():
        raise BuildError(f"{kind}: --keep {' '.join(sorted(families))}: nothing committed to keep")
    previous = corpora.load(kind)
    for path in previous.iterdir():
        if path.name.split("-")[0] in families:
            shutil.copy(path, root / path.name)
    entry = corpora.manifest()[kind]
    return [item for item in entry.get("families", []) if item["family"] in families]


def build(kind: str, keep: set[str]) -> dict[str, Any]:
    if BUILD.exists():
        shutil.rmtree(BUILD)
    BUILD.mkdir(parents=True)
    corpus.CACHE = BUILD
    families: list[dict[str, Any]] = []
    skipped: set[str] = set()
    for family in FAMILIES.get(kind, ()):
        try:
            versions, debian = toolchain(family)
        except BuildError:
            if family not in keep:
                raise
            skipped.add(family)
            continue
        families.append({"family": family, "tools": versions, "sources": debian})
    originals = {name: getattr(build_logs, name) for name in NATIVE_BUILDERS}
    for name in NATIVE_BUILDERS:
        if name in skipped:
            setattr(build_logs, name, lambda *_: None)
    try:
        with Sources() as sources:
            if kind in REPO_KINDS:
                root = REPO_KINDS[kind][2]()
            else:
                root = FILE_KINDS[kind]()
    finally:
        for name, function in originals.items():
            setattr(build_logs, name, function)
    if kind in FAMILIES:
        for path in list(root.iterdir()):
            if path.name.split("-")[0] in skipped:
                path.unlink()  # a broken toolchain's runs are never kept
        families += restore_kept(kind, root, skipped)
    entry: dict[str, Any] = {}
    corpora.FOLDER.mkdir(exist_ok=True)
    if kind in REPO_KINDS:
        name, versions, _ = REPO_KINDS[kind]
        check_repo(root, name, versions)
        archive = corpora.FOLDER / f"{kind}.bundle"
        entry.update(pack_bundle(root, archive), releases=list(versions))
    else:
        check_files(kind, root, skipped)
        archive = corpora.FOLDER / f"{kind}.tar.xz"
        entry["files"] = pack_tar(root, archive)
    data = archive.read_bytes()
    entry = {"archive": archive.name, "sha256": hashlib.sha256(data).hexdigest(),
             "bytes": len(data), **entry, "sources": sources.items}
    if kind == "npm":
        entry["sources"] = npm_view_sources(root)
    if families:
        entry["families"] = families
    entry["built_with"] = {"python": platform.python_version(), "machine": platform.machine()}
    return entry


def check_repo(root: Path, name: str, versions: tuple[str, ...]) -> None:
    subjects = subprocess.run(["git", "-C", str(root), "log", "--reverse", "--format=%s"],
                              capture_output=True, text=True, check=True).stdout.splitlines()
    if subjects != [f"Release {name} {version}" for version in versions]:
        raise BuildError(f"{name}: the repository's commits are {subjects}")


def npm_view_sources(root: Path) -> list[dict[str, Any]]:
    npm_version = subprocess.run(["npm", "--version"], capture_output=True, text=True,
                                 check=True).stdout.strip()
    out = []
    for path in sorted(root.glob("*.json")):
        document = json.loads(path.read_text())
        out.append({"package": document["name"], "version": document.get("version"),
                    "from": "npm", "command": f"npm view {document['name']} --json",
                    "npm": npm_version, "sha256": hashlib.sha256(path.read_bytes()).hexdigest()})
    return out


def main() -> None:
    kinds = [*FILE_KINDS, *REPO_KINDS]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="*", choices=kinds, metavar="KIND",
                        help=f"what to build ({', '.join(kinds)}); all when none is named")
    parser.add_argument("--keep", action="append", default=[], metavar="FAMILY",
                        choices=sorted(TOOLCHAINS),
                        help="keep this family's committed runs where its toolchain is missing")
    args = parser.parse_args()
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{BUILD}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time: BUILD is a fixed folder
        for kind in args.kinds or kinds:
            try:
                entry = build(kind, set(args.keep))
            except BuildError as error:
                sys.exit(f"error: {error}")
            manifest = corpora.manifest() if corpora.MANIFEST.exists() else {}
            manifest[kind] = entry
            corpora.MANIFEST.write_text(json.dumps(dict(sorted(manifest.items())), indent=1)
                                        + "\n")
            print(f"{kind}: {entry['archive']} {entry['bytes']:,} bytes, sha256 "
                  f"{entry['sha256'][:12]}")
        shutil.rmtree(BUILD, ignore_errors=True)


if __name__ == "__main__":
    main()
