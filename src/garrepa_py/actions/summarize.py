"""`garrepa summarize`: the hooks' briefing pipeline, for a person or a script."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path

from garrepa_py.config.load import Config
from garrepa_py.engine.brief import ClientFactory, brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.guard.secrets import secret_path

MODEL_SECONDS = 60.0


@dataclass(frozen=True)
class Summary:
    path: str
    status: str  # "briefed" | "short" | "refused" | "skipped"
    reason: str
    briefing: str = ""
    raw_chars: int = 0  # the file's text
    baseline_chars: int = 0  # the file as Claude Code's Read delivers it (numbered, or refused)
    delivered_chars: int = 0  # the briefing (a short file: the same Read as the baseline)
    method: str = ""

    @property
    def net_saved_chars(self) -> int:
        return self.baseline_chars - self.delivered_chars

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "net_saved_chars": self.net_saved_chars}


def read_baseline(path: Path, text: str) -> int:
    """What Claude Code's Read alone delivers for the whole file: its lines numbered, or over
    256 KB its refusal (the agent then reads windows, each numbered)."""
    from garrepa_py import baseline
    from garrepa_py.routes.read import READ_CAP_BYTES

    size = path.stat().st_size
    return baseline.read_error_chars(size) if size > READ_CAP_BYTES \
        else baseline.numbered_chars(text)


def route_for(path: Path, text: str, config: Config) -> tuple[str, BriefRequest]:
    """Which compressor of the one registry sees this file: a document map (by the same rule
    the Read route uses, from config), a JSON digest, a git digest, or the generic briefing."""
    from garrepa_py.engine import compressors
    from garrepa_py.routes.read import is_documentation

    label = str(path)
    if is_documentation(label, config.settings.read):
        kind, compress = "document", compressors.document(label, label)
    elif path.suffix.lower() in (".json", ".jsonl") or text.lstrip()[:1] in ("{", "["):
        kind, compress = "json", compressors.json_blocks([text])
    elif path.suffix.lower() in (".diff", ".patch") or text.startswith(("diff --git", "commit ")):
        kind, compress = "git", compressors.git(
            lambda diff: f"(see {diff.path} in the file)",
            lambda sha, diff: f"git show {sha} -- {diff.path}")
    else:
        kind, compress = "generic", compressors.generic()
    entry = compressors.KINDS[kind]
    from garrepa_py.engine.prompt import GENERIC_INSTRUCTION
    from garrepa_py.routes import registry

    route = registry.BY_NAME.get(entry.route)  # the route's own instruction for its kind
    instruction = route.instruction if route is not None and route.instruction else \
        GENERIC_INSTRUCTION
    return entry.route, BriefRequest(entry.route, text, label, compress, instruction=instruction,
                                     combine=entry.combine,
                                     model_chars=entry.model_chars)


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
    _, request = route_for(path, text, config)
    recovery = (f"[exact text: {path} itself | any part with `garrepa peek {path} START END`, "
                f"`garrepa ask {path} \"question\"` or Read offset/limit]")
    request = replace(request, recovery=recovery, question=question)
    from garrepa_py.actions.person_model import client_for

    result = brief(request, config, project, time.monotonic() + MODEL_SECONDS,
                   client_factory=client_factory or client_for)
    alone = read_baseline(path, text)
    if result.decision != "compress":
        return Summary(str(path), "short", f"{len(text):,} chars: read it whole",
                       raw_chars=len(text), baseline_chars=alone, delivered_chars=alone)
    return Summary(str(path), "briefed", "", result.text, len(text), alone, len(result.text),
                   result.notes.method or "structural")
