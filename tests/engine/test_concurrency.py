"""32 hook processes at once must never corrupt the cache, the spill store or the journal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from garrepa_py import journal

from ..support.fake_anthropic import FakeAnthropic
from ..support.state import state_dir

DRIVER = Path(__file__).resolve().parents[1] / "support" / "brief_driver.py"
SRC = Path(__file__).resolve().parents[2] / "src"


def test_32_parallel_processes(project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    sources = []
    for index in range(32):
        variant = index % 4  # four distinct documents, eight writers each
        path = tmp_path / f"source-{index}.txt"
        path.write_text("\n".join(f"doc {variant} line {n}: see https://x.test/items/{variant}-{n}"
                                  for n in range(3000)))
        sources.append(path)
    with FakeAnthropic(reply_text="Items https://x.test/items/0-1 and more.", delay=0.2) as fake:
        env = dict(os.environ, PYTHONPATH=str(SRC), GARREPA_PROVIDER="anthropic",
                   GARREPA_BASE_URL=fake.url, ANTHROPIC_API_KEY="sk-test")
        procs = [subprocess.Popen([sys.executable, str(DRIVER), str(project), str(source)],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for source in sources]
        outputs = [proc.communicate(timeout=120) for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * 32, outputs

    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert len(records) == 32
    assert {r["decision"] for r in records} == {"compress"}
    assert sorted(r["source"] for r in records) == sorted(str(s) for s in sources)

    spills = sorted((state_dir(project) / "spill").iterdir())
    assert len(spills) == 4  # content-addressed: one file per distinct document
    originals = {s.read_text() for s in sources}
    assert {p.read_text() for p in spills} == originals
    for entry in (state_dir(project) / "cache").iterdir():
        assert isinstance(json.loads(entry.read_text()), dict)
    leftovers = [p for p in (state_dir(project)).rglob("*.tmp")]
    assert leftovers == []
