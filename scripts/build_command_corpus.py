"""Builds tests/structural/corpus/: real outputs of everyday commands, for the command-output
digest's tests (tests/structural/test_command_output.py). Run by hand, never by tests.

    .venv/bin/python scripts/build_command_corpus.py

Every output comes from a real run over real packages: `grep -rn`, `grep -rn -C2`, `ls -laR` and
`find .` over the unpacked Django 5.0.6 sdist; `pip install -v` of psycopg2 (builds) and of
psycopg2 with pycairo (fails: no cairo headers) in a fresh venv; `npm install --verbose` of
eslint 8.57.0 and of a left-pad version that does not exist. Each runs with a clean environment
(`env -i`, HOME in the build folder, no pip or npm config) so nothing of this machine's home or
environment is captured. Each is stored xz-compressed with its command, its exit code, its
sha256 and what it was built from in SOURCES.json.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support import corpus  # noqa: E402

OUT = REPO / "tests" / "structural" / "corpus"
BUILD = Path("/tmp/garrepa-command-corpus")
DJANGO = ("Django", "5.0.6")
PIP_PACKAGES = (("psycopg2", "2.9.9"), ("pycairo", "1.26.0"))
NPM = ("eslint@8.57.0", "left-pad@99.99.99")


def clean_env() -> dict[str, str]:
    return {"PATH": f"{BUILD / 'venv' / 'bin'}:/usr/bin:/bin", "HOME": str(BUILD / "home"),
            "PIP_CONFIG_FILE": "/dev/null", "PIP_NO_CACHE_DIR": "1",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CERT": "/etc/ssl/certs/ca-certificates.crt",
            "NODE_EXTRA_CA_CERTS": "/etc/ssl/certs/ca-certificates.crt", "LC_ALL": "C.UTF-8"}


def run(name: str, command: str, cwd: Path) -> dict[str, object]:
    """Runs `command` in a shell (stdout and stderr together, as the Bash tool shows them)."""
    done = subprocess.run(f"{command} 2>&1", shell=True, cwd=cwd, env=clean_env(),
                          capture_output=True, timeout=900, check=False)
    text = done.stdout
    (OUT / f"{name}.txt.xz").write_bytes(lzma.compress(text, preset=9 | lzma.PRESET_EXTREME))
    return {"command": command, "cwd": str(cwd.relative_to(BUILD)), "exit": done.returncode,
            "bytes": len(text), "sha256": hashlib.sha256(text).hexdigest()}


def main() -> None:
    shutil.rmtree(BUILD, ignore_errors=True)
    (BUILD / "home").mkdir(parents=True)
    OUT.mkdir(parents=True, exist_ok=True)
    corpus.sdist(*DJANGO)
    sources = [corpus.sdist_source(*DJANGO)]
    with tarfile.open(corpus.sdist(*DJANGO)) as archive:
        archive.extractall(BUILD, filter="data")
    tree = BUILD / f"{DJANGO[0]}-{DJANGO[1]}"
    outputs = {
        "grep-rn-deprecat": run("grep-rn-deprecat", "grep -rn deprecat .", tree),
        "grep-rn-C2-warnings": run("grep-rn-C2-warnings", "grep -rn -C2 warnings.warn django",
                                   tree),
        "ls-laR": run("ls-laR", "ls -laR .", tree),
        "find": run("find", "find .", tree),
    }
    subprocess.run(["/usr/bin/python3", "-m", "venv", str(BUILD / "venv")], check=True)
    for name, version in PIP_PACKAGES:
        corpus.sdist(name, version)
        sources.append(corpus.sdist_source(name, version))
    pins = [f"{name}=={version}" for name, version in PIP_PACKAGES]
    outputs["pip-install"] = run("pip-install", f"pip install -v {pins[0]}", BUILD)
    outputs["pip-install-fails"] = run("pip-install-fails", f"pip install -v {' '.join(pins)}",
                                       BUILD)
    project = BUILD / "npmproj"
    project.mkdir()
    (project / "package.json").write_text('{"name":"demo","version":"1.0.0","private":true}\n')
    outputs["npm-install"] = run("npm-install", f"npm install --verbose {NPM[0]}", project)
    outputs["npm-install-fails"] = run("npm-install-fails", f"npm install --verbose {NPM[1]}",
                                       project)
    view = subprocess.run(["npm", "view", NPM[0], "dist.tarball", "dist.integrity", "--json"],
                          capture_output=True, text=True, check=True, env=clean_env())
    dist = json.loads(view.stdout)
    sources.append({"package": "eslint", "version": "8.57.0", "from": "npm",
                    "url": dist["dist.tarball"], "integrity": dist["dist.integrity"]})
    (OUT / "SOURCES.json").write_text(json.dumps(
        {"outputs": outputs, "sources": sources, "built_in": str(BUILD)}, indent=1) + "\n")


if __name__ == "__main__":
    main()
