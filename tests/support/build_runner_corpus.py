"""Real runs of the failures the logs runner must not turn into a pass, and of passing runs of
the tools that print little or nothing when they pass — recorded with their real exit codes.

    .venv/bin/python tests/support/build_runner_corpus.py   → tests/logs/corpus/runner_outcomes.jsonl

Each case is run here for real, as Claude Code's Bash runs the wrapped command (`bash -c`, stderr
into stdout): a tool that is not installed (127), `go test` outside a module, npm with no
package.json, an npm script that exits 3 (also under --silent), a missing build tool, vite's
`error during build:`, tsc and ESLint without their config, and passing mypy, ruff, tsc, ESLint,
go, cargo, npm, make, tox and unittest runs (and a failing tox run). typescript, eslint, vite
and mocha (`npm test` passing and failing) come from the npm registry, tox from PyPI; mypy and
ruff from this project's venv. A case whose tool is missing here is left out. The output is
data for tests/logs/test_runner_outcomes.py (JSON lines: name, command, family, exit_code, log);
the family is what shell/log_command.py names for the command.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "logs" / "corpus" / "runner_outcomes.jsonl"
BARE_PATH = "/usr/bin:/bin"  # none of the tools below is installed there
VENV_BIN = str(REPO / ".venv" / "bin")

Case = tuple[str, str, dict[str, str], dict[str, str]]  # name, command, files, env

PACKAGE = '{"name": "probe", "version": "1.0.0", "private": true, "scripts": %s}'
GO_TEST = 'package ex\n\nimport "testing"\n\nfunc TestOne(t *testing.T) {}\n'
VITE_INDEX = '<!doctype html><script type="module" src="/main.js"></script>\n'
MOCHA_TEST = ('const assert = require("assert");\n'
              'describe("sum", () => { it("adds", () => assert.strictEqual(1, %s)); '
              'it("runs", () => {}); });\n')
ESLINT_CONFIG = 'export default [{rules: {"no-unused-vars": "%s"}}];\n'


TOX_INI = "[tox]\nno_package = true\nenv_list = py\n\n[testenv]\ncommands = python -c \"%s\"\n"


def cases(node_bin: str | None, python_without_pytest: str, tox_bin: str | None) -> list[Case]:
    bare = {"PATH": BARE_PATH}
    venv = {"PATH": f"{VENV_BIN}:{BARE_PATH}"}
    found: list[Case] = [
        ("mypy-not-installed", "mypy src", {}, bare),
        ("ruff-not-installed", "ruff check .", {}, bare),
        ("jest-not-installed", "jest", {}, bare),
        ("vitest-not-installed", "vitest run", {}, bare),
        ("tsc-not-installed", "tsc --noEmit", {}, bare),
        ("eslint-not-installed", "eslint .", {}, bare),
        ("tox-not-installed", "tox -e py311", {}, bare),
        ("pytest-not-installed", "pytest -q", {}, bare),
        ("pytest-module-not-installed", "python -m pytest -q", {},
         {"PATH": f"{python_without_pytest}:{BARE_PATH}"}),
        ("mypy-pass", "mypy ok.py", {"ok.py": "x: int = 1\n"}, venv),
        ("mypy-missing-file", "mypy missing.py", {}, venv),
        ("ruff-pass", "ruff check ok.py", {"ok.py": "x = 1\n"}, venv),
        ("ruff-missing-file", "ruff check missing.py", {}, venv),
        ("pytest-small-pass", "pytest -q", {"test_a.py": "def test_a():\n    pass\n"}, venv),
        ("pytest-small-failure", "pytest -q",
         {"test_a.py": "def test_a():\n    assert 1 == 2\n"}, venv),
        ("pytest-no-tests", "pytest -q", {"a.py": "x = 1\n"}, venv),
        ("pytest-missing-path", "pytest missing_test.py", {}, venv),
        ("pytest-usage-error", "pytest --no-such-option", {}, venv),
        ("unittest-pass", "python -m unittest",
         {"test_a.py": "import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):"
                       "\n        pass\n"}, venv),
        ("unittest-failure", "python -m unittest",
         {"test_a.py": "import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):"
                       "\n        self.assertEqual(1, 2)\n"}, venv),
        ("make-no-makefile", "make", {}, {}),
        ("make-missing-tool", "make build", {"Makefile": "build:\n\tno-such-compiler -o a a.c\n"},
         {}),
        ("make-pass", "make build", {"Makefile": "build:\n\techo built > out.txt\n"}, {}),
        ("make-silent-pass", "make -s build", {"Makefile": "build:\n\ttrue\n"}, {}),
    ]
    if tox_bin is not None:
        tox = {"PATH": f"{tox_bin}:{BARE_PATH}"}
        found += [("tox-pass", "tox -e py", {"tox.ini": TOX_INI % "print(42)"}, tox),
                  ("tox-failure", "tox -e py", {"tox.ini": TOX_INI % "raise SystemExit(3)"}, tox)]
    if shutil.which("go"):
        gocache = {"GOCACHE": str(Path(tempfile.gettempdir()) / "garrepa-corpus-gocache"),
                   "GOPATH": str(Path(tempfile.gettempdir()) / "garrepa-corpus-gopath"),
                   "GOFLAGS": "-mod=mod", "GOPROXY": "off"}
        module = {"go.mod": "module ex\n\ngo 1.19\n", "ex_test.go": GO_TEST,
                  "ex.go": "package ex\n\nfunc One() int { return 1 }\n"}
        found += [
            ("go-test-outside-module", "go test ./...", {"a_test.go": GO_TEST},
             {**gocache, "GO111MODULE": "on"}),
            ("go-test-module-pass", "go test ./...", module, gocache),
            ("go-build-pass", "go build ./...", module, gocache),
            ("go-vet-pass", "go vet ./...", module, gocache),
            ("go-build-syntax-error", "go build ./...",
             {**module, "ex.go": "package ex\n\nfunc One() int { return 1\n"}, gocache),
        ]
    if shutil.which("cargo"):
        crate = {"Cargo.toml": '[package]\nname = "probe"\nversion = "0.1.0"\nedition = "2021"\n',
                 "src/lib.rs": "#[test]\nfn one() { assert_eq!(1, 1); }\n"}
        found += [("cargo-outside-crate", "cargo test", {}, {}),
                  ("cargo-build-pass", "cargo build --offline", crate, {}),
                  ("cargo-test-pass", "cargo test --offline", crate, {})]
    if shutil.which("mvn"):
        found.append(("maven-no-pom", "mvn -B -o test", {}, {}))
    if shutil.which("npm"):
        found += [
            ("npm-no-package-json", "npm test", {}, {}),
            ("npm-script-exit-3", "npm test", {"package.json": PACKAGE % '{"test": "exit 3"}'},
             {}),
            ("npm-silent-script-exit-3", "npm test --silent",
             {"package.json": PACKAGE % '{"test": "exit 3"}'}, {}),
            ("npm-missing-build-tool", "npm run build",
             {"package.json": PACKAGE % '{"build": "vite build"}'}, {}),
            ("npm-script-pass", "npm test",
             {"package.json": PACKAGE % '{"test": "node -e \\"console.log(42)\\""}'}, {}),
        ]
    if node_bin is not None:
        node = {"PATH": f"{node_bin}:{os.environ['PATH']}"}
        tsconfig = '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}'
        vite_package = PACKAGE % '{"build": "vite build"}'
        found += [
            ("tsc-pass", "npx tsc", {"tsconfig.json": tsconfig,
                                     "a.ts": "export const x: number = 1;\n"}, node),
            ("tsc-no-tsconfig", "npx tsc", {}, node),
            ("tsc-missing-file", "npx tsc --noEmit missing.ts", {}, node),
            ("eslint-pass", "npx eslint .", {"eslint.config.js": ESLINT_CONFIG % "error",
                                             "a.js": "export const x = 1;\n"}, node),
            ("eslint-warnings-only", "npx eslint .",
             {"eslint.config.js": ESLINT_CONFIG % "warn", "a.js": "const unused = 1;\n"}, node),
            ("eslint-no-config", "npx eslint a.js", {"a.js": "export const x = 1;\n"}, node),
            ("vite-build-pass", "npm run build",
             {"package.json": vite_package, "index.html": VITE_INDEX,
              "main.js": "console.log(1);\n"}, node),
            ("mocha-pass", "npm test", {"package.json": PACKAGE % '{"test": "mocha"}',
                                        "test/a.js": MOCHA_TEST % "1"}, node),
            ("mocha-failure", "npm test", {"package.json": PACKAGE % '{"test": "mocha"}',
                                           "test/a.js": MOCHA_TEST % "2"}, node),
            ("vite-error-during-build", "npm run build",
             {"package.json": vite_package, "index.html": VITE_INDEX,
              "main.js": 'import "./missing.js";\n'}, node),
        ]
    return found


def node_tools(work: Path) -> str | None:
    """typescript, eslint and vite installed from the registry into `work` (its .bin), or None
    without npm."""
    npm = shutil.which("npm")
    if npm is None:
        return None
    work.mkdir(parents=True, exist_ok=True)
    (work / "package.json").write_text('{"name": "tools", "version": "1.0.0", "private": true}')
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "typescript@5.6.3", "eslint@9.13.0",
                    "vite@5.4.9", "mocha@10.7.3"], cwd=work, check=True, capture_output=True, timeout=600)
    return str(work / "node_modules" / ".bin")


def python_tool(venv: Path, requirement: str) -> str | None:
    """A venv with `requirement` installed from PyPI (its bin folder), or None when pip cannot."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    done = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", requirement],
                          capture_output=True, timeout=600, check=False)
    return str(venv / "bin") if done.returncode == 0 else None


def run(name: str, command: str, files: dict[str, str], env: dict[str, str],
        root: Path) -> dict[str, object]:
    where = root / name
    where.mkdir()
    for relative, text in files.items():
        (where / relative).parent.mkdir(parents=True, exist_ok=True)
        (where / relative).write_text(text)
    environment = {**os.environ, "NO_COLOR": "1", "CI": "1", **env}
    if "node_modules" in env.get("PATH", ""):  # npx finds the tools installed for the corpus
        (where / "node_modules").symlink_to(Path(env["PATH"].split(":", 1)[0]).parent)
    done = subprocess.run(["bash", "-c", command], cwd=where, env=environment,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600,
                          check=False)
    from garrepa_py.shell import log_command

    family = log_command.parse(command) or "generic"
    log = done.stdout.decode("utf-8", "replace").replace(str(where), "/work/probe").replace(
        str(root), "/tmp/corpus")
    return {"name": name, "command": command, "family": family, "exit_code": done.returncode,
            "log": log}


def main() -> None:
    sys.path.insert(0, str(REPO / "src"))
    with tempfile.TemporaryDirectory(prefix="garrepa-runner-corpus-") as temporary:
        root = Path(temporary)
        node_bin = node_tools(root / "tools")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root / "bare")],
                       check=True)
        tox_bin = python_tool(root / "tox", "tox==4.23.2")
        records = [run(*case, root=root)
                   for case in cases(node_bin, str(root / "bare" / "bin"), tox_bin)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(json.dumps(record) + "\n" for record in records))
    for record in records:
        print(f"{record['exit_code']:>4}  {record['name']}")


if __name__ == "__main__":
    main()
