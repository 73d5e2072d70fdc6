"""The instruction check against real documentation: descriptive briefings get through.

The documents are every doc of at least 4,000 chars in the real docs corpus (pytest, click,
httpx, attrs, rich sdists from PyPI). A fake model briefs each from its own headings, as the
prompt asks (line ranges, headings quoted), and the engine runs end to end in-process (door,
validation, stamp). Measured here on 85 documents and 638 heading sentences: 0 briefings
withheld in the prompt's style; written carelessly, with the headings unquoted as if they were
the model's own words, 15 of 85 documents have a sentence flagged (23 of 638 sentences:
imperative headings like "Install pytest." or "Run multiple tests.", and "your" in "Writing
your own plugin."), which is the point: unquoted, they read as requests.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from garrepa_py.config.load import load_config
from garrepa_py.engine import compressors, directives, stamp
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.model.base import ModelReply
from garrepa_py.structural.doc import document

MIN_CHARS = 4000


@dataclass
class HeadingsModel:
    """A model that briefs a document from its top-level headings."""

    reply: str
    name: str = "fake"
    model: str = "fake-haiku"

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        return ModelReply(self.reply, self.model, 10, 10)


def _briefings(path: Path, text: str) -> tuple[str, str, int]:
    outline = document.outline(text, str(path))
    top = min((s.level for s in outline.sections), default=1)
    sections = [s for s in outline.sections if s.level == top][:12]
    if len(sections) < 3:
        sections = list(outline.sections)[:12]
    opening = f"The document has {outline.lines} lines (lines 1-{outline.lines})."
    quoted = [opening] + [f'Lines {s.start}-{s.end} cover "{s.title}".' for s in sections]
    careless = [opening] + [f"Lines {s.start}-{s.end}: {s.title}." for s in sections]
    return "\n\n".join(quoted), "\n\n".join(careless), len(sections)


def _documents(doc_corpus: Path) -> list[tuple[Path, str]]:
    found = [(path, path.read_text("utf-8", "replace")) for path in sorted(doc_corpus.rglob("*"))
             if path.is_file() and path.stat().st_size >= MIN_CHARS]
    return [(path, text) for path, text in found if document.outline(text, str(path)).sections]


def test_descriptive_briefings_of_real_docs_are_delivered(doc_corpus: Path,
                                                         project: Path) -> None:
    config = load_config(project, environ={"GARREPA_PROVIDER": "none"})
    docs = _documents(doc_corpus)
    assert len(docs) >= 60
    withheld, other, delivered = [], [], 0
    for path, text in docs:
        quoted, _, _ = _briefings(path, text)
        model = HeadingsModel(quoted)
        request = BriefRequest("read", text, str(path), compressors.document(str(path), path.name),
                               recovery="[exact text: the file itself]", combine=True,
                               model_chars=None)
        result = brief(request, config, str(project), time.monotonic() + 30,
                       lambda _config, m=model: (m, ""))
        if result.decision != "compress":
            continue
        fallback = result.notes.fallback
        if fallback == "instruction-like":
            withheld.append(path.name)
        elif fallback:
            other.append((path.name, fallback))
        else:
            assert stamp.NOTES_OPEN in result.text
            delivered += 1
    assert delivered >= 60  # 85 of 85 here
    assert withheld == []  # false-positive rate in the prompt's style: 0 of 85
    assert len(other) <= len(docs) // 10, other


def test_careless_paraphrase_is_measured(doc_corpus: Path) -> None:
    docs = _documents(doc_corpus)
    flagged_docs = flagged_sentences = sentences = 0
    for path, text in docs:
        _, careless, count = _briefings(path, text)
        sentences += count
        found = directives.flags(careless, text, first_only=False)
        flagged_docs += bool(found)
        flagged_sentences += len(found)
    # imperative or second-person headings written as the model's own sentences
    assert flagged_sentences <= sentences * 0.06, (flagged_sentences, sentences)
    assert flagged_docs <= len(docs) * 0.25, (flagged_docs, len(docs))
