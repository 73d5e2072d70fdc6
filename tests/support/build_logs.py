"""Test and build logs from the other toolchains, run for real on real projects at test time.

    jest    Redux Toolkit 1.9.7's own suites (npm; they ship in its tarball), jest 27 + Babel
    vitest  TanStack query-core 5.59.0's own suites (npm), vitest 2.1.3 in jsdom
    cargo   semver 1.0.14's crate (Debian's librust-semver-dev), cargo test / build
    go      go-cmp and go-difflib (Debian's golang-github-*-dev), go test in GOPATH mode
    make    Brotli 1.1.0's C encoder (its PyPI sdist) built by make's own rules and cc
    maven   JPype 1.5.0's Java sources (its PyPI sdist) compiled by Maven offline against
            Debian's maven-repo (libmaven-compiler-plugin-java, libmaven-resources-plugin-java),
            and its own TestNG tests under surefire (libsurefire-java, testng)

Each family is built only where its tool is on the machine (scripts/test installs them where it
can). A fault is put in by editing the real source (an assertion flipped, a type changed) and
what must survive — the failing tests, the error locations — is known from that edit or from the
tool's own machine-readable report (jest --json, go test -json), never from the log's text.
Each log is kept as <name>.log beside <name>.json: command, exit code, failing, where.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path

Edit = tuple[str, str, str, int]  # (file, old, new, how many)


def _edit(tree: Path, edits: list[Edit]) -> dict[str, str]:
    """Apply edits; the originals, to put back."""
    originals: dict[str, str] = {}
    for relative, old, new, count in edits:
        path = tree / relative
        current = path.read_text()
        originals.setdefault(relative, current)
        if old not in current:
            raise RuntimeError(f"{old!r} is not in {relative}")
        path.write_text(current.replace(old, new, count))
    return originals


def _restore(tree: Path, originals: dict[str, str]) -> None:
    for relative, text in originals.items():
        (tree / relative).write_text(text)


def _line_of(tree: Path, relative: str, needle: str) -> int:
    lines = (tree / relative).read_text().split("\n")
    return next(number for number, line in enumerate(lines, start=1) if needle in line)


def _inserted_at(tree: Path, edits: list[Edit]) -> list[tuple[str, int]]:
    """(file, line) of each edit's last inserted line: where the tool must point."""
    return [(relative, _line_of(tree, relative, new.split("\n")[-1]))
            for relative, _, new, _ in edits]


def _unpacked(work: Path, archive_path: Path) -> Path:
    """A fresh `work` folder with the archive (an sdist) unpacked in it."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    with tarfile.open(archive_path) as archive:
        archive.extractall(work, filter="data")
    return work


def _record(root: Path, name: str, command: str, argv: list[str], cwd: Path,
            env: dict[str, str] | None = None, **meta: object) -> int:
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=600, check=False)
    (root / f"{name}.log").write_bytes(done.stdout)
    (root / f"{name}.json").write_text(json.dumps(
        {"command": command, "exit_code": done.returncode, **meta}, indent=1))
    return done.returncode


def jest(root: Path, npm: str, package_of: Callable[..., tuple[Path, Path]]) -> None:
    work, package = package_of(root / "jest.work", npm, "@reduxjs/toolkit@1.9.7", (
        "jest@27", "babel-jest@27", "@babel/core@7", "@babel/preset-env@7",
        "@babel/preset-typescript@7", "immer@9.0.21", "redux@4.2.1", "reselect@4.1.8",
        "redux-thunk@2.4.2", "console-testing-library@0.6.1"))
    (package / "jest.config.json").write_text(json.dumps({
        "testEnvironment": "node",
        "moduleNameMapper": {"^@reduxjs/toolkit$": "<rootDir>/src/index.ts",
                             "^@internal/(.*)$": "<rootDir>/src/$1"},
        "transform": {"\\.[jt]sx?$": ["babel-jest", {"presets": [
            ["@babel/preset-env", {"targets": {"node": "current"}}],
            "@babel/preset-typescript"]}]}}))
    report = work / "jest.json"
    base = ["node", "node_modules/.bin/jest", "--verbose", "--json", f"--outputFile={report}"]
    env = dict(os.environ, CI="true", FORCE_COLOR="1")  # colours, as at a terminal: cleaned
    runs: dict[str, tuple[list[str], list[Edit]]] = {
        # every suite but the two the packaged tarball cannot run cleanly
        "jest-pass": (["--testPathIgnorePatterns", "createAsyncThunk", "serializableState"], []),
        # all of them: two real failures (no AbortController fallback under Node 20) and ten
        # obsolete snapshots, which fail a jest run on their own
        "jest-real-failures": ([], []),
        "jest-failures": (["--testPathIgnorePatterns", "createAsyncThunk", "serializableState"], [
            ("src/entities/tests/sorted_state_adapter.test.ts", "expect(withOneEntity).toEqual(",
             "expect(withOneEntity).not.toEqual(", 2),
            ("src/tests/createSlice.test.ts", ".toEqual(", ".not.toEqual(", 1),
            ("src/tests/matchers.test.ts", "import {", "import {{", 1)]),  # cannot even run
    }
    for name, (flags, edits) in runs.items():
        originals = _edit(package, edits)
        code = _record(root, name, "npx jest --verbose src/entities src/tests " + " ".join(flags), [
            *base, "src/entities", "src/tests", *flags], package, env)
        _restore(package, originals)
        failing = []
        if report.exists():
            for suite in json.loads(report.read_text())["testResults"]:
                relative = os.path.relpath(suite["name"], package)
                if suite.get("status") == "failed" and not any(
                        case["status"] == "failed" for case in suite["assertionResults"]):
                    failing.append(relative)  # the suite did not run
                failing += [case["fullName"] for case in suite["assertionResults"]
                            if case["status"] == "failed"]
            report.unlink()
        meta = json.loads((root / f"{name}.json").read_text())
        (root / f"{name}.json").write_text(json.dumps(dict(meta, failing=failing, exit_code=code),
                                                      indent=1))
    shutil.rmtree(work)


def vitest(root: Path, npm: str, package_of: Callable[..., tuple[Path, Path]]) -> None:
    work, package = package_of(root / "vitest.work", npm, "@tanstack/query-core@5.59.0", (
        "vitest@2.1.3", "jsdom@25", "@testing-library/react@16", "@testing-library/dom@10",
        "react@18", "react-dom@18"))
    tests = "src/__tests__/"
    files = [tests + name for name in ("utils.test.tsx", "queryCache.test.tsx",
                                       "mutations.test.tsx", "focusManager.test.tsx",
                                       "onlineManager.test.tsx", "notifyManager.test.tsx",
                                       "infiniteQueryObserver.test.tsx", "mutationCache.test.tsx")]
    junit = work / "junit.xml"
    base = ["node", "node_modules/.bin/vitest", "run", "--environment", "jsdom",
            "--reporter=verbose", "--reporter=junit", f"--outputFile.junit={junit}"]
    env = dict(os.environ, FORCE_COLOR="1")
    runs: dict[str, list[Edit]] = {
        "vitest-pass": [],
        "vitest-failures": [(tests + "utils.test.tsx", ".toEqual(true)", ".toEqual(false)", 3),
                            (tests + "queryCache.test.tsx", "from './utils'",
                             "from './utils-missing'", 1)]}
    import xml.etree.ElementTree as ElementTree

    for name, edits in runs.items():
        originals = _edit(package, edits)
        code = _record(root, name, "npx vitest run --environment jsdom --reporter=verbose",
                       [*base, *files], package, env)
        _restore(package, originals)
        failing = []
        for case in ElementTree.parse(junit).getroot().iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                failing.append(case.get("name", ""))
        meta = json.loads((root / f"{name}.json").read_text())
        meta.update(failing=failing, exit_code=code,
                    suites=[tests + "queryCache.test.tsx"] if edits else [])
        (root / f"{name}.json").write_text(json.dumps(meta, indent=1))
    shutil.rmtree(work)


ESLINT_CONFIG = """const js = require("@eslint/js");
const globals = require("globals");
module.exports = [js.configs.recommended, {languageOptions: {sourceType: "commonjs",
  globals: {...globals.node}}, rules: {"no-unused-vars": "error", "eqeqeq": "warn"}}];
"""


def eslint(root: Path, npm: str, package_of: Callable[..., tuple[Path, Path]]) -> None:
    """qs 6.17.1's sources and tests from npm under ESLint 9's recommended rules: as they are
    (one real error, warnings) with two faults put in, and one clean file."""
    work, package = package_of(root / "eslint.work", npm, "qs@6.17.1",
                               ("eslint@9", "@eslint/js@9", "globals@15"))
    for stale in [*package.glob(".eslintrc*"), *package.glob("eslint.config.*")]:
        stale.unlink()
    (package / "eslint.config.js").write_text(ESLINT_CONFIG)
    faults: list[Edit] = [("lib/formats.js", "'use strict';", "'use strict';\n\nvar unused = 1;", 1),
                          ("lib/parse.js", "'use strict';", "'use strict';\n\nundefinedCall();", 1)]
    runs: dict[str, tuple[list[str], list[Edit]]] = {
        "eslint-errors": (["lib", "test"], faults), "eslint-clean": (["lib/formats.js"], [])}
    for name, (paths, edits) in runs.items():
        originals = _edit(package, edits)
        where = [f"{relative}:{line}" for relative, line in _inserted_at(package, edits)]
        _record(root, name, "npx eslint " + " ".join(paths),
                ["node", "node_modules/.bin/eslint", *paths], package, failing=[], where=where)
        _restore(package, originals)
    shutil.rmtree(work)


SEMVER = Path("/usr/share/cargo/registry/semver-1.0.14")


def cargo(root: Path) -> None:
    if shutil.which("cargo") is None or not SEMVER.is_dir():
        return
    work = root / "cargo.work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(SEMVER, work)
    manifest = (work / "Cargo.toml").read_text()  # offline: its one optional dependency goes
    manifest = re.sub(r"\[dependencies\.serde\][^\[]*", "", manifest)
    manifest = re.sub(r"\[features\][^\[]*", '[features]\ndefault = ["std"]\nstd = []\n\n',
                      manifest)
    (work / "Cargo.toml").write_text(manifest)
    env = dict(os.environ, CARGO_TERM_COLOR="always", CARGO_TARGET_DIR=str(work / "target"))
    flipped = ("test_eq", "test_ne", "test_align")
    version_rs = "tests/test_version.rs"
    test_edits: list[Edit] = [
        (version_rs, 'assert_eq!(version("1.2.3"), version("1.2.3"));',
         'assert_eq!(version("1.2.3"), version("1.2.4"));', 1),
        (version_rs, 'assert_ne!(version("0.0.0"), version("0.0.1"));',
         'assert_ne!(version("0.0.1"), version("0.0.1"));', 1),
        (version_rs, 'assert_eq!("1.2.3-rc1           "', 'assert_eq!("1.2.3-rc1 "', 1)]
    build_edit: Edit = ("src/display.rs", "impl Display for Version {",
                        "impl Display for Version {\n    const WIDTH: u8 = \"wide\";", 1)
    runs: dict[str, tuple[list[str], list[Edit]]] = {
        "cargo-test-pass": (["test"], []),
        "cargo-test-failures": (["test", "--no-fail-fast"], test_edits),
        "cargo-build-error": (["build"], [build_edit])}
    for name, (arguments, edits) in runs.items():
        originals = _edit(work, edits)
        where = [f"src/display.rs:{_line_of(work, 'src/display.rs', 'WIDTH')}"] \
            if edits and edits[0] == build_edit else []
        _record(root, name, "cargo " + " ".join(arguments),
                ["cargo", *arguments, "--offline"], work, env,
                failing=list(flipped) if edits == test_edits else [], where=where)
        _restore(work, originals)
    shutil.rmtree(work)


GOCODE = Path("/usr/share/gocode/src/github.com")


def go(root: Path) -> None:
    if shutil.which("go") is None or not (GOCODE / "google" / "go-cmp").is_dir() or \
            not (GOCODE / "pmezard" / "go-difflib").is_dir():
        return
    work = root / "go.work"
    shutil.rmtree(work, ignore_errors=True)
    for owner, name in (("google", "go-cmp"), ("pmezard", "go-difflib")):
        shutil.copytree(GOCODE / owner / name, work / "src" / "github.com" / owner / name)
    env = dict(os.environ, GOPATH=str(work), GO111MODULE="off", GOFLAGS="",
               GOCACHE=str(work / "cache"), GOTOOLCHAIN="local")
    packages = ["github.com/google/go-cmp/...", "github.com/pmezard/go-difflib/..."]
    tests = "src/github.com/pmezard/go-difflib/difflib/difflib_test.go"
    flips: list[Edit] = [(tests, "assertEqual(t, s.Ratio(), 0.75)", "assertEqual(t, s.Ratio(), 0.5)", 1),
                         (tests, "assertAlmostEqual(t, sm.Ratio(), 0.995, 3)",
                          "assertAlmostEqual(t, sm.Ratio(), 0.9, 3)", 1),
                         (tests, "assertEqual(t, sm.Ratio(), 1.0)", "assertEqual(t, sm.Ratio(), 2.0)", 1)]
    path_go = "src/github.com/google/go-cmp/cmp/path.go"
    broken: list[Edit] = [(path_go, "type Path []PathStep", "type Path []PathStep\n\nvar width int = \"wide\"", 1)]
    runs = {"go-test-pass": [], "go-test-failures": flips, "go-build-error": broken}
    for name, edits in runs.items():
        originals = _edit(work, edits)
        where = [f"path.go:{_line_of(work, path_go, 'var width')}"] if edits == broken else []
        report = subprocess.run(["go", "test", "-json", *packages], cwd=work, env=env,
                                capture_output=True, text=True, timeout=600, check=False)
        failing = sorted({event["Test"] for line in report.stdout.splitlines()
                          if line.startswith("{") and (event := json.loads(line)).get("Action")
                          == "fail" and event.get("Test")})
        _record(root, name, "go test -v " + " ".join(packages),
                ["go", "test", "-v", *packages], work, env, failing=failing, where=where)
        _restore(work, originals)
    shutil.rmtree(work)


def make(root: Path, sdist: Callable[[str, str], Path]) -> None:
    if shutil.which("make") is None or shutil.which("cc") is None:
        return
    work = _unpacked(root / "make.work", sdist("Brotli", "1.1.0"))
    tree = work / "Brotli-1.1.0"
    objects = ["encode.o", "backward_references.o", "block_splitter.o", "brotli_bit_stream.o",
               "cluster.o", "compress_fragment.o", "entropy_encode.o", "histogram.o",
               "literal_cost.o", "metablock.o", "static_dict.o", "utf8_util.o"]
    broken: list[Edit] = [
        ("c/enc/histogram.c", "#include \"histogram.h\"", "#include \"histogram.h\"\n\n"
         "static int width = missing_width;", 1),
        ("c/enc/cluster.c", "#include \"cluster.h\"", "#include \"cluster.h\"\n\n"
         "static const char* name = 42 +;", 1)]
    runs = {"make-pass": [], "make-errors": broken}
    for name, edits in runs.items():
        originals = _edit(tree, edits)
        where = [f"{Path(relative).name}:{line}" for relative, line in _inserted_at(tree, edits)]
        flags = ["CPPFLAGS=-I../include", "CFLAGS=-Wall"]
        _record(root, name, " ".join(["make", "-k", "-C", "c/enc", *flags, *objects]),
                ["make", "-k", "-C", "c/enc", *flags, *objects], tree,
                dict(os.environ, LC_ALL="C"), failing=[], where=where)
        _restore(tree, originals)
        for built in (tree / "c" / "enc").glob("*.o"):
            built.unlink()
    shutil.rmtree(work)


MAVEN_REPO = Path("/usr/share/maven-repo")
POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.jpype</groupId><artifactId>jpype-java</artifactId><version>1.5.0</version>
  <properties><maven.compiler.source>11</maven.compiler.source>
    <maven.compiler.target>11</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>{dependencies}</dependencies>
  <build><plugins>
    <plugin><groupId>org.apache.maven.plugins</groupId>
      <artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId>
      <artifactId>maven-resources-plugin</artifactId><version>3.3.0</version></plugin>
    <plugin><groupId>org.apache.maven.plugins</groupId>
      <artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin>
  </plugins></build>
</project>
"""


def maven(root: Path, sdist: Callable[[str, str], Path]) -> None:
    plugins = MAVEN_REPO / "org" / "apache" / "maven" / "plugins"
    if shutil.which("mvn") is None or not (plugins / "maven-compiler-plugin" / "3.10.1").is_dir() \
            or not (plugins / "maven-resources-plugin" / "3.3.0").is_dir():
        return
    work = _unpacked(root / "maven.work", sdist("JPype1", "1.5.0"))
    project = work / "project"
    shutil.copytree(work / "JPype1-1.5.0" / "native" / "java", project / "src" / "main" / "java")
    (project / "pom.xml").write_text(POM.format(dependencies=""))
    java = "src/main/java/org/jpype/"
    broken: list[Edit] = [
        (java + "JPypeSignal.java", "public class JPypeSignal\n{", "public class JPypeSignal\n{\n"
         "  static int width = \"wide\";", 1),
        (java + "JPypeUtilities.java", "public class JPypeUtilities\n{",
         "public class JPypeUtilities\n{\n  static String name = missingName();", 1)]
    runs = {"maven-pass": [], "maven-compile-errors": broken}
    for name, edits in runs.items():
        originals = _edit(project, edits)
        where = [f"{Path(relative).name}:[{line}" for relative, line in _inserted_at(project, edits)]
        _record(root, name, "mvn -o -B compile", [
            "mvn", "-o", "-B", f"-Dmaven.repo.local={MAVEN_REPO}", "compile"], project,
            failing=[], where=where)
        _restore(project, originals)
        shutil.rmtree(project / "target", ignore_errors=True)
    if (MAVEN_REPO / "org" / "testng" / "testng" / "debian").is_dir() and \
            (MAVEN_REPO / "org" / "apache" / "maven" / "surefire" / "surefire-testng").is_dir():
        _maven_tests(root, work, project)
    shutil.rmtree(work)


def _maven_tests(root: Path, work: Path, project: Path) -> None:
    """JPype's own TestNG tests of its package manager under surefire (Debian's testng): one
    assertion flipped; the others fail for real outside JPype (no class loader is set)."""
    import xml.etree.ElementTree as ElementTree

    tests = project / "src" / "test" / "java" / "org" / "jpype" / "pkg"
    shutil.copytree(work / "JPype1-1.5.0" / "project" / "jpype_java" / "test" / "org" / "jpype"
                    / "pkg", tests)
    (project / "pom.xml").write_text(POM.format(dependencies=(
        "<dependency><groupId>org.testng</groupId><artifactId>testng</artifactId>"
        "<version>debian</version><scope>test</scope></dependency>")))
    _edit(project, [("src/test/java/org/jpype/pkg/JPypePackageNGTest.java",
                     'assertTrue(JPypePackageManager.isPackage("java"));',
                     'assertFalse(JPypePackageManager.isPackage("java"));', 1)])
    _record(root, "maven-test-failures", "mvn -o -B test", [
        "mvn", "-o", "-B", f"-Dmaven.repo.local={MAVEN_REPO}", "test"], project, failing=[
        ], where=["JPypePackageNGTest.java:51"])
    failing = [f"{case.get('name')}({case.get('classname')})"
               for report in (project / "target" / "surefire-reports").glob("TEST-*.xml")
               for case in ElementTree.parse(report).getroot().iter("testcase")
               if case.find("failure") is not None or case.find("error") is not None]
    meta = json.loads((root / "maven-test-failures.json").read_text())
    (root / "maven-test-failures.json").write_text(json.dumps(dict(meta, failing=failing),
                                                              indent=1))
