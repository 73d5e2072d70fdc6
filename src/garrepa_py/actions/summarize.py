"""`garrepa summarize`: the hooks' briefing pipeline, for a person or a script."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path

from garrepa_py.config.load import Config
from garrepa_py.engine.brief import ClientFactory, brief
from garrepa_py.engine.types import BriefRequest, Structural
from garrepa_py.guard.secrets import secret_path

MODEL_SECONDS = 60.0
DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".rst", ".txt", ".adoc", ".org", ".html", ".htm")


@dataclass(frozen=True)
class Summary:
    path: str
    status: str  # "briefed" | "short" | "refused" | "skipped"
    reason: str
    briefing: str = ""
    chars_in: int = 0
    chars_out: int = 0
    method: str = ""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def route_for(path: Path, text: str) -> tuple[str, BriefRequest | None]:
    """Which compressor sees this file: a document map, a JSON digest, a git digest, or generic."""
    from garrepa_py.structural import document, generic, git_digest, mcp_result

    label = str(path)
    suffix = path.suffix.lower()
    if suffix in DOC_SUFFIXES or path.name.upper() in ("README", "CHANGELOG", "LICENSE"):
        doc = document.outline(text, label)
        return "read", BriefRequest("read", text, label,
                                    lambda _: Structural(document.render(doc, label, 5000)),
                                    combine=True, model_chars=2200)
    if suffix in (".json", ".jsonl") or text.lstrip()[:1] in ("{", "["):
        return "mcp", BriefRequest("mcp", text, label, lambda _: mcp_result.compress([text]))
    if suffix in (".diff", ".patch") or text.startswith(("diff --git", "commit ")):
        def digest(_: str) -> Structural:
            command = "git show {sha} -- {path}"
            result = (git_digest.digest_log(text, lambda sha, d: command.format(sha=sha,
                                                                                 path=d.path))
                      if text.startswith("commit ") else
                      git_digest.digest_diff(text, lambda d: f"(see {d.path} in the file)"))
            return Structural(result or generic.compress(text).text)

        return "git", BriefRequest("git", text, label, digest, combine=True, model_chars=2500)
    return "generic", BriefRequest("generic", text, label, generic.compress)


def summarize_file(path: Path, config: Config, project: str, question: str | None,
                   client_factory: ClientFactory | None = None) -> Summary:
    from dataclasses import replace

    from garrepa_py.actions.files import Unreadable, read_text

    hit = secret_path(str(path))
    if hit:
        return Summary(str(path), "refused", f"secret path ({hit}); nothing was read or sent")
    try:
        text = read_text(path)
    except Unreadable as exc:
        return Summary(str(path), "skipped", str(exc))
    _, request = route_for(path, text)
    assert request is not None
    recovery = (f"[exact text: {path} itself | any part with `garrepa peek {path} START END` "
                "or Read offset/limit]")
    request = replace(request, recovery=recovery, question=question)
    kwargs = {"client_factory": client_factory} if client_factory else {}
    result = brief(request, config, project, time.monotonic() + MODEL_SECONDS, **kwargs)
    if result.decision != "compress":
        return Summary(str(path), "short", f"{len(text):,} chars: read it whole",
                       chars_in=len(text))
    return Summary(str(path), "briefed", "", result.text, len(text), len(result.text),
                   str(result.journal.get("method", "structural")))
