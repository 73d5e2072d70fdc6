"""Build the release diffs the secret guard's precision is measured on (run once, committed).

    .venv/bin/python tests/security/secret_diffs/build.py

Each is `git diff` between two consecutive-enough release sdists from PyPI (fetched and checked
by tests/support/corpus.py), gzipped beside this file. The tests read only the committed files.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.support import corpus  # noqa: E402

RELEASES = {"requests": ("2.31.0", "2.32.3"), "httpx": ("0.26.0", "0.27.0"),
            "urllib3": ("2.1.0", "2.2.0"), "paramiko": ("3.1.0", "3.4.0")}


def main() -> None:
    for name, versions in RELEASES.items():
        repo = corpus.release_repo(name, versions, f"secret-diff-{name}")
        diff = subprocess.run(["git", "-C", str(repo), "diff", "HEAD~1"], capture_output=True,
                              check=True).stdout
        target = HERE / f"{name}-{versions[0]}-{versions[1]}.diff.gz"
        target.write_bytes(gzip.compress(diff, 9, mtime=0))
        print(target.name, len(diff), diff.count(b"\n"))


if __name__ == "__main__":
    main()
